import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkSorted, chunkSortedAtKeys, collectPage, wholeChunk, type PageChunk } from '../../src/api/keyset-chunks.ts';
import { fnv1aOf } from '../../src/domain/buckets.ts';

const chunkers = {
  'fixed-size chunks': (keys: string[], chunkSize: number) => chunkSorted(keys, (key) => key, chunkSize),
  'chunks cut at keys': (keys: string[], chunkSize: number) => chunkSortedAtKeys(keys, (key) => key, fnv1aOf, chunkSize),
};

async function walkAll(keys: string[], chunkSize: number, limit: number, chunker = chunkers['fixed-size chunks']): Promise<string[]> {
  const { manifest, chunks } = chunker(keys, chunkSize);
  const seen: string[] = [];
  let after: string | undefined;
  for (;;) {
    const start = after;
    const page = await collectPage(manifest, async (index) => wholeChunk(chunks[index]!, (key) => key), {
      limit,
      isAfterStart: (key) => start === undefined || key > start,
    });
    seen.push(...page.items);
    if (!page.hasMore) return seen;
    after = page.items[page.items.length - 1];
  }
}

describe('keyset paging over chunks', () => {
  it.each(Object.entries(chunkers))('walks any sorted set exactly once, whatever the chunk size and limit, over %s', async (_, chunker) => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,6}$/), { maxLength: 300 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 1000 }),
        async (keys, chunkSize, limit) => {
          const sorted = [...keys].sort();
          expect(await walkAll(sorted, chunkSize, limit, chunker)).toEqual(sorted);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('starts after a position that is no longer in the set', async () => {
    const { manifest, chunks } = chunkSorted(['a', 'c', 'e', 'g'], (key) => key, 2);
    const page = await collectPage(manifest, async (index) => wholeChunk(chunks[index]!, (key) => key), { limit: 2, isAfterStart: (key) => key > 'd' });
    expect(page).toEqual({ items: ['e', 'g'], hasMore: false });
  });

  it('reads from its chunks only the records it lists, not those before the start or the one that tells more follow', async () => {
    const keys = Array.from({ length: 40 }, (_, index) => `k${String(index).padStart(2, '0')}`);
    const { manifest, chunks } = chunkSorted(keys, (key) => key, 10);
    const read: string[] = [];
    const chunkAt = async (index: number): Promise<PageChunk<string, string>> => ({
      keys: chunks[index]!,
      recordAt: async (position) => {
        read.push(chunks[index]![position]!);
        return chunks[index]![position]!;
      },
    });
    const page = await collectPage(manifest, chunkAt, { limit: 5, isAfterStart: (key) => key > 'k07' });
    expect(page).toEqual({ items: ['k08', 'k09', 'k10', 'k11', 'k12'], hasMore: true });
    expect(read.sort()).toEqual(page.items);
  });
});

describe('chunks cut at keys (the changes feed)', () => {
  const keys = Array.from({ length: 20_000 }, (_, index) => `r${index.toString(36).padStart(5, '0')}`);

  it('hold from the minimum to twice as many records, all but the last, in no more chunks than fixed-size ones', () => {
    for (const minSize of [1, 7, 50, 500]) {
      const { manifest, chunks } = chunksAtKeys(keys, minSize);
      for (const chunk of chunks.slice(0, -1)) {
        expect(chunk.length).toBeGreaterThanOrEqual(minSize);
        expect(chunk.length).toBeLessThanOrEqual(2 * minSize);
      }
      expect(chunks.length).toBeLessThanOrEqual(Math.ceil(keys.length / minSize));
      expect(manifest).toMatchObject({ chunkSize: minSize, total: keys.length });
      expect(chunks.flat()).toEqual(keys);
    }
  });

  it('change only near an edit: a record moved to the end mostly rewrites two chunks, where fixed-size chunks rewrite all after it', () => {
    /** For 100 edits, how many chunks each left with contents the chunks before it did not have. */
    const rewritten = (chunker: (keys: string[]) => string[][]) => {
      const before = new Set(chunker(keys).map((chunk) => chunk.join()));
      return Array.from({ length: 100 }, (_, edit) => {
        const moved = keys[(edit * 7919) % keys.length]!;
        return chunker([...keys.filter((key) => key !== moved), moved]).filter((chunk) => !before.has(chunk.join())).length;
      });
    };
    const mean = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0) / counts.length;
    const atKeys = rewritten((list) => chunksAtKeys(list, 50).chunks);
    // The chunk it left and the last one; a few more when the cut after it moves.
    expect(atKeys.filter((count) => count <= 2).length).toBeGreaterThanOrEqual(85);
    expect(mean(atKeys)).toBeLessThanOrEqual(4);
    expect(mean(rewritten((list) => chunkSorted(list, (key) => key, 50).chunks))).toBeGreaterThan(100);
  });
});

function chunksAtKeys(keys: string[], minSize: number) {
  return chunkSortedAtKeys(keys, (key) => key, fnv1aOf, minSize);
}
