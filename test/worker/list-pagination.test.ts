import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { landmarkList } from '../../src/schema/api.ts';
import { emitApiSite } from '../support/api-site.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

/** Follows nextCursor from the first page to the last, as the spec tells clients to. */
async function walk(site: RunningSite, limit: number): Promise<{ slugs: string[]; pages: number }> {
  const slugs: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await site.get(`/api/public/v1/landmarks?${query}`);
    expect(response.status).toBe(200);
    const body = landmarkList.parse(await response.json());
    expect(body.landmarks.length).toBeLessThanOrEqual(limit);
    expect(body.pagination.hasMore).toBe(body.pagination.nextCursor !== null);
    slugs.push(...body.landmarks.map((landmark) => landmark.slug));
    cursor = body.pagination.nextCursor;
    pages++;
  } while (cursor);
  return { slugs, pages };
}

const catalogue = syntheticCatalogueInput({ landmarks: 2_345, reports: 3_000, seed: 7 });
const allSlugs = catalogue.landmarks.map((landmark) => landmark.slug).sort();
let site: RunningSite;

beforeAll(async () => {
  site = await startSite(await emitApiSite(catalogue));
});
afterAll(async () => {
  await site?.dispose();
});

describe('walking the landmark list with cursors', () => {
  it.each([1, 7, 500, 1000])('returns every landmark exactly once at limit %i', { timeout: 120_000 }, async (limit) => {
    const { slugs, pages } = await walk(site, limit);
    expect(slugs).toEqual(allSlugs);
    expect(pages).toBe(Math.ceil(allSlugs.length / limit));
  });

  it('defaults to 500 per page', async () => {
    const body = landmarkList.parse(await (await site.get('/api/public/v1/landmarks')).json());
    expect(body.landmarks).toHaveLength(500);
    expect(body.pagination).toMatchObject({ limit: 500, hasMore: true });
  });
});

describe('invalid paging parameters', () => {
  it.each(['0', '1001', '-1', '1.5', 'abc', '1e3', '', '+5', '05', ' 5'])('refuses limit=%j with a 400 naming limit', async (limit) => {
    const response = await site.get(`/api/public/v1/landmarks?limit=${encodeURIComponent(limit)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { status: 400, code: 'invalid_parameter', parameter: 'limit' } });
  });

  it('refuses a repeated limit', async () => {
    const response = await site.get('/api/public/v1/landmarks?limit=5&limit=6');
    expect(await response.json()).toMatchObject({ error: { parameter: 'limit', message: expect.stringContaining('give it once') } });
  });

  it('refuses every cursor that is not a current cursor of this list', async () => {
    const first = landmarkList.parse(await (await site.get('/api/public/v1/landmarks?limit=3')).json());
    const real = first.pagination.nextCursor!;
    const changesCursor = (await (await site.get('/api/public/v1/changes?updated_since=2000-01-01&limit=1')).json()) as { pagination: { nextCursor: string } };
    const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = {
      garbage: 'not-a-cursor',
      truncated: real.slice(0, -3),
      padded: `${real}=`,
      olderSignedFormat: `${made({ v: 1, k: 'landmarks', after: allSlugs[10] })}.c2lnbmF0dXJlMTI`,
      unknownVersion: made({ v: 3, k: 'landmarks', after: allSlugs[10] }),
      extraField: made({ v: 2, k: 'landmarks', after: allSlugs[10], admin: true }),
      notASlug: made({ v: 2, k: 'landmarks', after: 'Not A Slug' }),
      oversized: `${real}${'A'.repeat(500)}`,
      empty: '',
      fromChanges: changesCursor.pagination.nextCursor,
    };
    for (const [name, cursor] of Object.entries(bad)) {
      const response = await site.get(`/api/public/v1/landmarks?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toMatchObject({ error: { parameter: 'cursor', message: expect.stringContaining('pass pagination.nextCursor') } });
    }
  });

  it('reads a cursor as a plain position: one naming any slug starts the page right after it', async () => {
    const cursor = Buffer.from(JSON.stringify({ v: 2, k: 'landmarks', after: allSlugs[41] })).toString('base64url');
    const page = landmarkList.parse(await (await site.get(`/api/public/v1/landmarks?limit=2&cursor=${cursor}`)).json());
    expect(page.landmarks.map((landmark) => landmark.slug)).toEqual(allSlugs.slice(42, 44));
  });
});

describe('a walk across a deploy', () => {
  it('sees every landmark that exists before and after exactly once, when content changes mid-walk', async () => {
    const before = syntheticCatalogueInput({ landmarks: 300, reports: 0, seed: 11 });
    const removed = new Set(before.landmarks.filter((_, index) => index % 7 === 0).map((landmark) => landmark.slug));
    const added = syntheticCatalogueInput({ landmarks: 40, reports: 0, seed: 12 }).landmarks.map((landmark) => ({ ...landmark, slug: `new-${landmark.slug}` }));
    const after = { landmarks: [...before.landmarks.filter((landmark) => !removed.has(landmark.slug)), ...added], reports: [] };
    const [oldSite, newSite] = await Promise.all([startSite(await emitApiSite(before)), startSite(await emitApiSite(after))]);
    try {
      const firstPage = landmarkList.parse(await (await oldSite.get('/api/public/v1/landmarks?limit=100')).json());
      const seen = firstPage.landmarks.map((landmark) => landmark.slug);
      let cursor = firstPage.pagination.nextCursor;
      while (cursor) {
        const page = landmarkList.parse(await (await newSite.get(`/api/public/v1/landmarks?limit=100&cursor=${cursor}`)).json());
        seen.push(...page.landmarks.map((landmark) => landmark.slug));
        cursor = page.pagination.nextCursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      const survivors = before.landmarks.map((landmark) => landmark.slug).filter((slug) => !removed.has(slug));
      expect(seen).toEqual(expect.arrayContaining(survivors));
    } finally {
      await Promise.all([oldSite.dispose(), newSite.dispose()]);
    }
  });
});

describe('property: any catalogue, any limit', () => {
  it('a full walk lists the catalogue in slug order, each landmark once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1e6 }), async (count, limit, seed) => {
        const input = syntheticCatalogueInput({ landmarks: count, reports: 0, seed });
        const generated = await startSite(await emitApiSite(input));
        try {
          const { slugs } = await walk(generated, limit);
          expect(slugs).toEqual(input.landmarks.map((landmark) => landmark.slug).sort());
        } finally {
          await generated.dispose();
        }
      }),
      { numRuns: 6 },
    );
  });
});
