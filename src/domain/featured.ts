import type { StoredLandmarkSummary } from '../schema/api.ts';
import { addDays, dayOf } from '../schema/calendar.ts';
import { firstInOrder } from './first-in-order.ts';
import { summaryForDays, type DayRange } from './summary-for-days.ts';

export const popularCount = 50;
export const randomCount = 12;

/** A landmark's popularity: its Wikipedia language editions, below every count read when not read yet. */
export const popularityOf = (landmark: { wikipediaEditions: number | null }): number => landmark.wikipediaEditions ?? -1;

/**
 * The most popular landmarks by Wikipedia language editions. Landmarks whose count has not been
 * read yet follow those with one, ordered by how much there is to read about them, then by name.
 */
export function popularLandmarks(landmarks: readonly StoredLandmarkSummary[], count = popularCount): StoredLandmarkSummary[] {
  return firstInOrder(
    landmarks,
    count,
    (a, b) =>
      popularityOf(b) - popularityOf(a) ||
      b.reportCount - a.reportCount ||
      a.name.localeCompare(b.name, 'en') ||
      (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
  );
}

/** `count` distinct indexes below `total` (all of them when there are fewer), from the given randomness. */
export function distinctRandomIndexes(total: number, count: number, random: () => number): number[] {
  const wanted = Math.min(count, total);
  const chosen = new Set<number>();
  while (chosen.size < wanted) chosen.add(Math.floor(random() * total));
  return [...chosen];
}

/**
 * The popular landmarks' file stays within this, whatever the skew of the reports: the Worker
 * parses it on every featured request of a fresh isolate, which a static file costs 7 ms of CPU to serve.
 */
export const featuredFileBytes = 1_000_000;

/** The popular landmarks, cut to the days they answer from the file alone. */
export interface PopularForDays {
  days: DayRange;
  landmarks: StoredLandmarkSummary[];
}

/** From a year down to one day: the first whose file fits is kept. */
const dayCounts = [366, 183, 92, 46, 23, 12, 6, 3, 1, 0];

/**
 * The popular landmarks cut to the longest run of days, from the latest confirmation in the
 * catalogue, whose file fits in featuredFileBytes. Today is never before that day, so a deploy
 * answers today from this file for as long as the run lasts (a year at most skews); another day
 * is answered from the whole summaries. Derived from the content alone, not from the day of the
 * build, so that a rebuild makes the file a cold build makes.
 */
export function popularForDays(popular: readonly StoredLandmarkSummary[], everyLandmark: readonly StoredLandmarkSummary[]): PopularForDays {
  const first = latestConfirmationDay(everyLandmark);
  const encoder = new TextEncoder();
  for (const count of dayCounts) {
    const days = { first, last: addDays(first, count) };
    const cut = { days, landmarks: popular.map((landmark) => summaryForDays(landmark, days)) };
    if (count === 0 || encoder.encode(JSON.stringify(cut)).length <= featuredFileBytes) return cut;
  }
  throw new Error('unreachable: the last day count is taken whatever its size');
}

/** The day of the latest confirmation of any report: every landmark's most recently confirmed report opens its timeline. */
function latestConfirmationDay(landmarks: readonly StoredLandmarkSummary[]): string {
  let latest = '';
  for (const landmark of landmarks) {
    const confirmed = landmark.conditionTimeline[0]?.lastConfirmedAt;
    const day = confirmed === undefined ? '' : dayOf(confirmed);
    if (day > latest) latest = day;
  }
  // No report yet: every answer is "unknown", whatever the day.
  return latest || '1970-01-01';
}

/** Whether `day` is one that the cut file answers. */
export const answersDay = ({ days }: PopularForDays, day: string): boolean => days.first <= day && day <= days.last;
