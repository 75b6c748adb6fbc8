import { keyedRecordsOf, KeyedRecordsDamaged, recordIn, recordLength, type KeyedRecords } from '../api/data-products/keyed-records.ts';
import { IsolateCache } from './isolate-cache.ts';

/**
 * How much data one isolate keeps, counted as the bytes of the files read (a record parsed from a
 * keyed-records file, as its line's). Parsed, JSON takes 1.1 to 1.5 times its bytes in V8
 * (measured on landmark buckets and list and changes chunks), and a keyed-records file is kept as
 * its bytes, so the cache stays under about 25 MB, well under the 128 MB an isolate may use, with
 * room for the requests in flight.
 */
export const cacheByteBudget = 16 * 1024 * 1024;

const cache = new IsolateCache<unknown>(cacheByteBudget);

/**
 * A prebuilt file that should be there is missing or unreadable: a partial upload or a damaged
 * deploy. Only the requests that need this file fail (with 503); the rest of the site keeps working.
 */
export class DataFileUnavailable extends Error {
  readonly sitePath: string;

  constructor(sitePath: string, problem: string) {
    super(`prebuilt data file ${sitePath} ${problem}`);
    this.name = 'DataFileUnavailable';
    this.sitePath = sitePath;
  }
}

/**
 * Reads and parses a JSON file of the static assets, through the isolate's cache. The build writes
 * every file a reader asks for, so a missing, unreadable or malformed one throws DataFileUnavailable.
 */
export async function readAssetJson<T>(assets: Fetcher, sitePath: string): Promise<T> {
  const cached = cache.get(sitePath);
  if (cached !== undefined) return cached as T;

  const text = await (await assetResponse(assets, sitePath)).text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DataFileUnavailable(sitePath, `is not valid JSON (${text.length} bytes; truncated or damaged upload?)`);
  }
  cache.set(sitePath, value, text.length);
  return value as T;
}

/**
 * Reads one record of a keyed-records file of the static assets (src/api/data-products/keyed-records.ts),
 * parsing that record alone. The isolate's cache keeps the file's bytes with where each record
 * lies, and the records parsed, each counted as its line's bytes: a landmark asked for often is
 * parsed once, as it was when the cache held its whole bucket parsed. A file that is not whole, or
 * a record that is not JSON, throws DataFileUnavailable.
 */
export async function readAssetRecord<T>(assets: Fetcher, sitePath: string, key: string): Promise<T | undefined> {
  const recordKey = `${sitePath}#${key}`;
  const cached = cache.get(recordKey);
  if (cached !== undefined) return cached as T;
  const records = await keyedRecordsAt(assets, sitePath);
  const record = damageReported(sitePath, () => recordIn<T>(records, key));
  if (record !== undefined) cache.set(recordKey, record, recordLength(records, key));
  return record;
}

/** The keys of a keyed-records file of the static assets, in the order of its records. */
export const readAssetKeys = async (assets: Fetcher, sitePath: string): Promise<readonly string[]> => (await keyedRecordsAt(assets, sitePath)).keys;

/** A keyed-records file's bytes and where its records lie, through the isolate's cache. */
async function keyedRecordsAt(assets: Fetcher, sitePath: string): Promise<KeyedRecords> {
  const cached = cache.get(sitePath) as KeyedRecords | undefined;
  if (cached !== undefined) return cached;
  const bytes = new Uint8Array(await (await assetResponse(assets, sitePath)).arrayBuffer());
  const records = damageReported(sitePath, () => keyedRecordsOf(bytes));
  cache.set(sitePath, records, bytes.length);
  return records;
}

/** What `read` returns, a damaged file told as DataFileUnavailable. */
function damageReported<T>(sitePath: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof KeyedRecordsDamaged) throw new DataFileUnavailable(sitePath, error.message);
    throw error;
  }
}

/** The asset's response, once it is known to be there. */
async function assetResponse(assets: Fetcher, sitePath: string): Promise<Response> {
  const response = await assets.fetch(new Request(new URL(sitePath, 'https://assets.invalid')));
  if (!response.ok) {
    await response.body?.cancel();
    throw new DataFileUnavailable(sitePath, response.status === 404 ? 'is missing from this deploy' : `could not be read (status ${response.status})`);
  }
  return response;
}
