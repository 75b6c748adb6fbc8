import { runsCutAtKeys } from '../domain/cut-at-keys.ts';

/**
 * Sorted records stored as chunks plus a small manifest of each chunk's first key. A page starting
 * after any position is assembled from the few chunks that hold it, so the cost of a request
 * depends on its limit, never on the size of the catalogue.
 */
export interface ChunkManifest<Key> {
  /** Every chunk but the last holds at least this many records (chunkSorted: exactly this many). */
  chunkSize: number;
  total: number;
  /** The key of the first record of every chunk, in order. */
  firstKeys: Key[];
}

export function chunkSorted<Item, Key>(
  items: readonly Item[],
  keyOf: (item: Item) => Key,
  chunkSize: number,
): { manifest: ChunkManifest<Key>; chunks: Item[][] } {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += chunkSize) chunks.push(items.slice(start, start + chunkSize));
  return { manifest: { chunkSize, total: items.length, firstKeys: chunks.map((chunk) => keyOf(chunk[0]!)) }, chunks };
}

/**
 * Sorted records cut where their keys say rather than every `minSize` records, for data that is
 * rebuilt after every edit (runsCutAtKeys): each chunk but the last holds from `minSize` to twice
 * as many, and ends before the first record past `minSize` whose cut key hashes to 0 in a quarter
 * of `minSize` (`cutHashOf`: fnv1aOf that key, see buckets.ts). There are never more chunks than
 * with chunkSorted(items, keyOf, minSize).
 */
export function chunkSortedAtKeys<Item, Key>(
  items: readonly Item[],
  keyOf: (item: Item) => Key,
  cutHashOf: (item: Item) => number,
  minSize: number,
): { manifest: ChunkManifest<Key>; chunks: Item[][] } {
  const runs = runsCutAtKeys(items.length, (index) => cutHashOf(items[index]!), Math.max(1, Math.floor(minSize / 4)), { min: minSize, max: 2 * minSize });
  const chunks = runs.filter(([start, end]) => end > start).map(([start, end]) => items.slice(start, end));
  return { manifest: { chunkSize: minSize, total: items.length, firstKeys: chunks.map((chunk) => keyOf(chunk[0]!)) }, chunks };
}

/** The last chunk whose first key is not after the start position: every earlier chunk is entirely before it. */
function startingChunk<Key>(manifest: ChunkManifest<Key>, isAfterStart: (key: Key) => boolean): number {
  let low = 0;
  let high = manifest.firstKeys.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (isAfterStart(manifest.firstKeys[middle]!)) {
      high = middle - 1;
    } else {
      found = middle;
      low = middle + 1;
    }
  }
  return found;
}

/**
 * A chunk as a page reads it: its records' keys in order, and each record by its position. A chunk
 * of a keyed-records file (the changes feed) parses only the records a page lists: at a million
 * reports a chunk is up to 0.7 MB of JSON, and a page of 100 changes parsed some 600 of them.
 */
export interface PageChunk<Item, Key> {
  keys: readonly Key[];
  recordAt(position: number): Promise<Item> | Item;
}

/** A chunk read whole, its keys taken from its records. */
export const wholeChunk = <Item, Key>(items: readonly Item[], keyOf: (item: Item) => Key): PageChunk<Item, Key> => ({
  keys: items.map(keyOf),
  recordAt: (position) => items[position]!,
});

export interface PageQuery<Key> {
  limit: number;
  /** Whether a record's key lies after the position the page starts from. */
  isAfterStart: (key: Key) => boolean;
}

/**
 * The first `limit` records after the start position, and whether more follow. The chunks that
 * can hold them are read concurrently: all but the last chunk hold at least `chunkSize` records,
 * so limit + 1 records (one more, to know whether more follow) span at most this many chunks from
 * the starting one. Only the `limit` records listed are read from their chunks.
 */
export async function collectPage<Item, Key>(
  manifest: ChunkManifest<Key>,
  readChunk: (index: number) => Promise<PageChunk<Item, Key>>,
  { limit, isAfterStart }: PageQuery<Key>,
): Promise<{ items: Item[]; hasMore: boolean }> {
  const first = startingChunk(manifest, isAfterStart);
  const last = Math.min(manifest.firstKeys.length, first + Math.ceil((limit + 1) / manifest.chunkSize) + 1);
  const indexes = Array.from({ length: Math.max(0, last - first) }, (_, offset) => first + offset);
  const chunks = await Promise.all(indexes.map(readChunk));
  const listed: (Promise<Item> | Item)[] = [];
  for (const chunk of chunks) {
    for (const [position, key] of chunk.keys.entries()) {
      if (!isAfterStart(key)) continue;
      if (listed.length === limit) return { items: await Promise.all(listed), hasMore: true };
      listed.push(chunk.recordAt(position));
    }
  }
  return { items: await Promise.all(listed), hasMore: false };
}

export interface MatchingPageQuery<Item, Key> extends PageQuery<Key> {
  keyOf: (item: Item) => Key;
  /** Whether a record belongs on the page; known only as the request is answered (e.g. as of its day). */
  accepts: (item: Item) => boolean;
  /**
   * The most chunks one request reads, so that its cost stays bounded however few records match; at
   * least 2, as the starting chunk may hold nothing after the start position.
   */
  maxChunks: number;
}

/**
 * The first `limit` records after the start position that `accepts` keeps, reading chunks in order
 * until one more than `limit` is found or `maxChunks` were read. `resumeAfter` is the key to start
 * the next page after: the last record listed, or, when the reading budget ran out first, the last
 * record examined (a page may then list fewer than `limit` and still have more after it).
 */
export async function collectMatchingPage<Item, Key>(
  manifest: ChunkManifest<Key>,
  readChunk: (index: number) => Promise<Item[]>,
  { limit, keyOf, isAfterStart, accepts, maxChunks }: MatchingPageQuery<Item, Key>,
): Promise<{ items: Item[]; hasMore: boolean; resumeAfter: Key | undefined }> {
  const first = startingChunk(manifest, isAfterStart);
  const last = Math.min(manifest.firstKeys.length, first + maxChunks);
  const items: Item[] = [];
  let examined: Item | undefined;
  for (let index = first; index < last; index++) {
    for (const item of await readChunk(index)) {
      if (!isAfterStart(keyOf(item))) continue;
      if (accepts(item)) {
        if (items.length === limit) return { items, hasMore: true, resumeAfter: keyOf(items[limit - 1]!) };
        items.push(item);
      }
      examined = item;
    }
  }
  const unread = last < manifest.firstKeys.length;
  return { items, hasMore: unread, resumeAfter: unread && examined ? keyOf(examined) : undefined };
}
