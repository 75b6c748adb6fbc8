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
 * The positions of the records in each of `bucketCount` buckets, by their keys' hashes (fnv1aOf),
 * in record order: a bucket is made into a file (key -> record) only when it cannot be reused
 * from an earlier build.
 */
export function bucketPositions(keyHashes: Uint32Array, bucketCount: number): number[][] {
  const positions: number[][] = Array.from({ length: bucketCount }, () => []);
  keyHashes.forEach((hash, index) => positions[hash % bucketCount]!.push(index));
  return positions;
}
