import { bestFieldWeight } from './fields.ts';
import { shardKeyOf, withinOneEdit, wordsOf } from './normalize.ts';
import { postingWidth, type SearchShard } from './shard.ts';

/** How much each kind of word match counts, before the field's weight. */
const matchWeights = { exact: 1, prefix: 0.6, typo: 0.45 };
/** Words shorter than this must be spelled right: one typo in a short word matches too much. */
const minimumTypoLength = 5;

export const maxSearchResults = 20;

export interface SearchHit {
  landmarkIndex: number;
  score: number;
  popularity: number;
}

/**
 * The words a query searches for. One-letter words are dropped: they would need every shard of
 * their letter and match nearly everything anyway. No word left means nothing to search for.
 */
export function queryWords(query: string): string[] {
  return wordsOf(query).filter((word) => [...word].length >= 2);
}

/** Each landmark's best score for one query word: exact beats prefix beats a typo, name beats place. */
function scoresForWord(shard: SearchShard | undefined, word: string, isLastWord: boolean): Map<number, { score: number; popularity: number }> {
  const scores = new Map<number, { score: number; popularity: number }>();
  if (!shard) return scores;
  const allowTypo = [...word].length >= minimumTypoLength;
  for (const [candidate, postings] of Object.entries(shard.words)) {
    const matchWeight =
      candidate === word
        ? matchWeights.exact
        : isLastWord && candidate.startsWith(word)
          ? matchWeights.prefix
          : allowTypo && withinOneEdit(candidate, word)
            ? matchWeights.typo
            : 0;
    if (matchWeight === 0) continue;
    for (let offset = 0; offset < postings.length; offset += postingWidth) {
      const landmarkIndex = postings[offset]!;
      const score = matchWeight * bestFieldWeight(postings[offset + 1]!);
      const previous = scores.get(landmarkIndex);
      if (!previous || previous.score < score) scores.set(landmarkIndex, { score, popularity: postings[offset + 2]! });
    }
  }
  return scores;
}

/**
 * Landmarks matching every word of the query (the last word also as a prefix, as people type),
 * ranked by match quality, then popularity, then slug order. Loads only the shards it needs.
 */
export async function runSearch(
  words: readonly string[],
  loadShard: (key: string) => Promise<SearchShard | undefined>,
): Promise<{ total: number; hits: SearchHit[] }> {
  const shards = await Promise.all(words.map((word) => loadShard(shardKeyOf(word))));
  let combined: Map<number, SearchHit> | undefined;
  words.forEach((word, position) => {
    const scores = scoresForWord(shards[position], word, position === words.length - 1);
    const next = new Map<number, SearchHit>();
    for (const [landmarkIndex, { score, popularity }] of scores) {
      if (combined && !combined.has(landmarkIndex)) continue;
      next.set(landmarkIndex, { landmarkIndex, popularity, score: (combined?.get(landmarkIndex)?.score ?? 0) + score });
    }
    combined = next;
  });
  const hits = [...(combined?.values() ?? [])].sort(
    (a, b) => b.score - a.score || b.popularity - a.popularity || a.landmarkIndex - b.landmarkIndex,
  );
  return { total: hits.length, hits: hits.slice(0, maxSearchResults) };
}
