import { KeyedRecordsDamaged, keyedRecordsOf, type KeyedRecords } from '../api/data-products/keyed-records.ts';
import type { LineSource } from '../api/data-products/product.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';
import type { OutputStore } from '../kept/output-files.ts';

/**
 * What each line of the keyed-records files was made from, kept from one build to the next, so
 * that a file made again because some of its records changed copies the other records' lines from
 * the file the last build made at its path (LineSource in src/api/data-products/product.ts).
 * A line is copied only when its record has the same key and the same inputs (the input digests
 * of what it was made from) as then, which, as for a whole file in the output store, means the
 * same text under the same code; the store's key of each file carries the code's fingerprint.
 *
 * One file in the output store holds every file's line inputs (20 bytes a report and a landmark
 * in the buckets, 16 a landmark at each level of the nearby index, so about 28 MB at 100k
 * landmarks and a million reports), read whole at the start of a rebuild, each file's part
 * decoded only when that file is made again. Per file, little-endian: the site path's length and
 * bytes, the store key of the file it describes (64 hex digits), the count of lines, where each
 * line's inputs end, and the inputs. A file reused as it was keeps its part as it was read; one
 * whose part is missing, or does not describe the file kept under its key, is made whole, and its
 * part noted for the next build.
 */
export interface KeptLines {
  /**
   * The lines of the file at `sitePath`, about to be made and kept under `key`: each copied from
   * the last build's file where it can be. Call `made()` once the file's contents are made.
   */
  source(sitePath: string, key: string): Promise<FileLines>;
  /** The file at `sitePath` was reused from the store under `key`: its lines are noted as the last build noted them. */
  reused(sitePath: string, key: string): void;
  /** Records whose line was copied, and records whose line was made, so far: for tests and the build to say. */
  readonly counts: { copied: number; made: number };
  /** Keeps the lines noted in this build for the next. */
  save(): Promise<void>;
}

/** "2,148 of 2,153 records in the keyed files made again copied from the last build's", for the build to print; empty when no such file was made. */
export function linesInWords({ copied, made }: KeptLines['counts']): string {
  if (copied + made === 0) return '';
  return `${copied.toLocaleString('en')} of ${(copied + made).toLocaleString('en')} records in the keyed files made again copied from the last build's`;
}

export interface FileLines extends LineSource {
  /** Notes the lines given so far as the file's and lets go of the last build's file; called once, also when the contents could not be made. */
  made(): void;
}

/** The key, in the output store, of the file holding every file's line inputs. */
export const keptLinesKey = (store: OutputStore): string => store.keyOf('the line inputs of the keyed-records data files', []);
/** The store's keys are SHA-256 in hex. */
const keyBytes = 64;
const heldAtOnce = 2;

/** A function that resolves, once fewer than `count` are held, to the release of what it gives. */
function permits(count: number): () => Promise<() => void> {
  let free = count;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return () => {
    if (free > 0) {
      free--;
      return Promise.resolve(release);
    }
    return new Promise((resolve) => waiting.push(() => resolve(release)));
  };
}

/** The lines the last build kept in `store`, and where this build notes its own. */
export async function openKeptLines(store: OutputStore): Promise<KeptLines> {
  const tableKey = keptLinesKey(store);
  const last = await store.readKept(tableKey);
  const parts = last ? partsOf(Buffer.from(last.buffer, last.byteOffset, last.byteLength)) : new Map<string, Part>();
  // Each file's part for the next build, as bytes: copied from the last table, or encoded anew.
  const next: Uint8Array[] = [];
  const counts = { copied: 0, made: 0 };

  /** The last build's file at `sitePath` with its lines' inputs, when both are whole and agree. */
  const lastFile = async (sitePath: string): Promise<{ records: KeyedRecords; inputs: LineInputs } | undefined> => {
    const part = parts.get(sitePath);
    if (!part) return undefined;
    const bytes = await store.readKept(part.key);
    if (!bytes) return undefined;
    let records: KeyedRecords;
    try {
      records = keyedRecordsOf(bytes);
    } catch (error) {
      if (error instanceof KeyedRecordsDamaged) return undefined;
      throw error;
    }
    const inputs = inputsOf(part);
    return inputs.ends.length === records.keys.length ? { records, inputs } : undefined;
  };

  // The last build's files held at once, each from its read until its lines are taken: a level of
  // the nearby index is made again whole after a hundred changes at a million reports, 32 files of
  // about 4 MB, which the data files' writer starts together.
  const holding = permits(heldAtOnce);
  return {
    async source(sitePath, key) {
      const release = await holding();
      let found = await lastFile(sitePath).catch((error: unknown) => {
        release();
        throw error;
      });
      const noted = new NotedLines();
      let held = true;
      return {
        line(recordKey, inputs, make) {
          noted.push(inputs);
          const at = found?.records.positions.get(recordKey);
          if (found && at !== undefined && sameBytes(found.inputs.at(at), inputs)) {
            counts.copied++;
            const { bytes, starts } = found.records;
            // The line without its newline, one character per byte, as the file is written from.
            return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', starts[at]!, starts[at + 1]! - 1) as Utf8Bytes;
          }
          counts.made++;
          return make();
        },
        made() {
          if (!held) return;
          held = false;
          release();
          found = undefined;
          if (noted.count > 0 && key.length === keyBytes) next.push(encodedPart(sitePath, key, noted));
        },
      };
    },
    reused(sitePath, key) {
      const part = parts.get(sitePath);
      if (part?.key === key) next.push(part.bytes);
    },
    counts,
    async save() {
      await store.keepBytes(tableKey, Buffer.concat(next));
    },
  };
}

