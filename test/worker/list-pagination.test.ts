import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { landmarkList } from '../../src/schema/api.ts';
import { emitApiSite } from '../support/api-site.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

/**
 * Follows nextCursor from `cursor` (the first page when null), as the spec tells clients to, for
 * `pages` pages or to the last page.
 */
async function walkFrom(site: RunningSite, limit: number, cursor: string | null, pages = Infinity): Promise<{ slugs: string[]; pages: number; nextCursor: string | null }> {
  const slugs: string[] = [];
  let walked = 0;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await site.get(`/api/public/v1/landmarks?${query}`);
    expect(response.status).toBe(200);
    const body = landmarkList.parse(await response.json());
    expect(body.landmarks.length).toBeLessThanOrEqual(limit);
    expect(body.pagination.hasMore).toBe(body.pagination.nextCursor !== null);
    slugs.push(...body.landmarks.map((landmark) => landmark.slug));
    cursor = body.pagination.nextCursor;
    walked++;
  } while (cursor && walked < pages);
  return { slugs, pages: walked, nextCursor: cursor };
}

/** Follows nextCursor from the first page to the last. */
const walk = (site: RunningSite, limit: number) => walkFrom(site, limit, null);

/** The cursor the list gives after `slug`: the position it names, in the list's own encoding. */
const cursorAfter = (slug: string) => Buffer.from(JSON.stringify({ v: 2, k: 'landmarks', after: slug })).toString('base64url');

/**
 * The whole walk of a catalogue whose slugs are known, as up to `clients` clients at once, each
 * following nextCursor through its own stretch of whole pages: each starts from the cursor the
 * stretch before must end with, and that stretch's last nextCursor is checked to be exactly it, so
 * every cursor the single walk would follow is still given by the Worker and followed. At limit 1,
 * 2,345 requests one after another took a minute of a loaded machine.
 */
async function walkInStretches(site: RunningSite, limit: number, slugs: readonly string[], clients = 8): Promise<{ slugs: string[]; pages: number }> {
  const totalPages = Math.max(1, Math.ceil(slugs.length / limit));
  const stretches = Math.min(clients, totalPages);
  const firstPages = Array.from({ length: stretches + 1 }, (_, stretch) => Math.floor((stretch * totalPages) / stretches));
  const walks = await Promise.all(
    firstPages.slice(0, -1).map((firstPage, stretch) => {
      const start = firstPage === 0 ? null : cursorAfter(slugs[firstPage * limit - 1]!);
      const last = stretch === stretches - 1;
      return walkFrom(site, limit, start, last ? Infinity : firstPages[stretch + 1]! - firstPage);
    }),
  );
  walks.forEach(({ nextCursor }, stretch) => {
    const next = firstPages[stretch + 1]!;
    expect(nextCursor, `the cursor ending stretch ${stretch}`).toBe(stretch === stretches - 1 ? null : cursorAfter(slugs[next * limit - 1]!));
  });
  return { slugs: walks.flatMap((stretch) => stretch.slugs), pages: walks.reduce((sum, stretch) => sum + stretch.pages, 0) };
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
    const { slugs, pages } = await walkInStretches(site, limit, allSlugs);
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
    const cursor = cursorAfter(allSlugs[41]!);
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
