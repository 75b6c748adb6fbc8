import { describe, expect, it } from 'vitest';
import { bucketCountFor, bucketOf, bucketRuns, keyHashesOf } from '../../src/domain/buckets.ts';

describe('hash buckets', () => {
  it('put each record once in the bucket its key hashes to, in record order, as the Worker looks it up', () => {
    const keys = Array.from({ length: 1000 }, (_, index) => `report-${index}`);
    const count = bucketCountFor(keys.length);
    const { positions, ends } = bucketRuns(keyHashesOf(keys), count);
    expect(ends).toHaveLength(count);
    expect(ends[count - 1]).toBe(keys.length);
    expect([...positions].sort((a, b) => a - b)).toEqual(keys.map((_, index) => index));
    for (let bucket = 0; bucket < count; bucket++) {
      const run = [...positions.subarray(bucket === 0 ? 0 : ends[bucket - 1], ends[bucket])];
      expect(run).toEqual([...run].sort((a, b) => a - b));
      for (const position of run) expect(bucketOf(keys[position]!, count)).toBe(bucket);
    }
  });

  it('leave buckets no key hashes to empty, and hold nothing when there are no records', () => {
    const { positions, ends } = bucketRuns(keyHashesOf(['only']), 8);
    expect(positions).toEqual(Uint32Array.of(0));
    const bucket = bucketOf('only', 8);
    expect([...ends]).toEqual(Array.from({ length: 8 }, (_, index) => (index < bucket ? 0 : 1)));
    expect(bucketRuns(new Uint32Array(0), 4)).toEqual({ positions: new Uint32Array(0), ends: new Uint32Array(4) });
  });
});
