import { matchWeights, minimumTypoLength } from './match-word.ts';
import { endingShardKeyOf, shardKeyOf, withinOneEdit } from './normalize.ts';
import type { SearchShard } from './shard.ts';
import { bestOfScores, noScores, scoresOfPostings, type WordScores } from './word-scores.ts';

/**
 * The most other shards one misspelt word reads for its candidates. A query then reads at most
 * its words' shards, plus, for each word the index does not know, the shard of its ending and
 * these: a search stays a handful of small files whatever the catalogue's size. Candidates come
 * most popular first, so a cut keeps the landmarks a traveller most likely meant.
 */
export const maxOtherShardsPerWord = 3;

/**
 * Landmarks of the words one edit from `word` that start with other letters, for a traveller who
 * heard the name ("ieffel" for "eiffel", "rajmahal" for "tajmahal"). Such an edit leaves the word's
 * last two characters alone, so the shard of those characters lists the candidates (shard.ts);
 * their landmarks are read in their own shards.
 */
export async function firstLetterTypoScores(word: string, loadShard: (key: string) => Promise<SearchShard | undefined>): Promise<WordScores> {
  if ([...word].length < minimumTypoLength) return noScores();
  const ownKey = shardKeyOf(word);
  const candidatesByKey = new Map<string, string[]>();
  for (const candidate of (await loadShard(endingShardKeyOf(word)))?.endings ?? []) {
    const key = shardKeyOf(candidate);
    if (key === ownKey || !withinOneEdit(candidate, word)) continue;
    if (!candidatesByKey.has(key) && candidatesByKey.size === maxOtherShardsPerWord) continue;
    candidatesByKey.set(key, [...(candidatesByKey.get(key) ?? []), candidate]);
  }
  const shards = await Promise.all([...candidatesByKey.keys()].map(loadShard));
  const matches = [...candidatesByKey.values()].flatMap((candidates, position) =>
    candidates.flatMap((candidate) => {
      const postings = shards[position]?.words[candidate];
      return postings ? [scoresOfPostings(postings, matchWeights.typo)] : [];
    }),
  );
  return bestOfScores(matches);
}
