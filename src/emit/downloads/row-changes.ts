import { readFileSync } from 'node:fs';
import { flattenRecord } from '../../formats/flat-columns.ts';
import { sha256Hex } from '../../kept/digests.ts';
import { sortsBefore, type KeptDatabase } from '../../kept/database.ts';
import { lineRangesOf } from './ndjson-lines.ts';
import type { NdjsonTable } from './from-ndjson.ts';

/**
 * Which rows of a table the kept database must change, found line by line: the NDJSON files it was
 * loaded from that this build no longer has (their rows are the kept rows to replace) against the
 * new files it does not hold (their rows to put in their place). Both are read in key order, as
 * both sets of files hold their rows, and joined by key: a row whose line is the same in both is
 * left where it is, since a line is the whole record its row is made from. Only the others are
 * deleted or inserted. At a million reports, with a hundred reports changed, that is a few hundred
 * rows instead of the 630,000 the changed files hold, whose deleting and inserting took 27 s.
 */
export interface RowChanges {
  /** The keys of the kept rows to delete: rows of the files replaced whose lines no new file holds as they were. */
  deleted: string[];
  /** For each new file the kept database does not hold, by its place among the table's files. */
  files: Map<number, ChangedFile>;
}

/** A new file's count of rows, their first and last keys, and the numbers of its lines to insert. */
export interface ChangedFile {
  rows: number;
  keys?: [first: string, last: string];
  inserted: number[];
}

/**
 * The table's row changes; undefined when they cannot be found this way and every row of the files
 * replaced is to be deleted and every row of the new ones inserted: a file replaced not linked in
 * the kept database's store or no longer with its bytes, or rows out of key order.
 */
export function rowChangesOf(table: Pick<NdjsonTable, 'name' | 'files' | 'columns' | 'primaryKey'>, kept: KeptDatabase): RowChanges | undefined {
  const key = keyReader(table);
  const replaced = kept.droppedRuns(table.name, table.files.map(({ sha256 }) => sha256));
  const changes: RowChanges = { deleted: [], files: new Map() };
  const before = (function* () {
    for (const run of replaced) {
      const bytes = readIfAny(kept.loadedFile(run.sha256));
      if (!bytes || sha256Hex(bytes) !== run.sha256) throw new NotFound();
      let rows = 0;
      for (const [start, end] of lineRangesOf(bytes)) {
        rows++;
        yield { key: key(bytes, start, end), bytes, start, end };
      }
      if (rows !== run.count) throw new NotFound();
    }
  })();
  const now = (function* () {
    for (const [number, { file, sha256 }] of table.files.entries()) {
      if (kept.runOf(table.name, sha256)) continue;
      const bytes = readFileSync(file);
      const made: ChangedFile = { rows: 0, inserted: [] };
      changes.files.set(number, made);
      for (const [start, end] of lineRangesOf(bytes)) {
        const lineKey = key(bytes, start, end);
        made.keys = made.keys ? [made.keys[0], lineKey] : [lineKey, lineKey];
        yield { key: lineKey, bytes, start, end, file: made, line: made.rows++ };
      }
    }
  })();
  try {
    const [was, is] = [inOrder(before), inOrder(now)];
    let [then, next] = [was.next(), is.next()];
    while (!then.done || !next.done) {
      if (next.done || (!then.done && sortsBefore(then.value.key, next.value.key))) {
        changes.deleted.push(then.value.key);
        then = was.next();
      } else if (then.done || sortsBefore(next.value.key, then.value.key)) {
        next.value.file.inserted.push(next.value.line);
        next = is.next();
      } else {
        const same = then.value.bytes.subarray(then.value.start, then.value.end).equals(next.value.bytes.subarray(next.value.start, next.value.end));
        if (!same) {
          changes.deleted.push(then.value.key);
          next.value.file.inserted.push(next.value.line);
        }
        [then, next] = [was.next(), is.next()];
      }
    }
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
  return changes;
}

/** Thrown inside the join when the changes cannot be found line by line. */
class NotFound extends Error {}

/** The lines of `lines`, checked to come in key order, each key after the last. */
function* inOrder<T extends { key: string }>(lines: Iterable<T>): Generator<T> {
  let last: string | undefined;
  for (const line of lines) {
    if (last !== undefined && !sortsBefore(last, line.key)) throw new NotFound();
    last = line.key;
    yield line;
  }
}

/**
 * The primary key of a line: read from its start when the record's first member is the key, as
 * download-records.ts writes every record (`{"id":"2csyymb8n4",…`), without parsing the line; the
 * record parsed and flattened otherwise, as the row is.
 */
function keyReader({ columns, primaryKey }: Pick<NdjsonTable, 'columns' | 'primaryKey'>): (bytes: Buffer, start: number, end: number) => string {
  const keyColumn = columns.findIndex((column) => column.name === primaryKey);
  const { path } = columns[keyColumn]!;
  // A key nested in the record (a column such as `location_city`) is never read from the line's start.
  const prefix = path.length === 1 ? Buffer.from(`{${JSON.stringify(path[0])}:"`) : undefined;
  return (bytes, start, end) => {
    const valueStart = start + (prefix?.length ?? 0);
    const quote = bytes.indexOf(0x22, valueStart);
    // A key holding an escape is read as JSON reads it.
    const plain = prefix !== undefined && bytes.subarray(start, valueStart).equals(prefix) && quote !== -1 && quote < end && bytes.subarray(valueStart, quote).indexOf(0x5c) === -1;
    return plain ? bytes.toString('utf8', valueStart, quote) : String(flattenRecord(JSON.parse(bytes.toString('utf8', start, end)), columns)[keyColumn]);
  };
}

function readIfAny(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
