import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { changeList, featuredLandmarks, landmarkDetail } from '../../src/schema/api.ts';
import { emitApiSite } from '../support/api-site.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

const catalogue = syntheticCatalogueInput({ landmarks: 120, reports: 700, seed: 3, today: '2026-11-01' });
const byUpdate = [...catalogue.reports].sort((a, b) => (a.committedAt! < b.committedAt! ? -1 : a.committedAt! > b.committedAt! ? 1 : a.id < b.id ? -1 : 1));
let site: RunningSite;

beforeAll(async () => {
  site = await startSite(await emitApiSite(catalogue), { fixedNow: '2026-11-02T12:00:00Z' });
});
afterAll(async () => {
  await site?.dispose();
});

async function changes(query: string) {
  const response = await site.get(`/api/public/v1/changes${query}`);
  expect(response.status).toBe(200);
  return changeList.strict().parse(await response.json());
}

describe('getChanges', () => {
  it('lists reports updated after updated_since, oldest first, and resumes from a cursor without loss', async () => {
    const since = '2026-06-01T00:00:00Z';
    const expected = byUpdate.filter((report) => report.committedAt! > since).map((report) => report.id);
    const seen: string[] = [];
    let page = await changes(`?updated_since=${since}&limit=37`);
    seen.push(...page.changes.map((change) => change.id));
    while (page.pagination.nextCursor) {
      page = await changes(`?updated_since=${since}&limit=37&cursor=${page.pagination.nextCursor}`);
      seen.push(...page.changes.map((change) => change.id));
    }
    expect(seen).toEqual(expected);
    expect(expected.length).toBeGreaterThan(100);
  });

  it('reads a plain date as 00:00 UTC', async () => {
    expect((await changes('?updated_since=2026-06-01&limit=5')).updatedSince).toBe('2026-06-01T00:00:00Z');
    expect((await changes('?updated_since=2026-06-01T02:00:00%2B02:00&limit=5')).updatedSince).toBe('2026-06-01T00:00:00Z');
  });

  it('defaults to the last 30 days before the request', async () => {
    const body = await changes('?limit=1000');
    expect(body.updatedSince).toBe('2026-10-03T12:00:00Z');
    expect(body.changes.map((change) => change.id)).toEqual(byUpdate.filter((report) => report.committedAt! > '2026-10-03T12:00:00Z').map((report) => report.id));
  });

  it('marks each change current or not as of the request', async () => {
    const body = await changes('?updated_since=2026-10-01&limit=1000');
    for (const change of body.changes) expect(change.isCurrent).toBe(change.currentUntil >= '2026-11-02');
  });

  it.each(['yesterday', '2026-13-01', '2025-02-30', '2025-02-30T00:00:00Z', '2026-06-01T10:00', '1717200000', ''])('refuses updated_since=%j with a 400', async (value) => {
    const response = await site.get(`/api/public/v1/changes?updated_since=${encodeURIComponent(value)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { parameter: 'updated_since' } });
  });

  it('refuses a list cursor', async () => {
    const list = (await (await site.get('/api/public/v1/landmarks?limit=1')).json()) as { pagination: { nextCursor: string } };
    const response = await site.get(`/api/public/v1/changes?cursor=${list.pagination.nextCursor}`);
    expect(response.status).toBe(400);
  });
});

describe('getFeaturedLandmarks', () => {
  it('gives the 50 most popular and 12 distinct random landmarks, drawn anew for every request', async () => {
    const draws: string[][] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await site.get('/api/public/v1/featured');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = featuredLandmarks.strict().parse(await response.json());
      expect(body.popular).toHaveLength(50);
      const random = body.random.map((landmark) => landmark.slug);
      expect(new Set(random).size).toBe(12);
      draws.push(random);
    }
    expect(new Set(draws.map((draw) => draw.join())).size).toBeGreaterThan(1);
  });
});

describe('getFeaturedLandmarks on any day', () => {
  // The popular file answers the days from the latest confirmation on; another day comes from the
  // whole summaries: each must answer as the landmark's own route does on that day. Skewed, so
  // that the popular landmarks have reports in effect and announced on most days.
  let skewed: RunningSite;
  beforeAll(async () => {
    const input = syntheticCatalogueInput({ landmarks: 80, reports: 4_000, seed: 5, skew: 1.1, realistic: true, today: '2026-11-01' });
    skewed = await startSite(await emitApiSite(input), { fixedNow: '2026-11-02T12:00:00Z' });
  });
  afterAll(async () => {
    await skewed?.dispose();
  });

  it.each(['2026-11-02', '2027-03-15', '2026-03-01', '2028-06-01'])('answers at=%s as each landmark’s own route does', async (day) => {
    const body = featuredLandmarks.strict().parse(await (await skewed.get(`/api/public/v1/featured?at=${day}`)).json());
    expect(body.asOf).toBe(day);
    for (const featured of body.popular) {
      const own = landmarkDetail.parse(await (await skewed.get(`/api/public/v1/landmarks/${featured.slug}?at=${day}`)).json());
      expect({ slug: featured.slug, currentCondition: featured.currentCondition, reportCounts: featured.reportCounts, announcedNext: featured.announcedNext }).toEqual({
        slug: own.slug,
        currentCondition: own.currentCondition,
        reportCounts: own.reportCounts,
        announcedNext: own.announcedNext,
      });
    }
  });
});

describe('a small catalogue', () => {
  it('features all of its landmarks, once each', async () => {
    const small = await startSite(await emitApiSite(syntheticCatalogueInput({ landmarks: 5, reports: 3, seed: 9 })));
    try {
      const body = featuredLandmarks.parse(await (await small.get('/api/public/v1/featured')).json());
      expect(body.popular).toHaveLength(5);
      expect(new Set(body.random.map((landmark) => landmark.slug)).size).toBe(5);
      expect(body.random).toHaveLength(5);
    } finally {
      await small.dispose();
    }
  });
});
