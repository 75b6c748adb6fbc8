/**
 * Values a catalogue of a million reports holds once rather than once per report: a few hundred
 * days, seven conditions, three source kinds and a few thousand publishers repeat across all of
 * them, and each report read from a file or a kept shard brings its own copy of every string.
 */

/**
 * One empty list for every report without confirmations or further sources. Nothing changes a
 * catalogue's records once made; frozen, so that anything that tried would fail, not change them all.
 */
export const noItems = Object.freeze([]) as unknown as never[];

/** Gives back the first copy of each string it is given, so that equal strings are held once. */
export function sharedStrings(): <T extends string>(text: T) => T {
  const seen = new Map<string, string>();
  return <T extends string>(text: T): T => {
    const first = seen.get(text);
    if (first !== undefined) return first as T;
    seen.set(text, text);
    return text;
  };
}

/** Makes a [day, count] pair of a landmark's day counts (dayCountsOf). */
export type DayCountPair = (day: string, count: number) => [string, number];

/**
 * Gives back one frozen pair for each day and count, shared by every landmark that counts them:
 * 100k landmarks of ten reports held two million pairs (168 MB of a rebuild's heap at a million
 * reports), of a few tens of thousands of distinct ones.
 */
export function sharedDayCounts(): DayCountPair {
  const byDay = new Map<string, [string, number][]>();
  return (day, count) => {
    let pairs = byDay.get(day);
    if (!pairs) byDay.set(day, (pairs = []));
    return (pairs[count] ??= Object.freeze([day, count]) as [string, number]);
  };
}
