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

/** FNV-1a: fast, stable across runtimes, and spreads similar keys such as slugs evenly. */
export function bucketOf(key: string, bucketCount: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % bucketCount;
}

/** Groups records into `bucketCount` buckets by key; every bucket maps keys to records. */
export function toBuckets<T>(records: readonly T[], keyOf: (record: T) => string, bucketCount: number): Record<string, T>[] {
  const buckets: Record<string, T>[] = Array.from({ length: bucketCount }, () => ({}));
  for (const record of records) buckets[bucketOf(keyOf(record), buckets.length)]![keyOf(record)] = record;
  return buckets;
}
