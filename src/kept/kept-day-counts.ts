import type { DayCountPair } from '../domain/shared-values.ts';

/**
 * The day counts of a shard's landmarks (CatalogueLandmark['reportDays'], one list of them) as its
 * file keeps them: each pair's day as an index into the shard's strings and its count, every
 * landmark's pairs one after another, each landmark's ending where `ends` says.
 *
 * Kept, not counted again from the reports' days as the shard is read: sorting each landmark's
 * days and sharing its pairs took 0.6-0.8 s of a one-report rebuild at a million reports, on the
 * thread every later step waits for. Read back, a list is its pairs looked up, nothing sorted.
 */
export interface KeptDayCounts {
  days: Int32Array;
  counts: Uint32Array;
  ends: Uint32Array;
}

/** One list of day counts per landmark, in the landmarks' order, with each day as `indexOf` gives its string's index. */
export function keptDayCounts(lists: readonly (readonly (readonly [string, number])[])[], indexOf: (day: string) => number): KeptDayCounts {
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const kept: KeptDayCounts = { days: new Int32Array(total), counts: new Uint32Array(total), ends: new Uint32Array(lists.length) };
  let at = 0;
  lists.forEach((list, index) => {
    for (const [day, count] of list) {
      kept.days[at] = indexOf(day);
      kept.counts[at++] = count;
    }
    kept.ends[index] = at;
  });
  return kept;
}

/**
 * Reads the list of the landmark at a position back, its pairs made by `pair` (which the landmarks
 * of every shard share), each asked of `pair` once per shard: a million reports' landmarks hold
 * two million pairs of a few tens of thousands of distinct ones.
 */
export function dayCountsReader(strings: readonly string[], pair: DayCountPair): (kept: KeptDayCounts, position: number) => [string, number][] {
  // By the day's index in the shard's strings, then by count.
  const made: ([string, number] | undefined)[][] = [];
  return ({ days, counts, ends }, position) => {
    const start = position === 0 ? 0 : ends[position - 1]!;
    const list: [string, number][] = new Array(ends[position]! - start);
    for (let index = 0; index < list.length; index++) {
      const [day, count] = [days[start + index]!, counts[start + index]!];
      const byCount = (made[day] ??= []);
      list[index] = byCount[count] ??= pair(strings[day]!, count);
    }
    return list;
  };
}
