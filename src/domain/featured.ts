import type { StoredLandmarkSummary } from '../schema/api.ts';

export const popularCount = 50;
export const randomCount = 12;

/** A landmark's popularity: its Wikipedia language editions, below every count read when not read yet. */
export const popularityOf = (landmark: { wikipediaEditions: number | null }): number => landmark.wikipediaEditions ?? -1;

/**
 * The most popular landmarks by Wikipedia language editions. Landmarks whose count has not been
 * read yet follow those with one, ordered by how much there is to read about them, then by name.
 */
export function popularLandmarks(landmarks: readonly StoredLandmarkSummary[], count = popularCount): StoredLandmarkSummary[] {
  return [...landmarks]
    .sort(
      (a, b) =>
        popularityOf(b) - popularityOf(a) ||
        b.reportCount - a.reportCount ||
        a.name.localeCompare(b.name, 'en') ||
        (a.slug < b.slug ? -1 : 1),
    )
    .slice(0, count);
}

/** `count` distinct indexes below `total` (all of them when there are fewer), from the given randomness. */
export function distinctRandomIndexes(total: number, count: number, random: () => number): number[] {
  const wanted = Math.min(count, total);
  const chosen = new Set<number>();
  while (chosen.size < wanted) chosen.add(Math.floor(random() * total));
  return [...chosen];
}
