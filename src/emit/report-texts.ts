import { closeSync, writeSync } from 'node:fs';
import { openScratchFile, sortedPosition, textReader } from '../kept/scratch-file.ts';
import { positionsByKey } from './positions-by-key.ts';
import { reportColumnsOf } from '../domain/report-columns.ts';
import { publishedReport, type PublishingCatalogue, type ReportJson } from '../domain/catalogue.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';
import type { CatalogueReport } from '../schema/api.ts';

/**
 * Each report's published JSON text, made once per build and kept in a scratch file, read back by
 * position when another file publishes the report. Two downloads, the report's bucket and its
 * landmark's bucket each made its record, read its body and wrote its JSON; made once, a cold build
 * at 100k reports spent about 33 s after the load instead of 37 (measured 2026-11-27). The texts
 * stay out of the heap, which a million of them (2.4 GB) would not fit (see src/kept/scratch-file.ts).
 */

/** Reports found by halving before a table of ids is built: a few thousand take milliseconds. */
const lookupsBeforeTable = 4096;

export interface ReportTexts {
  /** The catalogue's reports' texts, for Catalogue.reportJson. */
  json: ReportJson;
  close(): void;
}

/** Texts of `catalogue`'s reports, kept in a scratch file in `dir` (created if needed); undefined when none can be opened, and each text is made when asked for. */
export function openReportTexts(catalogue: PublishingCatalogue, dir: string): ReportTexts | undefined {
  let descriptor: number;
  try {
    descriptor = openScratchFile(dir, 'report-texts');
  } catch {
    return undefined; // only a faster build depends on it
  }
  const { reports } = catalogue;
  // Where each report's text starts and how many bytes it takes; 0 bytes: not made yet.
  const starts = new Float64Array(reports.length);
  const lengths = new Uint32Array(reports.length);
  let end = 0;
  let open = true;

  // Texts are UTF-8 bytes, one character per byte (json-texts.ts): made into one reused buffer,
  // written from it and taken from it, and read back as they were written. A Buffer per text
  // counts as memory outside the heap: with one each, the text downloads of a million reports
  // took 327 s instead of 171 (see textReader).
  let encoded = Buffer.alloc(64 * 1024);
  const make = (report: CatalogueReport, position?: number) => {
    const text = JSON.stringify(publishedReport(report, catalogue, position));
    // At most three bytes per UTF-16 code unit.
    if (text.length * 3 > encoded.length) encoded = Buffer.alloc(text.length * 3);
    return encoded.write(text, 'utf8');
  };
  const keep = (position: number, bytes: number) => {
    let written: number;
    try {
      written = writeSync(descriptor, encoded, 0, bytes, end);
    } catch {
      return; // a full disk: made again when asked for, as without the texts
    }
    if (written !== bytes) return; // cut short: the same
    starts[position] = end;
    lengths[position] = bytes;
    end += bytes;
  };
  const readText = textReader('latin1');
  const read = (position: number) => readText(descriptor, starts[position]!, lengths[position]!, `the report ${reports[position]!.id}`) as Utf8Bytes;
  const made = (bytes: number) => encoded.toString('latin1', 0, bytes) as Utf8Bytes;

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
  return {
    json(report, known) {
      let position = known !== undefined && reports[known] === report ? known : last + 1;
      if (reports[position] !== report) position = find(report.id);
      last = position;
      // Report ids are unique in a catalogue (cross-checks.ts); one it does not hold, or the
      // texts closed: made as without them.
      if (!open || position === -1) return made(make(report, position));
      if (lengths[position]! > 0) return read(position);
      const bytes = make(report, position);
      keep(position, bytes);
      return made(bytes);
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(descriptor);
    },
  };
}
