import type { RecheckEntry, CatalogueLandmark, StoredRecheckEntry } from '../schema/api.ts';
import { popularityOf } from './featured.ts';

/**
 * The landmarks to check again: those with no report in effect on a day, most popular first, as a
 * help-wanted list for visitors (the /recheck page) and agents (operations/list-landmarks-to-recheck.ts). Stored for
 * every landmark in that order; whether one needs checking is decided as the request is answered.
 */

/** The order of the list and the position its cursors name: most Wikipedia editions first, then slug. */
export interface RecheckPosition {
  popularity: number;
  slug: string;
}

export const recheckPositionOf = (entry: { slug: string; wikipediaEditions: number | null }): RecheckPosition => ({ popularity: popularityOf(entry), slug: entry.slug });

export const compareRecheckPositions = (a: RecheckPosition, b: RecheckPosition): number => b.popularity - a.popularity || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

export const isRecheckPosition = (value: unknown): value is RecheckPosition =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 2 &&
  Number.isInteger((value as RecheckPosition).popularity) && typeof (value as RecheckPosition).slug === 'string';

/**
 * The stretches of days on which some report of the landmark is in effect, merged, keeping those that
 * end on or after `notBefore` (the newest observation of the data set: no request asks about an
 * earlier day's list, and a landmark with a thousand old reports keeps a few stretches).
 */
function periodsInEffect(landmark: CatalogueLandmark, notBefore: string): [string, string][] {
  const periods = landmark.reports
    .filter((report) => report.currentUntil >= notBefore)
    .map((report): [string, string] => [report.from, report.currentUntil])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: [string, string][] = [];
  for (const [from, until] of periods) {
    const previous = merged[merged.length - 1];
    if (previous && from <= previous[1]) previous[1] = until > previous[1] ? until : previous[1];
    else merged.push([from, until]);
  }
  return merged;
}

export function recheckEntryOf(landmark: CatalogueLandmark, notBefore: string): StoredRecheckEntry {
  return {
    slug: landmark.slug,
    name: landmark.name,
    location: landmark.location,
    wikipediaEditions: landmark.wikipediaEditions,
    urls: landmark.urls,
    lastReport: landmark.currentCondition,
    periods: periodsInEffect(landmark, notBefore),
  };
}

/** Whether nothing is known to be in effect at the landmark on `day`. */
export const needsRecheck = (entry: StoredRecheckEntry, day: string): boolean => !entry.periods.some(([from, until]) => from <= day && day <= until);

export function presentRecheckEntry(entry: StoredRecheckEntry, day: string): RecheckEntry {
  const { lastReport, periods, ...landmark } = entry;
  return {
    ...landmark,
    lastReport: lastReport && { ...lastReport, isCurrent: false },
    announcedFrom: periods.find(([from]) => from > day)?.[0] ?? null,
  };
}
