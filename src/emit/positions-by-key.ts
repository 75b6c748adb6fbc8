import { fnv1aOf } from '../domain/buckets.ts';

/**
 * The position of each of `count` distinct keys, found by key in a hash table of numbers. The files
 * that publish a report ask for its text by report, in their own order (a bucket's, a landmark's):
 * a binary search over a hundred thousand sorted ids, seventeen string comparisons a lookup, took
 * 1.8 s of a profiled cold build's data files. A Map of a million ids would take about 40 MB of
 * heap; this table takes 8 MB outside it. `keyHashes`, when given, holds fnv1aOf each key.
 */
export function positionsByKey(count: number, keyAt: (position: number) => string, keyHashes?: Uint32Array): (key: string) => number {
  // Twice as many slots as keys, a power of two: probes stay short and a mask replaces a division.
  let size = 2;
  while (size < count * 2) size *= 2;
  const mask = size - 1;
  // Position + 1 per slot; 0 is an empty slot.
  const slots = new Int32Array(size);
  for (let position = 0; position < count; position++) {
    let slot = (keyHashes ? keyHashes[position]! : fnv1aOf(keyAt(position))) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = position + 1;
  }
  return (key) => {
    for (let slot = fnv1aOf(key) & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const position = slots[slot]! - 1;
      if (keyAt(position) === key) return position;
    }
    return -1;
  };
}
