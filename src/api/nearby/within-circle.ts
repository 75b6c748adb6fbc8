import type { DataStore } from '../data-products.ts';
import type { StoredNearbyEntry } from '../../schema/nearby.ts';
import { cellsCovering, levelFor } from './cell-grid.ts';
import { haversineKm, type Point } from './sphere.ts';

export interface Found {
  entry: StoredNearbyEntry;
  /** Exact, for the order and cursors; answers show it to the metre. */
  distanceKm: number;
}

/** Nearest first, then by slug: the order of every nearby list and of its cursors. */
export const compareFound = (a: Pick<Found, 'distanceKm'> & { slug: string }, b: Pick<Found, 'distanceKm'> & { slug: string }): number =>
  a.distanceKm - b.distanceKm || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

/** Every landmark within `radiusKm` of `centre`, nearest first, read from the few cells of the nearby index the circle touches. */
export async function landmarksWithin(store: Pick<DataStore, 'nearbyCell'>, centre: Point, radiusKm: number): Promise<Found[]> {
  const cells = await Promise.all(cellsCovering(levelFor(radiusKm), centre, radiusKm).map((key) => store.nearbyCell(key)));
  const found: Found[] = [];
  for (const entry of cells.flat()) {
    const distanceKm = haversineKm(centre, entry.coordinates);
    if (distanceKm <= radiusKm) found.push({ entry, distanceKm });
  }
  return found.sort((a, b) => compareFound({ distanceKm: a.distanceKm, slug: a.entry.slug }, { distanceKm: b.distanceKm, slug: b.entry.slug }));
}
