import type { CatalogueReport } from '../schema/api.ts';
import { instantOf } from '../schema/calendar.ts';
import { fnv1aOf } from './buckets.ts';

/**
 * What the files made over all of a catalogue's reports read of each, gathered in one pass: the
 * report buckets, the downloads' parts, the changes feed's chunks and the table of report texts
 * bucket, cut or find reports by their ids' hashes; the changes feed orders them by update time;
 * the recheck list starts at the newest observation. Each of those passes over a million reports
 * read back from the kept catalogue took 1.5–3 s of a one-report rebuild, nearly all of it in
 * reaching reports spread over more than a gigabyte of heap, not in what it did with them.
 */
export interface ReportColumns {
  /** fnv1aOf each report's id. */
  idHashes: Uint32Array;
  /** instantOf each report's updatedAt. */
  updatedTimes: Float64Array;
  /** Whether the ids ascend (a catalogue's do). */
  inIdOrder: boolean;
  /** The latest observedAt, compared as text; '' for no reports. */
  newestObservedAt: string;
}

const made = new WeakMap<readonly CatalogueReport[], ReportColumns>();

/** The columns of `reports`, made once per list: the list must not change afterwards (a catalogue's does not). */
export function reportColumnsOf(reports: readonly CatalogueReport[]): ReportColumns {
  let columns = made.get(reports);
  if (!columns) {
    const idHashes = new Uint32Array(reports.length);
    const updatedTimes = new Float64Array(reports.length);
    let inIdOrder = true;
    let newestObservedAt = '';
    let previousId: string | undefined;
    for (let index = 0; index < reports.length; index++) {
      const { id, updatedAt, observedAt } = reports[index]!;
      idHashes[index] = fnv1aOf(id);
      updatedTimes[index] = instantOf(updatedAt);
      if (inIdOrder && previousId !== undefined && !(previousId < id)) inIdOrder = false;
      if (observedAt > newestObservedAt) newestObservedAt = observedAt;
      previousId = id;
    }
    made.set(reports, (columns = { idHashes, updatedTimes, inIdOrder, newestObservedAt }));
  }
  return columns;
}

/** Gives `reports` columns made elsewhere (the kept catalogue keeps them: kept/catalogue.ts), which reportColumnsOf then returns; the list must not change afterwards. */
export function rememberReportColumns(reports: readonly CatalogueReport[], columns: ReportColumns): void {
  made.set(reports, columns);
}
