/**
 * Runs [start, end) of `count` keyed items in order, cut before each item whose key hashes to 0 in
 * `oneIn` (`keyHashAt` gives fnv1aOf its key, see buckets.ts) once the run holds at least `min`
 * items, and at `max` items whatever the keys say. Keys, not positions, decide where runs end: an
 * item added or removed changes the run that holds it (and, when a cut after it moves, seldom the
 * next), not every run after it, so files made from the runs can be reused by the next build. At
 * least one run, empty when there are no items.
 */
export function runsCutAtKeys(
  count: number,
  keyHashAt: (index: number) => number,
  oneIn: number,
  { min = 1, max = Infinity }: { min?: number; max?: number } = {},
): [number, number][] {
  const runs: [number, number][] = [];
  let start = 0;
  for (let index = 1; index < count; index++) {
    const size = index - start;
    if (size >= max || (size >= min && keyHashAt(index) % oneIn === 0)) {
      runs.push([start, index]);
      start = index;
    }
  }
  runs.push([start, count]);
  return runs;
}