/** A file's part of the table: the key of the file it describes, its bytes as read (to keep as they are) and where its lines start in them. */
interface Part {
  key: string;
  bytes: Uint8Array;
  /** Offset in `bytes` of the count of lines. */
  linesAt: number;
}

/** Each line's inputs, by the line's position in the file. */
interface LineInputs {
  ends: Uint32Array;
  at(line: number): Uint8Array;
}

/** The parts of a table by site path; those after a part that does not fit in the table are left out. */
function partsOf(table: Buffer): Map<string, Part> {
  const parts = new Map<string, Part>();
  for (let offset = 0; offset + 4 <= table.length; ) {
    const start = offset;
    const pathBytes = table.readUInt32LE(offset);
    const keyAt = offset + 4 + pathBytes;
    const linesAt = keyAt + keyBytes;
    if (linesAt + 4 > table.length) break;
    const lines = table.readUInt32LE(linesAt);
    const lengthAt = linesAt + 4 + lines * 4;
    if (lengthAt + 4 > table.length) break;
    const end = lengthAt + 4 + table.readUInt32LE(lengthAt);
    if (end > table.length) break;
    parts.set(table.toString('utf8', offset + 4, keyAt), { key: table.toString('latin1', keyAt, linesAt), bytes: table.subarray(start, end), linesAt: linesAt - start });
    offset = end;
  }
  return parts;
}

function inputsOf({ bytes, linesAt }: Part): LineInputs {
  const part = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines = part.readUInt32LE(linesAt);
  const ends = new Uint32Array(lines);
  for (let line = 0; line < lines; line++) ends[line] = part.readUInt32LE(linesAt + 4 + line * 4);
  const inputs = bytes.subarray(linesAt + 8 + lines * 4);
  return { ends, at: (line) => inputs.subarray(line === 0 ? 0 : ends[line - 1]!, ends[line]!) };
}

/** The inputs of a file's lines as they are given, in one growing buffer. */
class NotedLines {
  count = 0;
  ends = new Uint32Array(64);
  inputs = new Uint8Array(1024);
  length = 0;
  push(inputs: Uint8Array): void {
    if (this.count === this.ends.length) {
      const ends = new Uint32Array(this.count * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    if (this.length + inputs.length > this.inputs.length) {
      const bytes = new Uint8Array(Math.max(this.inputs.length * 2, this.length + inputs.length));
      bytes.set(this.inputs.subarray(0, this.length));
      this.inputs = bytes;
    }
    this.inputs.set(inputs, this.length);
    this.length += inputs.length;
    this.ends[this.count++] = this.length;
  }
}

function encodedPart(sitePath: string, key: string, noted: NotedLines): Uint8Array {
  const path = Buffer.from(sitePath, 'utf8');
  const part = Buffer.alloc(4 + path.length + keyBytes + 4 + noted.count * 4 + 4 + noted.length);
  let offset = part.writeUInt32LE(path.length, 0);
  offset += path.copy(part, offset);
  offset += part.write(key, offset, 'latin1');
  offset = part.writeUInt32LE(noted.count, offset);
  for (let line = 0; line < noted.count; line++) offset = part.writeUInt32LE(noted.ends[line]!, offset);
  offset = part.writeUInt32LE(noted.length, offset);
  part.set(noted.inputs.subarray(0, noted.length), offset);
  return part;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;
