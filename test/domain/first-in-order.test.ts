import { describe, expect, it } from 'vitest';
import { firstInOrder } from '../../src/domain/first-in-order.ts';
import { seededRandom } from '../../scripts/lib/synthetic-content.ts';

describe('the first items in an order', () => {
  // Many equal keys, so that the order among equal items shows.
  const random = seededRandom(7);
  const items = Array.from({ length: 2000 }, (_, index) => ({ key: Math.floor(random() * 40), index }));
  const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

  it('are those a stable sort puts first, equal items in the order they came', () => {
    for (const count of [1, 2, 8, 50, 1999]) {
      expect(firstInOrder(items, count, byKey)).toEqual([...items].sort(byKey).slice(0, count));
    }
  });

  it('are every item when as many or more are asked for, and none when none are', () => {
    expect(firstInOrder(items, items.length, byKey)).toEqual([...items].sort(byKey));
    expect(firstInOrder(items, items.length + 5, byKey)).toHaveLength(items.length);
    expect(firstInOrder(items, 0, byKey)).toEqual([]);
    expect(firstInOrder([], 3, byKey)).toEqual([]);
  });

  it('leave the items as they were', () => {
    const copy = items.map((item) => ({ ...item }));
    firstInOrder(items, 10, byKey);
    expect(items).toEqual(copy);
  });
});
