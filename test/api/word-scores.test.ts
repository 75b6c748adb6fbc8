import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchShards } from '../../src/api/search/build-index.ts';
import { postingWidth } from '../../src/api/search/shard.ts';
import { bestOfScores, ScoresWalk, scoresOfPostings, type WordScores } from '../../src/api/search/word-scores.ts';
import { buildCatalogue, summaryOf } from '../../src/domain/catalogue.ts';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';

/** Postings of one word: distinct landmarks in rising order, each with a field mask and a popularity. */
const postingsArbitrary = fc
  .uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 60 })
  .chain((landmarks) => fc.tuple(...[...landmarks].sort((a, b) => a - b).map((landmark) => fc.tuple(fc.constant(landmark), fc.integer({ min: 1, max: 127 }), fc.integer({ min: 0, max: 300 })))))
  .map((triples) => triples.flat());

const asMap = ({ landmarks, scores, popularity }: WordScores) => new Map(landmarks.map((landmark, at) => [landmark, { score: scores[at], popularity: popularity[at] }]));

describe("a term's scores", () => {
  it("hold every landmark of any word once, with its best score, in landmark order", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(postingsArbitrary, fc.constantFrom(1, 0.6, 0.45)), { maxLength: 9 }), (words) => {
        const lists = words.map(([postings, weight]) => scoresOfPostings(postings, weight));
        const merged = bestOfScores(lists);
        // What a map of each landmark's best score, the first list's on a tie, holds.
        const expected = new Map<number, { score: number; popularity: number }>();
        for (const list of lists) for (const [landmark, match] of asMap(list)) if (!expected.has(landmark) || expected.get(landmark)!.score < match.score!) expected.set(landmark, match as { score: number; popularity: number });
        expect(asMap(merged)).toEqual(expected);
        expect(merged.landmarks).toEqual([...expected.keys()].sort((a, b) => a - b));
      }),
      { numRuns: 300 },
    );
  });

  it('are walked in rising order, finding each landmark they hold and no other', () => {
    const scores = scoresOfPostings([2, 1, 0, 5, 1, 0, 9, 1, 0], 1);
    const walk = new ScoresWalk(scores);
    expect([1, 2, 3, 5, 9, 10].map((landmark) => walk.positionOf(landmark))).toEqual([-1, 0, -1, 1, 2, -1]);
  });

  it('come from postings the index writes in landmark order', () => {
    const summaries = buildCatalogue(syntheticCatalogueInput({ landmarks: 2_000, reports: 0, seed: 4 }), 'https://x.test').landmarks.map(summaryOf);
    for (const shard of buildSearchShards(summaries).values()) {
      for (const postings of Object.values(shard.words)) {
        const landmarks = postings.filter((_, at) => at % postingWidth === 0);
        expect(landmarks.every((landmark, at) => at === 0 || landmark > landmarks[at - 1]!)).toBe(true);
      }
    }
  });
});
