import { describe, expect, it } from 'vitest';
import { dayCountsOf } from '../../src/domain/condition-timeline.ts';
import { sharedDayCounts } from '../../src/domain/shared-values.ts';
import { dayCountsByRank } from '../../src/kept/day-counts-by-rank.ts';

describe("a kept landmark's day counts, from its reports' columns", () => {
  // A shard's strings hold each value once, days among other values, in the order first met.
  const strings = ['closed', '2026-03-01', '2025-12-31', 'open', '2026-03-01T10:00:00Z', '2026-01-15', '2026-03-02'];
  const days = [1, 2, 5, 6];

  it('count as dayCountsOf counts the same days as strings, repeated and out of order', () => {
    const dayCounts = dayCountsByRank(strings);
    // 40 reports' days in the shard's column, in no order; landmarks name some of them.
    const column = Int32Array.from({ length: 40 }, (_, index) => days[(index * 7) % days.length]!);
    const landmarks = [[], [3], [0, 1, 2, 3, 4, 5, 6, 7], [39, 0, 12, 5, 5, 20], Array.from({ length: 40 }, (_, index) => 39 - index)];
    for (const reports of landmarks) {
      const positions = Uint32Array.from(reports);
      expect(dayCounts(column, positions, sharedDayCounts())).toEqual(dayCountsOf(reports.map((position) => strings[column[position]!]!)));
    }
    expect(dayCounts(column, Uint32Array.from([0, 1, 2, 3, 4]), sharedDayCounts())).toEqual([
      ['2025-12-31', 1],
      ['2026-01-15', 2],
      ['2026-03-01', 4],
      ['2026-03-02', 5],
    ]);
  });

  it("share equal pairs between landmarks, as the build's do", () => {
    const dayCounts = dayCountsByRank(strings);
    const pair = sharedDayCounts();
    const column = Int32Array.from([1, 2, 1, 2]);
    const [first, second] = [dayCounts(column, Uint32Array.from([0, 1]), pair), dayCounts(column, Uint32Array.from([3, 2]), pair)];
    expect(second).toEqual(first);
    expect(second[0]).toBe(first[0]);
  });
});
