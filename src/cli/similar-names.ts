import { foldLetters } from '../domain/fold-letters.ts';

/** Words that say nothing about which place a name means. */
const fillerWords = new Set(['the', 'of', 'and', 'de', 'del', 'della', 'di', 'du', 'des', 'la', 'le', 'les', 'el', 'il', 'von', 'van', 'der', 'st', 'saint', 'san', 'santa']);

/** Words that tell two neighbours apart: "Old Grodno Castle" is not "New Grodno Castle". */
const contrastWords = new Set(['old', 'new', 'upper', 'lower', 'north', 'south', 'east', 'west', 'great', 'little', 'small', 'big', 'inner', 'outer', 'high', 'low', 'first', 'second', 'summer', 'winter']);

const wordsOf = (name: string): string[] =>
  foldLetters(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !fillerWords.has(word));

function letterPairs(words: readonly string[]): Map<string, number> {
  const pairs = new Map<string, number>();
  const text = words.join(' ');
  for (let index = 0; index + 1 < text.length; index++) {
    const pair = text.slice(index, index + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}

/** Dice's coefficient on letter pairs: 1 for the same letters, 0 for none in common. */
function pairSimilarity(a: readonly string[], b: readonly string[]): number {
  const pairsA = letterPairs(a);
  const pairsB = letterPairs(b);
  let shared = 0;
  let total = 0;
  for (const [pair, count] of pairsA) {
    shared += Math.min(count, pairsB.get(pair) ?? 0);
    total += count;
  }
  for (const count of pairsB.values()) total += count;
  return total === 0 ? 0 : (2 * shared) / total;
}

/**
 * Whether two names plausibly name one place, once it is known they stand a few hundred metres
 * apart: one name's words all among the other's ("Kremlin" and "Grand Kremlin Palace", "Acropolis"
 * and "Acropolis of Athens"), or nearly the same letters ("Petersberg Citadel" and "Citadel
 * Petersberg", "Hofburg" and "Hofburg Palace"), unless a word tells them apart (old and new, north
 * and south, a number).
 */
export function similarNames(a: string, b: string): boolean {
  const wordsA = wordsOf(a);
  const wordsB = wordsOf(b);
  if (wordsA.length === 0 || wordsB.length === 0) return false;
  const setA = new Set(wordsA);
  const setB = new Set(wordsB);
  const differing = [...setA].filter((word) => !setB.has(word)).concat([...setB].filter((word) => !setA.has(word)));
  if (differing.some((word) => contrastWords.has(word) || /^\d+$/.test(word))) return false;
  const within = (inner: Set<string>, outer: Set<string>) => [...inner].every((word) => outer.has(word)) && [...inner].some((word) => word.length >= 4);
  if (within(setA, setB) || within(setB, setA)) return true;
  return pairSimilarity(wordsA, wordsB) >= 0.75;
}
