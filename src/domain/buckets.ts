/**
 * Per-entity records are stored in hash buckets of a few records each, not one file per record:
 * a catalogue of a million reports must fit the asset host's file-count limit, while a request
 * still reads only one small file.
 */

/** Average records per bucket while the file budget allows: small enough to parse in well under a millisecond. */
export const recordsPerBucket = 16;

/** A power of two at least n / recordsPerBucket, and at least 1. */
export function bucketCountFor(recordCount: number): number {
  let count = 1;
  while (count * recordsPerBucket < recordCount) count *= 2;
  return count;
}

/** FNV-1a over the UTF-16 code units: fast, stable across runtimes, and spreads similar keys such as slugs evenly. */
export function fnv1aOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export const bucketOf = (key: string, bucketCount: number): number => fnv1aOf(key) % bucketCount;

/** fnv1aOf each key. */
export const keyHashesOf = (keys: readonly string[]): Uint32Array => Uint32Array.from(keys, fnv1aOf);

/**
 * The positions of the records in each of `bucketCount` buckets, by their keys' hashes (fnv1aOf):
 * bucket `i` holds `positions` from `ends[i - 1]` (0 for the first) up to `ends[i]`, in record
 * order. Counted, then placed, in two passes over typed arrays: an array per bucket, grown by a
 * push per record, took a tenth of a second of a one-report rebuild at a million reports, and left
 * eight thousand arrays for the collector. A bucket is made into a file (key -> record) only when it
 * cannot be reused from an earlier build.
 */
export function bucketRuns(keyHashes: Uint32Array, bucketCount: number): { positions: Uint32Array; ends: Uint32Array } {
  const ends = new Uint32Array(bucketCount);
  for (const hash of keyHashes) ends[hash % bucketCount]!++;
  for (let bucket = 1; bucket < bucketCount; bucket++) ends[bucket]! += ends[bucket - 1]!;
  // Each bucket filled from its start, which is where the bucket before it ends.
  const next = new Uint32Array(bucketCount);
  next.set(ends.subarray(0, bucketCount - 1), 1);
  const positions = new Uint32Array(keyHashes.length);
  for (let index = 0; index < keyHashes.length; index++) positions[next[keyHashes[index]! % bucketCount]!++] = index;
  return { positions, ends };
}
