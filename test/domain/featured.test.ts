import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { buildCatalogue, summaryOf } from '../../src/domain/catalogue.ts';
import { answersDay, distinctRandomIndexes, featuredFileBytes, popularForDays, popularLandmarks } from '../../src/domain/featured.ts';
import { presentLandmarkSummary } from '../../src/api/present.ts';
import { addDays } from '../../src/schema/calendar.ts';

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

describe('the popular landmarks cut to the days they answer from one file', () => {
  // Skewed so that the most reported landmarks hold thousands of reports each, observed over 400
  // days, a tenth announced ahead: their whole timelines make the whole file several times 1 MB.
  const input = syntheticCatalogueInput({ landmarks: 300, reports: 60_000, seed: 12, skew: 1.1, realistic: true });
  const summaries = buildCatalogue(input, 'https://x.test').landmarks.map(summaryOf);
  const popular = popularLandmarks(summaries);
  const cut = popularForDays(popular, summaries);

  it('fits in 1 MB where the whole summaries do not, and starts on the latest confirmation', () => {
    const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
    expect(bytes(popular)).toBeGreaterThan(featuredFileBytes);
    expect(bytes(cut)).toBeLessThanOrEqual(featuredFileBytes);
    const latest = [...input.reports].map((report) => report.frontmatter.confirmations?.at(-1)?.date ?? report.frontmatter.observedAt).sort().at(-1)!;
    expect(cut.days.first).toBe(latest.slice(0, 10));
    expect(cut.days.last > cut.days.first).toBe(true);
  });

  it('answers every day of its range as the whole summaries do: condition, reports in effect, what comes next', () => {
    for (let day = cut.days.first; day <= cut.days.last; day = addDays(day, 1)) {
      expect(answersDay(cut, day)).toBe(true);
      expect(cut.landmarks.map((landmark) => presentLandmarkSummary(landmark, day))).toEqual(popular.map((landmark) => presentLandmarkSummary(landmark, day)));
    }
    expect(answersDay(cut, addDays(cut.days.first, -1))).toBe(false);
    expect(answersDay(cut, addDays(cut.days.last, 1))).toBe(false);
  });
});
