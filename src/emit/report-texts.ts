import { sortedPosition } from '../kept/scratch-file.ts';
import { positionsByKey } from './positions-by-key.ts';
import { reportColumnsOf } from '../domain/report-columns.ts';
import { publishedReport, type PublishingCatalogue, type ReportJson, type TextsMadeOnce } from '../domain/catalogue.ts';

/**
 * Each report's published JSON text, made once per build (texts-made-once.ts) and read back when
 * another file publishes the report. Two downloads, the report's bucket and its landmark's bucket
 * each made its record, read its body and wrote its JSON; made once, a cold build at 100k reports
 * spent about 33 s after the load instead of 37 (measured 2026-11-27).
 */

/** Reports found by halving before a table of ids is built: a few thousand take milliseconds. */
const lookupsBeforeTable = 4096;

/** The texts of `catalogue`'s reports, for Catalogue.reportJson, each made once with `madeOnce`. */
export function reportTexts(catalogue: PublishingCatalogue, madeOnce: TextsMadeOnce): ReportJson {
  const { reports } = catalogue;
  const text = madeOnce('report', reports.length);

  // Most files that ask say where the report is (the downloads, the report buckets); otherwise the
  // one after the last asked for is tried, then the report is found by id: by halving while few
  // are asked for, as in a rebuild, which makes a few files again, and in a table of ids once
  // many are. At a million reports the table took 6.5 s to build, most of a one-report rebuild's
  // downloads, while the ids they asked for were all known.
  let last = -1;
  let lookups = 0;
  let byId: ((id: string) => number) | undefined;
  const idAt = (index: number) => reports[index]!.id;
  const find = (id: string) => {
    if (!byId && ++lookups > lookupsBeforeTable) byId = positionsByKey(reports.length, idAt, reportColumnsOf(reports).idHashes);
    return byId ? byId(id) : sortedPosition(reports.length, idAt, id);
  };
  return (report, known) => {
    let position = known !== undefined && reports[known] === report ? known : last + 1;
    if (reports[position] !== report) position = find(report.id);
    last = position;
    // Report ids are unique in a catalogue (cross-checks.ts); one it does not hold is made as without the texts.
    return text(position, () => JSON.stringify(publishedReport(report, catalogue, position === -1 ? undefined : position)));
  };
}
