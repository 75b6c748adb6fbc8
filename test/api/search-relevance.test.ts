import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredLandmarkSummary } from '../../src/schema/api.ts';
import { bundledSummaries, relevanceAt, relevanceRankings, shardedSearch } from '../../scripts/lib/bench-search.ts';
import { relevanceSet } from '../../scripts/lib/search-relevance-set.ts';

// The real index, built from the bundled landmarks as the build builds it, searched as the Worker
// searches it: what a traveller typing on a phone gets back.
let summaries: StoredLandmarkSummary[];
let index: ReturnType<typeof shardedSearch>;
beforeAll(async () => {
  summaries = await bundledSummaries();
  index = shardedSearch(summaries);
});

const first = async (query: string) => (await index.search(query)).slugs[0];
const found = async (query: string) => (await index.search(query)).slugs;

describe('search forgives a name as it was heard', () => {
  it('a typo in the first letters of a word', async () => {
    expect(await first('ieffel tower')).toBe('eiffel-tower');
    expect(await first('sidney opera house')).toBe('sydney-opera-house');
    expect(await first('burj kalifa')).toBe('burj-khalifa');
    expect(await first('kyeongbokgung')).toBe('gyeongbokgung');
  });

  it('a typo later in a word, as before', async () => {
    expect(await first('eifel tower')).toBe('eiffel-tower');
    expect(await first('neuschwannstein')).toBe('neuschwanstein-castle');
  });

  it('a name typed as one word', async () => {
    expect(await first('tajmahal')).toBe('taj-mahal');
    expect(await first('sagradafamilia')).toBe('sagrada-familia');
    expect(await first('burjkhalifa')).toBe('burj-khalifa');
    expect(await first('notredame saigon')).toBe('notre-dame-cathedral-basilica-of-saigon');
  });

  it('a name typed as one word, with a typo or still being typed', async () => {
    expect(await first('tajmahl')).toBe('taj-mahal');
    expect(await first('sagradafam')).toBe('sagrada-familia');
  });

  it('a one-word name typed as two words', async () => {
    expect(await first('sky tree')).toBe('tokyo-skytree');
    expect(await first('sugar loaf')).toBe('sugarloaf-mountain');
  });

  it('a name many landmarks share, by the one most people mean', async () => {
    // Namesakes rank by their counts in content/popularity.yaml, where Paris's cathedral has one (124) and the others none yet.
    expect(await first('notredame')).toBe('notre-dame-de-paris');
    expect(await first('notre dame')).toBe('notre-dame-de-paris');
  });
});

describe('search stays strict where forgiveness would mislead', () => {
  it('a short word still needs its exact spelling', async () => {
    expect(await found('bog ben')).toEqual([]);
    expect(await found('big bem')).toEqual([]);
    expect(await found('bgi ben')).toEqual([]);
  });

  it('ranks the word as written above a typo of it', async () => {
    // "tower" is a word of Tower Bridge's name; "power" or "lower" would be one edit away.
    expect(await first('tower bridge')).toBe('tower-bridge');
    expect(await first('london tower')).toBe('tower-of-london');
  });

  it('reads only the shards of its words when every word is spelled as indexed', async () => {
    expect((await index.search('eiffel tower')).files).toBe(2);
    expect((await index.search('taj mahal')).files).toBe(2);
  });

  it('reads a few more files for a misspelt word, never many', async () => {
    const { files } = await index.search('ieffel tower');
    expect(files).toBeGreaterThan(2);
    expect(files).toBeLessThanOrEqual(6);
  });
});

describe('the relevance set (scripts/lib/search-relevance-set.ts)', () => {
  it('expects only landmarks that exist in content/', () => {
    const slugs = new Set(summaries.map((summary) => summary.slug));
    expect(relevanceSet.flatMap(({ expected }) => expected).filter((slug) => !slugs.has(slug))).toEqual([]);
  });

  it('is ranked at least as well by our search as by a MiniSearch index of the same landmarks', async () => {
    const { ourRankings, theirRankings } = await relevanceRankings(summaries);
    const all = relevanceSet.map((_, position) => position);
    const ours = relevanceAt(all, ourRankings);
    const theirs = relevanceAt(all, theirRankings);
    expect(ours.mrr).toBeGreaterThanOrEqual(theirs.mrr);
    expect(ours.hitAt1).toBeGreaterThanOrEqual(theirs.hitAt1);
  });
});
