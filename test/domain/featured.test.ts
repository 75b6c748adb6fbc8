import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { buildCatalogue, summaryOf } from '../../src/domain/catalogue.ts';
import { distinctRandomIndexes, popularLandmarks } from '../../src/domain/featured.ts';

describe('popular landmarks', () => {
  it('rank by Wikipedia editions, then those not yet counted by their number of reports', () => {
    const input = syntheticCatalogueInput({ landmarks: 80, reports: 200, seed: 4 });
    const counted = input.landmarks.slice(0, 3).map((landmark, index) => [landmark.frontmatter.wikidata, [10, 300, 42][index]!] as const);
    const summaries = buildCatalogue({ ...input, popularity: new Map(counted) }, 'https://x.test').landmarks.map(summaryOf);
    const popular = popularLandmarks(summaries);
    expect(popular).toHaveLength(50);
    expect(popular.slice(0, 3).map((landmark) => landmark.wikipediaEditions)).toEqual([300, 42, 10]);
    const rest = popular.slice(3).map((landmark) => landmark.reportCount);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });
});

describe('random draw', () => {
  it('gives distinct indexes, all of them when there are fewer than asked', () => {
    let state = 0;
    const cycling = () => (state = (state + 0.37) % 1);
    expect(new Set(distinctRandomIndexes(1000, 12, cycling)).size).toBe(12);
    expect(distinctRandomIndexes(5, 12, Math.random).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(distinctRandomIndexes(0, 12, Math.random)).toEqual([]);
  });
});
