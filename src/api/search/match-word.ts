import { withinOneEdit } from './normalize.ts';
import type { SearchShard } from './shard.ts';
import { bestOfScores, noScores, scoresOfPostings, type WordScores } from './word-scores.ts';

/** How much each kind of word match counts, before the field's weight. */
export const matchWeights = { exact: 1, prefix: 0.6, typo: 0.45 } as const;
/**
 * Two words found as one, or one as two, count a little less than each found as typed: "notre
 * dame" ranks a landmark with both words above one named "Notredame" (run-query.ts), and
 * "goldengatebridge" reads a name's words run together (split-words.ts).
 */
export const joinedTermWeight = 0.8;
/** Words shorter than this must be spelled right: one typo in a short word matches too much. */
export const minimumTypoLength = 5;

export interface ShardMatch {
  scores: WordScores;
  /** Whether the index holds the word as typed, whole or (while typing) as a prefix. */
  known: boolean;
}

/**
 * A query word against the words of its own shard: exact beats prefix (for the word being typed)
 * beats one edit (for a word long enough to tell apart), and name beats place.
 */
export function matchInShard(shard: SearchShard | undefined, word: string, allow: { prefix: boolean; typo: boolean }): ShardMatch {
  if (!shard) return { scores: noScores(), known: false };
  const matches: WordScores[] = [];
  const allowTypo = allow.typo && [...word].length >= minimumTypoLength;
  let known = false;
  for (const [candidate, postings] of Object.entries(shard.words)) {
    const matchWeight =
      candidate === word
        ? matchWeights.exact
        : allow.prefix && candidate.startsWith(word)
          ? matchWeights.prefix
          : allowTypo && withinOneEdit(candidate, word)
            ? matchWeights.typo
            : 0;
    if (matchWeight === 0) continue;
    if (matchWeight !== matchWeights.typo) known = true;
    matches.push(scoresOfPostings(postings, matchWeight));
  }
  return { scores: bestOfScores(matches), known };
}
