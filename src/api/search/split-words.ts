import { addPostings, matchInShard, matchWeights, type WordScores } from './match-word.ts';
import { shardKeyOf } from './normalize.ts';
import type { SearchShard } from './shard.ts';

/**
 * The most other shards one typed word reads for the ways of splitting it. With the shards its
 * typos may read (first-letter-typos.ts), a query stays a handful of small files.
 */
export const maxSplitShardsPerWord = 2;

/** A word found as two indexed words counts a little less than each found as typed, as joined terms do. */
const splitWeight = 0.8;

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
  const scores: WordScores = new Map();
  if (!ownShard) return scores;
  const characters = [...word];
  const splits: { head: string; tail: string }[] = [];
  for (let cut = characters.length - 2; cut >= 2 && splits.length < maxSplitShardsPerWord; cut--) {
    const head = characters.slice(0, cut).join('');
    if (Object.hasOwn(ownShard.words, head)) splits.push({ head, tail: characters.slice(cut).join('') });
  }
  const tailShards = await Promise.all(splits.map(({ tail }) => loadShard(shardKeyOf(tail))));
  splits.forEach(({ head, tail }, position) => {
    const tailScores = matchInShard(tailShards[position], tail, { prefix: isLast, typo: false }).scores;
    if (tailScores.size === 0) return;
    const headScores: WordScores = new Map();
    addPostings(headScores, ownShard.words[head]!, matchWeights.exact);
    for (const [landmarkIndex, headMatch] of headScores) {
      const tailMatch = tailScores.get(landmarkIndex);
      if (!tailMatch) continue;
      const score = splitWeight * Math.min(headMatch.score, tailMatch.score);
      if ((scores.get(landmarkIndex)?.score ?? 0) < score) scores.set(landmarkIndex, { score, popularity: headMatch.popularity });
    }
  });
  return scores;
}
