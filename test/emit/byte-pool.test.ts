import { describe, expect, it } from 'vitest';
import { bytePool } from '../../src/emit/byte-pool.ts';

describe('the pool of buffers for files being written', () => {
  it('never hands out one memory to two files in flight, and reuses it once given back', () => {
    const pool = bytePool();
    const first = pool.take(100_000);
    const second = pool.take(100_000);
    expect(first.length).toBe(100_000);
    expect(first.buffer).not.toBe(second.buffer);
    first.fill(1);
    second.fill(2);
    expect(first.every((byte) => byte === 1)).toBe(true);

    pool.give(first);
    const third = pool.take(5);
    expect(third.buffer).toBe(first.buffer);
    expect(third.length).toBe(5);
  });

  it('holds no more than 64 MB of free buffers', () => {
    const pool = bytePool();
    const taken = Array.from({ length: 3 }, () => pool.take(30 * 2 ** 20));
    for (const bytes of taken) pool.give(bytes);
    // Two of 32 MB each are kept; the third is left to the collector.
    const again = Array.from({ length: 3 }, () => pool.take(30 * 2 ** 20));
    expect(again.filter((bytes) => taken.some((before) => before.buffer === bytes.buffer))).toHaveLength(2);
  });

  it('gives the smallest free buffer that fits, and a new one when none does', () => {
    const pool = bytePool();
    const large = pool.take(3_000_000);
    const small = pool.take(10);
    pool.give(large);
    pool.give(small);
    // The small one fits a small file; the large one is left for a large file.
    expect(pool.take(1_000).buffer).toBe(small.buffer);
    expect(pool.take(2_000_000).buffer).toBe(large.buffer);
    const larger = pool.take(5_000_000);
    expect(larger.buffer).not.toBe(large.buffer);
    expect(larger.length).toBe(5_000_000);
  });
});
