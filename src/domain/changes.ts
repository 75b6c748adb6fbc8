import type { StoredChange, CatalogueReport } from '../schema/api.ts';
import { reportIdPattern } from '../schema/report-frontmatter.ts';
import { reportColumnsOf } from './report-columns.ts';
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

/** A position as its change's key in a chunk of the feed: the time, a space, the id (neither holds a space). */
export const changeKeyOf = ({ updatedAt, id }: ChangePosition): string => `${updatedAt} ${id}`;

/** The position a change's key names (changeKeyOf). */
export function changePositionOfKey(key: string): ChangePosition {
  const space = key.indexOf(' ');
  return { updatedAt: key.slice(0, space), id: key.slice(space + 1) };
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
 * When the list is in id order (a catalogue's is), ties of time are broken by position: a stable
 * sort by the seconds since the earliest update, two passes of a counting sort by 16 bits, gives
 * the order without comparing. Over a million reports a sort calling a comparison took 4 s
 * (measured on a busy machine; comparing timestamps as strings, 22 s), sorting each report's time
 * and position packed in one number 230–350 ms, the counting sort 80 ms (measured alone).
 * Otherwise, or when the times are not whole seconds within 136 years, the comparison sorts.
 */
export function changeOrder(reports: readonly CatalogueReport[]): readonly number[] {
  let order = ordersMade.get(reports);
  if (!order) {
    const { updatedTimes, inIdOrder } = reportColumnsOf(reports);
    const positions = (inIdOrder ? secondsOrder(updatedTimes) : undefined) ?? comparedOrder(reports, updatedTimes);
    // A loop, not Array.from: over a million positions it took a tenth of a second.
    const array = new Array<number>(positions.length);
    for (let index = 0; index < positions.length; index++) array[index] = positions[index]!;
    order = array;
    ordersMade.set(reports, order);
  }
  return order;
}

/** The positions of `times` by time, ties in position order; undefined unless each is a whole second, all within 2^32 s of the earliest. */
function secondsOrder(times: Float64Array): Uint32Array | undefined {
  let earliest = Infinity;
  let latest = -Infinity;
  for (const time of times) {
    if (!Number.isInteger(time / 1000)) return undefined;
    earliest = Math.min(earliest, time);
    latest = Math.max(latest, time);
  }
  const count = times.length;
  if (count > 0 && (latest - earliest) / 1000 > 0xffffffff) return undefined;
  const seconds = new Uint32Array(count);
  for (let index = 0; index < count; index++) seconds[index] = (times[index]! - earliest) / 1000;
  let order = new Uint32Array(count);
  for (let index = 0; index < count; index++) order[index] = index;
  let sorted = new Uint32Array(count);
  const starts = new Uint32Array(0x10000);
  // The low 16 bits, then the high: each pass keeps the order of the one before among equal digits.
  for (const shift of [0, 16]) {
    starts.fill(0);
    for (let index = 0; index < count; index++) starts[(seconds[order[index]!]! >>> shift) & 0xffff]!++;
    for (let digit = 0, start = 0; digit < starts.length; digit++) {
      const digitCount = starts[digit]!;
      starts[digit] = start;
      start += digitCount;
    }
    for (let index = 0; index < count; index++) {
      const position = order[index]!;
      sorted[starts[(seconds[position]! >>> shift) & 0xffff]!++] = position;
    }
    [order, sorted] = [sorted, order];
  }
  return order;
}

/** The feed's order by comparing update times as numbers, then ids. */
function comparedOrder(reports: readonly CatalogueReport[], times: Float64Array): Uint32Array {
  return Uint32Array.from(reports.keys()).sort((a, b) => times[a]! - times[b]! || compareChangePositions(reports[a]!, reports[b]!));
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
