import { readSync } from 'node:fs';
import { withOpenFile } from '../../kept/digests.ts';
import type { DownloadResource } from './download-format.ts';

/** The table a download of one table holds (its CSV rows do not say), or none. */
export type PartTable = DownloadResource['table'];

/** Enough of a part's first bytes for its first row's key (a slug or an id), after any head of its section. */
const startBytes = 1024;

/** A JSON record line begins with its key: `{"id":…` for a report, `{"slug":…` for a landmark. */
const jsonRecordKey = /(?:^|\n)\{"(id|slug)":"([^"\\]*)"/;

/**
 * The table and key of the first row in a part's text. Parts are cut between rows, and each row of
 * a download of one table begins with its key: a CSV row with its key field, never quoted (slugs
 * and ids need no quotes). In JSON, the first line that is a record (the JSON file's parts may
 * begin with a section's head, `"reports":[`); a GeoJSON feature, which begins with its type, is
 * never named.
 */
function firstRowOf(start: string, table: PartTable): { table: NonNullable<PartTable>; key: string } | undefined {
  if (table && !start.startsWith('{')) {
    const comma = start.indexOf(',');
    return comma > 0 && !start.startsWith('"') ? { table, key: start.slice(0, comma) } : undefined;
  }
  const found = jsonRecordKey.exec(start);
  return found ? { table: found[1] === 'slug' ? 'landmarks' : 'reports', key: found[2]! } : undefined;
}

/**
 * How many of the last build's parts of a download come before the one holding the report
 * `firstChanged` (reports are sorted by id, after any landmark rows): the parts a rebuild that
 * changes no earlier row publishes again as they are. The part before the first one that begins at
 * or after that id may hold it (or end where a new row goes), so it is not counted. All of them
 * for a download without reports, or with a part whose first row this cannot name.
 */
export function partsBefore(files: readonly string[], table: PartTable, firstChanged: string): number {
  const buffer = Buffer.allocUnsafe(startBytes);
  let reports = false;
  for (let index = 1; index < files.length; index++) {
    const row = firstRowOf(startOf(files[index]!, buffer), table);
    if (row === undefined) return files.length;
    if (row.table !== 'reports') continue;
    if (row.key >= firstChanged) return index - 1;
    reports = true;
  }
  // Past every part's first report: the change is in the last part.
  return reports ? files.length - 1 : files.length;
}

/** The first bytes of a file as text (any character cut at the end is not part of a key); empty when it cannot be read. */
const startOf = (file: string, buffer: Buffer): string => withOpenFile(file, (descriptor) => buffer.toString('utf8', 0, readSync(descriptor, buffer, 0, buffer.length, 0))) ?? '';
