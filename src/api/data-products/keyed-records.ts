import { jsonBytesOf, type Utf8Bytes } from '../../domain/json-texts.ts';

/**
 * A file of records by key from which a reader takes one record without parsing the others: JSON
 * Lines, the first line the array of the keys, then each record's JSON on a line of its own, in
 * the keys' order. A request wants one landmark of a bucket of about 25, one report of about 120,
 * a few cells of the nearby index, or a page of the changes feed (its chunks' keys, then the
 * records after the page's start); at a million reports a landmark bucket is 0.5 MB of JSON, a
 * chunk of the changes feed up to 0.7 MB and a cell file of the coarse levels 4 MB, so parsing
 * whole files cost each request several times its answer in memory and most of its CPU, and 64
 * requests at once took an isolate past its 128 MB.
 * A record's JSON never holds a raw newline (JSON.stringify escapes it), so lines are records.
 */

/** The file's text as UTF-8 bytes in pieces, the final newline included (`entries`: each key and its record's JSON text, whole or in pieces). */
export function keyedRecordPieces(entries: readonly (readonly [string, Utf8Bytes | readonly Utf8Bytes[]])[]): Utf8Bytes[] {
  const pieces: Utf8Bytes[] = [jsonBytesOf(entries.map(([key]) => key)), newline];
  for (const [, text] of entries) {
    if (typeof text === 'string') pieces.push(text);
    else for (const piece of text) pieces.push(piece);
    pieces.push(newline);
  }
  return pieces;
}

/**
 * keyedRecordPieces for records given as values, each its own JSON text. The build writes the
 * pieces one after another into the file's buffer: joined into one string, a cell file of the
 * nearby index's coarse levels at a million reports was a 16 MB string, copied once more to add
 * the last newline and again to encode it, each copy memory the collector had to take fresh.
 */
export const keyedValuePieces = (entries: readonly (readonly [string, unknown])[]): Utf8Bytes[] =>
  keyedRecordPieces(entries.map(([key, value]) => [key, jsonBytesOf(value)]));

const newline = '\n' as Utf8Bytes;
const newlineByte = 0x0a;

/** A keyed-records file read into memory, with where each record's line lies; its records are parsed only when asked for. */
export interface KeyedRecords {
  readonly bytes: Uint8Array;
  /** The keys, in the order of the records. */
  readonly keys: readonly string[];
  /** Each key's line: the record's position. */
  readonly positions: ReadonlyMap<string, number>;
  /** Where each record's line starts, and after the last, where the file ends. */
  readonly starts: Uint32Array;
}

/** A keyed-records file that is not whole: truncated, or not one at all. */
export class KeyedRecordsDamaged extends Error {
  constructor(problem: string) {
    super(problem);
    this.name = 'KeyedRecordsDamaged';
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The file's keys and lines, checked: as many records as keys, each line ended. Throws KeyedRecordsDamaged otherwise. */
export function keyedRecordsOf(bytes: Uint8Array): KeyedRecords {
  const keysEnd = bytes.indexOf(newlineByte);
  if (keysEnd < 0) throw new KeyedRecordsDamaged(`has no line of keys (${bytes.length} bytes)`);
  let parsedKeys: unknown;
  try {
    parsedKeys = JSON.parse(decoder.decode(bytes.subarray(0, keysEnd)));
  } catch {
    throw new KeyedRecordsDamaged('does not begin with a line of keys in JSON');
  }
  if (!Array.isArray(parsedKeys) || !parsedKeys.every((key) => typeof key === 'string')) throw new KeyedRecordsDamaged('does not begin with an array of keys');
  const keys = parsedKeys as string[];
  const starts = new Uint32Array(keys.length + 1);
  let start = keysEnd + 1;
  for (let position = 0; position < keys.length; position++) {
    starts[position] = start;
    const end = bytes.indexOf(newlineByte, start);
    if (end < 0) throw new KeyedRecordsDamaged(`holds ${position} of its ${keys.length} records (${bytes.length} bytes: truncated?)`);
    start = end + 1;
  }
  if (start !== bytes.length) throw new KeyedRecordsDamaged(`holds more than its ${keys.length} records`);
  starts[keys.length] = start;
  return { bytes, keys, positions: new Map(keys.map((key, position) => [key, position])), starts };
}

/** The record under `key`, parsed; undefined when the file holds none. Throws KeyedRecordsDamaged when its line is not JSON. */
export function recordIn<T>({ bytes, positions, starts }: KeyedRecords, key: string): T | undefined {
  const position = positions.get(key);
  if (position === undefined) return undefined;
  try {
    return JSON.parse(decoder.decode(bytes.subarray(starts[position]!, starts[position + 1]! - 1))) as T;
  } catch {
    throw new KeyedRecordsDamaged(`holds no JSON for the record of ${JSON.stringify(key)}`);
  }
}

/** How many bytes the record under `key` takes in the file; 0 when the file holds none. */
export function recordLength({ positions, starts }: KeyedRecords, key: string): number {
  const position = positions.get(key);
  return position === undefined ? 0 : starts[position + 1]! - starts[position]!;
}

/** Every record of the file by key, parsed: for tests and tools that look at a whole file. */
export const allRecordsIn = <T>(records: KeyedRecords): Record<string, T> =>
  Object.fromEntries([...records.positions.keys()].map((key) => [key, recordIn<T>(records, key)!]));
