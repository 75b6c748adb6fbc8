import { describe, expect, it } from 'vitest';
import { dayCountsOf } from '../../src/domain/condition-timeline.ts';
import { sharedDayCounts } from '../../src/domain/shared-values.ts';
import { dayCountsReader, keptDayCounts } from '../../src/kept/kept-day-counts.ts';

describe("a kept shard's day counts", () => {
  // Each landmark's report days, repeated and out of order, as dayCountsOf counts them.
  const landmarkDays = [['2026-03-01', '2025-12-31', '2026-03-01', '2026-01-15'], [], ['2026-03-02'], ['2025-12-31', '2025-12-31', '2026-03-02']];
  const lists = landmarkDays.map((days) => dayCountsOf(days));

  /** The strings of a shard, which hold other values too, and the index of each as the shard's file gives it. */
  const shardStrings = () => {
    const strings = ['closed', '2026-03-01T10:00:00Z'];
    const indexOf = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1);
    return { strings, indexOf };
  };

  it('read back, are each landmark\'s counts as they were kept, an empty list included', () => {
    const { strings, indexOf } = shardStrings();
    const kept = keptDayCounts(lists, indexOf);
    const read = dayCountsReader(strings, sharedDayCounts());
    expect(lists.map((_, position) => read(kept, position))).toEqual(lists);
    expect(read(kept, 0)).toEqual([['2025-12-31', 1], ['2026-01-15', 2], ['2026-03-01', 4]]);
    expect(read(kept, 1)).toEqual([]);
  });

  it("share equal pairs between landmarks and between shards, as the build's do", () => {
    const pair = sharedDayCounts();
    const [first, second] = [shardStrings(), shardStrings()];
    second.indexOf('2026-03-02'); // the same day at another index in the other shard
    const [keptFirst, keptSecond] = [keptDayCounts(lists, first.indexOf), keptDayCounts(lists.slice().reverse(), second.indexOf)];
    expect(second.strings).not.toEqual(first.strings);
    const [readFirst, readSecond] = [dayCountsReader(first.strings, pair), dayCountsReader(second.strings, pair)];
    // The last landmark's ['2025-12-31', 2] and ['2026-03-02', 3], read from both shards.
    const [fromFirst, fromSecond] = [readFirst(keptFirst, 3), readSecond(keptSecond, 0)];
    expect(fromSecond).toEqual(fromFirst);
    expect(fromSecond[0]).toBe(fromFirst[0]);
    expect(fromSecond[1]).toBe(fromFirst[1]);
    // Within a shard too: the first landmark's ['2025-12-31', 1] is the pair dayCountsOf would share.
    expect(readFirst(keptFirst, 0)[0]).toBe(pair('2025-12-31', 1));
  });
});
