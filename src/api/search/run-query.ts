import { firstInOrder } from '../../domain/first-in-order.ts';
import { firstLetterTypoScores } from './first-letter-typos.ts';
import { joinedTermWeight, matchInShard } from './match-word.ts';
import { shardKeyOf, wordsOf } from './normalize.ts';
import { splitWordScores } from './split-words.ts';
import { bestOfScores, ScoresWalk, type WordScores } from './word-scores.ts';
import { queryTerms, type QueryTerm } from './query-terms.ts';
import type { SearchShard } from './shard.ts';

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

/**
 * One term's landmarks: in its own shard, and for a word as typed that the index does not know,
 * also one edit away in its first letters, or else as two indexed words run together. Joined terms
 * must match as they are: a typo would let short words ("bog ben") through.
 */
async function termScores(
  term: QueryTerm,
  isLast: boolean,
  ownShard: SearchShard | undefined,
  loadShard: (key: string) => Promise<SearchShard | undefined>,
): Promise<WordScores> {
  const typed = term.span === 1;
  const { scores, known } = matchInShard(ownShard, term.text, { prefix: isLast, typo: typed });
  if (!typed || known) return scores;
  const withTypos = bestOfScores([scores, await firstLetterTypoScores(term.text, loadShard)]);
  // Read as two words only when nothing else matched: a typo query reads no more files for it.
  return withTypos.landmarks.length > 0 ? withTypos : splitWordScores(term.text, isLast, ownShard, loadShard);
}

/** A term with its scores, walked through as the landmarks are covered in rising order. */
interface ScoredTerm {
  term: QueryTerm;
  scores: ScoresWalk;
}

/**
 * A landmark's best score over the ways of reading the query as terms, every word matched once:
 * "sagrada familia" as two words, or as "sagradafamilia". Undefined when some word is unmatched.
 * Landmarks are covered in rising order (ScoresWalk).
 */
function bestCover(landmarkIndex: number, wordCount: number, termsEndingAt: ScoredTerm[][]): SearchHit | undefined {
  // best[n]: the best score with the first n words matched.
  const best: (number | undefined)[] = [0];
  let popularity = 0;
  for (let end = 1; end <= wordCount; end++) {
    for (const { term, scores } of termsEndingAt[end]!) {
      const at = scores.positionOf(landmarkIndex);
      const before = best[term.first];
      if (at < 0 || before === undefined) continue;
      const score = before + scores.of.scores[at]! * term.span * (term.span > 1 ? joinedTermWeight : 1);
      if (score > (best[end] ?? -1)) best[end] = score;
      popularity = scores.of.popularity[at]!;
    }
  }
  const score = best[wordCount];
  return score === undefined ? undefined : { landmarkIndex, score, popularity };
}

/**
 * Landmarks matching every word of the query (the last word also as a prefix, as people type),
 * ranked by match quality, then popularity, then slug order. Loads only the shards it needs: its
 * words' own, and for a word the index does not know, a few more (first-letter-typos.ts).
 */
export async function runSearch(
  words: readonly string[],
  loadShard: (key: string) => Promise<SearchShard | undefined>,
): Promise<{ total: number; hits: SearchHit[] }> {
  // Words of one query often share a shard, or end where another starts: each file is read once.
  const loaded = new Map<string, Promise<SearchShard | undefined>>();
  const loadOnce = (key: string) => loaded.get(key) ?? loaded.set(key, loadShard(key)).get(key)!;
  const terms = queryTerms(words);
  const keys = [...new Set(terms.map((term) => shardKeyOf(term.text)))];
  const shards = new Map(await Promise.all(keys.map(async (key) => [key, await loadOnce(key)] as const)));
  const lastWord = words.length - 1;
  const scored = await Promise.all(
    terms.map(async (term) => ({ term, scores: await termScores(term, term.first + term.span - 1 === lastWord, shards.get(shardKeyOf(term.text)), loadOnce) })),
  );

  const termsEndingAt = Array.from({ length: words.length + 1 }, (): ScoredTerm[] => []);
  for (const { term, scores } of scored) termsEndingAt[term.first + term.span]!.push({ term, scores: new ScoresWalk(scores) });
  // Every landmark a reading of the first word finds, in rising order.
  const candidates = bestOfScores(scored.filter(({ term }) => term.first === 0).map(({ scores }) => scores)).landmarks;
  const hits = candidates.map((landmarkIndex) => bestCover(landmarkIndex, words.length, termsEndingAt)).filter((hit) => hit !== undefined);
  // A common word matches a tenth of 100,000 landmarks; only the first few are answered.
  const ranked = firstInOrder(hits, maxSearchResults, (a, b) => b.score - a.score || b.popularity - a.popularity || a.landmarkIndex - b.landmarkIndex);
  return { total: hits.length, hits: ranked };
}
