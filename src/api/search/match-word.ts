import { bestFieldWeight } from './fields.ts';
import { withinOneEdit } from './normalize.ts';
import { postingWidth, type SearchShard } from './shard.ts';

/** How much each kind of word match counts, before the field's weight. */
export const matchWeights = { exact: 1, prefix: 0.6, typo: 0.45 } as const;
/** Words shorter than this must be spelled right: one typo in a short word matches too much. */
export const minimumTypoLength = 5;

/** Each landmark's best score for one query word, with its popularity to break ties. */
export type WordScores = Map<number, { score: number; popularity: number }>;

/** Counts the landmarks of one indexed word, keeping each landmark's best score. */
export function addPostings(scores: WordScores, postings: readonly number[], matchWeight: number): void {
  for (let offset = 0; offset < postings.length; offset += postingWidth) {
    const landmarkIndex = postings[offset]!;
    const score = matchWeight * bestFieldWeight(postings[offset + 1]!);
    const previous = scores.get(landmarkIndex);
    if (!previous || previous.score < score) scores.set(landmarkIndex, { score, popularity: postings[offset + 2]! });
  }
}

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
  const scores: WordScores = new Map();
  if (!shard) return { scores, known: false };
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
    addPostings(scores, postings, matchWeight);
  }
  return { scores, known };
}
