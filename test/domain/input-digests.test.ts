import { describe, expect, it } from 'vitest';
import { DigestList, digestBytes } from '../../src/domain/input-digests.ts';

/** A list of `count` digests, the i-th made of the byte i + 1 repeated. */
function digestsOf(count: number): DigestList {
  const list = new DigestList(2);
  for (let index = 0; index < count; index++) list.push(new Uint8Array(digestBytes).fill(index + 1));
  return list;
}

describe('a list of input digests', () => {
  it('gathers the digests at scattered positions into one buffer, in the order asked', () => {
    const list = digestsOf(10);
    const gathered = list.gathered([7, 2, 9]);
    expect(gathered).toEqual(new Uint8Array([...list.at(7), ...list.at(2), ...list.at(9)]));
    // The order is part of what a file is keyed by: the same records in another order are another file.
    expect(list.gathered([2, 7, 9])).not.toEqual(gathered);
    expect(list.gathered([])).toEqual(new Uint8Array(0));
  });

  it('takes a digest out of a run of them, and the same digests in another order', () => {
    const list = digestsOf(4);
    const run = list.gathered([3, 1]);
    const taken = new DigestList(1);
    taken.push(run, 1);
    taken.push(run, 0);
    expect(taken.range(0, 2)).toEqual(list.gathered([1, 3]));
    expect(() => taken.push(run, 2)).toThrow(RangeError);
    expect(list.reordered([2, 0]).range(0, 2)).toEqual(list.gathered([2, 0]));
  });

  it('refuses a position it does not hold', () => {
    const list = digestsOf(3);
    expect(() => list.gathered([0, 3])).toThrow(/no digest at 3 of 3/);
    expect(() => list.gathered([-1])).toThrow(RangeError);
  });
});
