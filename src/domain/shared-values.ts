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
