import { IsolateCache } from './isolate-cache.ts';

/**
 * How much parsed JSON one isolate keeps, counted as the bytes of the files read. Parsed, the
 * data files take 1.1 to 1.5 times their JSON in V8 (measured on landmark buckets and list and
 * changes chunks), so the cache stays under about 25 MB, well under the 128 MB an isolate may use,
 * with room for the requests in flight.
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

  const response = await assets.fetch(new Request(new URL(sitePath, 'https://assets.invalid')));
  if (!response.ok) {
    await response.body?.cancel();
    throw new DataFileUnavailable(sitePath, response.status === 404 ? 'is missing from this deploy' : `could not be read (status ${response.status})`);
  }
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DataFileUnavailable(sitePath, `is not valid JSON (${text.length} bytes; truncated or damaged upload?)`);
  }
  cache.set(sitePath, value, text.length);
  return value as T;
}
