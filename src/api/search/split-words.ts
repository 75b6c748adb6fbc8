import { joinedTermWeight, matchInShard, matchWeights } from './match-word.ts';
import { shardKeyOf } from './normalize.ts';
import type { SearchShard } from './shard.ts';
import { bestOfScores, noScores, ScoresWalk, scoresOfPostings, type WordScores } from './word-scores.ts';

/**
 * The most other shards one typed word reads for the ways of splitting it. With the shards its
 * typos may read (first-letter-typos.ts), a query stays a handful of small files.
 */
export const maxSplitShardsPerWord = 2;

/**
 * Landmarks of a typed word that runs three or more words of a name together ("goldengatebridge",
 * "montsaintmichel"). The index joins only a name's first two words ("goldengate", joined-words.ts:
 * joining more tripled its largest shard), so the word is read as an indexed word of its own shard
 * followed by the rest, an indexed word (or, for the word being typed, its start) of the rest's
 * shard; a landmark must have both. The longest first parts are tried first.
 */
export async function splitWordScores(
  word: string,
  isLast: boolean,
  ownShard: SearchShard | undefined,
  loadShard: (key: string) => Promise<SearchShard | undefined>,
): Promise<WordScores> {
  if (!ownShard) return noScores();
  const characters = [...word];
  const splits: { head: string; tail: string }[] = [];
  for (let cut = characters.length - 2; cut >= 2 && splits.length < maxSplitShardsPerWord; cut--) {
    const head = characters.slice(0, cut).join('');
    if (Object.hasOwn(ownShard.words, head)) splits.push({ head, tail: characters.slice(cut).join('') });
  }
  const tailShards = await Promise.all(splits.map(({ tail }) => loadShard(shardKeyOf(tail))));
  return bestOfScores(
    splits.map(({ head, tail }, position) => {
      const heads = scoresOfPostings(ownShard.words[head]!, matchWeights.exact);
      const tails = new ScoresWalk(matchInShard(tailShards[position], tail, { prefix: isLast, typo: false }).scores);
      // The landmarks with both, in landmark order.
      const both = noScores();
      heads.landmarks.forEach((landmark, at) => {
        const tailAt = tails.positionOf(landmark);
        if (tailAt < 0) return;
        both.landmarks.push(landmark);
        both.scores.push(joinedTermWeight * Math.min(heads.scores[at]!, tails.of.scores[tailAt]!));
        both.popularity.push(heads.popularity[at]!);
      });
      return both;
    }),
  );
}
