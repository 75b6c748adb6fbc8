import { describe, expect, it } from 'vitest';
import { positionsByKey } from '../../src/emit/positions-by-key.ts';

describe('positions by key', () => {
  it('finds the position of every key, in any order, and -1 for a key it does not hold', () => {
    // Report-like ids, and keys that differ in one character or only in length, which hash close together.
    const keys = Array.from({ length: 20_000 }, (_, index) => (index * 7919).toString(36).padStart(10, '0'));
    keys.push('a', 'aa', 'aaa', 'b', '');
    const positionOf = positionsByKey(keys.length, (position) => keys[position]!);
    const shuffled = keys.map((key, position) => ({ key, position })).sort((a, b) => (a.key.split('').reverse().join() < b.key.split('').reverse().join() ? -1 : 1));
    for (const { key, position } of shuffled) expect(positionOf(key)).toBe(position);
    for (const absent of ['zzzzzzzzzz', 'a ', '0000000001x', 'aaaa']) expect(positionOf(absent)).toBe(-1);
  });

  it('holds nothing when given no keys', () => {
    expect(positionsByKey(0, () => 'never read')('anything')).toBe(-1);
  });
});
