import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkSorted, collectPage } from '../../src/domain/keyset-chunks.ts';

async function walkAll(keys: string[], chunkSize: number, limit: number): Promise<string[]> {
  const { manifest, chunks } = chunkSorted(keys, (key) => key, chunkSize);
  const seen: string[] = [];
  let after: string | undefined;
  for (;;) {
    const start = after;
    const page = await collectPage(manifest, async (index) => chunks[index]!, {
      limit,
      keyOf: (key) => key,
      isAfterStart: (key) => start === undefined || key > start,
    });
    seen.push(...page.items);
    if (!page.hasMore) return seen;
    after = page.items[page.items.length - 1];
  }
}

describe('keyset paging over chunks', () => {
  it('walks any sorted set exactly once, whatever the chunk size and limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,6}$/), { maxLength: 300 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 1000 }),
        async (keys, chunkSize, limit) => {
          const sorted = [...keys].sort();
          expect(await walkAll(sorted, chunkSize, limit)).toEqual(sorted);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('starts after a position that is no longer in the set', async () => {
    const { manifest, chunks } = chunkSorted(['a', 'c', 'e', 'g'], (key) => key, 2);
    const page = await collectPage(manifest, async (index) => chunks[index]!, { limit: 2, keyOf: (key) => key, isAfterStart: (key) => key > 'd' });
    expect(page).toEqual({ items: ['e', 'g'], hasMore: false });
  });
});
