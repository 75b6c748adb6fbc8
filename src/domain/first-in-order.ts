/**
 * The first `count` items in the order `compare` gives, as a stable sort would put them (equal
 * items in the order they came): `[...items].sort(compare).slice(0, count)`, without sorting them
 * all. The pages and the featured file show the first few of 100,000 landmarks: sorting all of
 * them to keep eight took about a third of a second of every build at that size.
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  // Every one of them asked for: kept one at a time they would be moved about as often as there are items.
  if (count >= items.length) return [...items].sort(compare);
  const first: T[] = [];
  if (count <= 0) return first;
  for (const item of items) {
    // Most items come after the last kept one: one comparison each.
    if (first.length === count && compare(item, first[count - 1]!) >= 0) continue;
    // After every kept item it does not come before, so that equal items keep their order.
    let low = 0;
    let high = first.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(item, first[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    first.splice(low, 0, item);
    if (first.length > count) first.pop();
  }
  return first;
}
