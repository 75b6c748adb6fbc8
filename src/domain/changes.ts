import type { StoredChange, CatalogueReport } from '../schema/api.ts';
import { reportIdPattern } from '../schema/report-frontmatter.ts';
import { reportUrlsOf, siteUrls } from './urls.ts';

/** A position in the changes feed: reports are ordered by update time, then id. */
export interface ChangePosition {
  updatedAt: string;
  id: string;
}

/** Without `updated_since`, the feed starts this many days before the request. */
export const defaultChangesWindowDays = 30;

/** A report's entry in the changes feed, its addresses made from its id and the site's URL. */
export function changeOf(report: CatalogueReport, siteUrl: string): StoredChange {
  const { id, landmark, condition, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind, updatedAt } = report;
  return { id, landmark, condition, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind, updatedAt, urls: reportUrlsOf(id, siteUrls(siteUrl)) };
}

/** Update timestamps are all written `YYYY-MM-DDTHH:MM:SSZ`, so they compare as strings. */
export function compareChangePositions(a: ChangePosition, b: ChangePosition): number {
  return a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const ordersMade = new WeakMap<readonly CatalogueReport[], readonly number[]>();

/**
 * The positions of `reports` in the order of the changes feed. Made once per list of reports: the
 * API data, the feed, the examples and the home page all ask for it. The list must not change
 * afterwards (a catalogue's does not).
 *
 * Sorted by update times as numbers, ties broken by position when the list is in id order (a
 * catalogue's is), by id otherwise: comparing the timestamps as strings took 22 s over a million
 * reports with varied times, as numbers 4 s (measured on a busy machine).
 */
export function changeOrder(reports: readonly CatalogueReport[]): readonly number[] {
  let order = ordersMade.get(reports);
  if (!order) {
    const times = Float64Array.from(reports, ({ updatedAt }) => Date.parse(updatedAt));
    let inIdOrder = true;
    for (let index = 1; index < reports.length && inIdOrder; index++) inIdOrder = reports[index - 1]!.id < reports[index]!.id;
    const byId = (a: number, b: number) => (inIdOrder ? a - b : compareChangePositions(reports[a]!, reports[b]!));
    order = Array.from(Uint32Array.from(reports.keys()).sort((a, b) => times[a]! - times[b]! || byId(a, b)));
    ordersMade.set(reports, order);
  }
  return order;
}

/** The last `count` changes in the feed's order (given, or made here), the latest last. */
export function lastChanges(reports: readonly CatalogueReport[], siteUrl: string, count: number, order = changeOrder(reports)): StoredChange[] {
  return order.slice(-count).map((index) => changeOf(reports[index]!, siteUrl));
}

export function isChangePosition(value: unknown): value is ChangePosition {
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 2) return false;
  const candidate = value as Partial<ChangePosition>;
  return (
    typeof candidate.updatedAt === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(candidate.updatedAt) &&
    typeof candidate.id === 'string' &&
    reportIdPattern.test(candidate.id)
  );
}
