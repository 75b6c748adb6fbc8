import { foldLetters } from '../../domain/fold-letters.ts';

/**
 * Text as search compares it: lowercase, without diacritics, split into words. "Sagrada Família"
 * and "sagrada familia" become the same words, as do "München" and "munchen". "ph" is compared as
 * "f": names from Greek are written both ways ("Hagia Sophia" is heard as "hagia sofia", "Delphi"
 * is "Delfi" in several languages), two edits apart, past what a typo allows.
 */
export function normalizeText(text: string): string {
  return foldLetters(text).replace(/['’ʼ]/g, '').replace(/ph/g, 'f');
}

export function wordsOf(text: string): string[] {
  return normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The index is sharded by the first two characters of each word, so a query loads only the shards
 * of its own words. Characters are written as base-36 code points to keep file names ASCII.
 */
export function shardKeyOf(word: string): string {
  return keyOfCharacters([...word].slice(0, 2));
}

/**
 * The shard that lists a word among the words ending in its last two characters (shard.ts): a
 * typo in a word's first letters leaves its last two alone, so they find it from another shard.
 */
export function endingShardKeyOf(word: string): string {
  return keyOfCharacters([...word].slice(-2));
}

function keyOfCharacters(characters: string[]): string {
  return characters.map((character) => character.codePointAt(0)!.toString(36)).join('-');
}

/** Whether two words differ by at most one edit: a substitution, insertion, deletion or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  return shorter.slice(start) === longer.slice(start + 1);
}
