import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { replaceApiData } from '../../scripts/lib/synthetic-site.ts';
import { encodeCursor } from '../../src/api/cursor.ts';
import type { Catalogue } from '../../src/domain/catalogue.ts';
import { testSiteUrl } from '../support/build.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// Large enough that every kind of data file comes in many pieces: landmark and report buckets,
// list and changes chunks, search shards.
const input = syntheticCatalogueInput({ landmarks: 3_000, reports: 12_000, seed: 11 });
let catalogue: Catalogue;
let dist: string;
const sites: RunningSite[] = [];

beforeAll(async () => {
  const built = await sharedSiteOf(smallSite);
  dist = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-burst-')), 'dist');
  await cp(built, dist, { recursive: true });
  catalogue = await replaceApiData(dist, input, testSiteUrl);
});
afterAll(async () => {
  await Promise.all(sites.map((site) => site.dispose()));
});

/** Paths that each need a different data file, spread over the whole catalogue. */
async function coldPaths(): Promise<{ path: string; type: 'json' | 'html' | 'markdown' }[]> {
  const spread = <T>(items: readonly T[], count: number) => Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);
  const api = '/api/public/v1';
  const listCursors = spread(catalogue.landmarks, 10).map((landmark) => encodeCursor('landmarks', landmark.slug));
  const changeCursors = spread(catalogue.reports, 10).map((report) => encodeCursor('changes', { updatedAt: report.updatedAt, id: report.id }));
  const words = ['tower', 'bridge', 'cathedral', 'castle', 'museum', 'palace', 'gate', 'temple', 'basilica', 'munchen', 'krakow', 'reykjavik'];
  return [
    ...spread(catalogue.landmarks, 14).map((landmark) => ({ path: `${api}/landmarks/${landmark.slug}`, type: 'json' as const })),
    ...spread(catalogue.reports, 14).map((report) => ({ path: `${api}/reports/${report.id}`, type: 'json' as const })),
    ...listCursors.map((cursor) => ({ path: `${api}/landmarks?limit=100&cursor=${encodeURIComponent(cursor)}`, type: 'json' as const })),
    ...changeCursors.map((cursor) => ({ path: `${api}/changes?updated_since=2000-01-01&limit=100&cursor=${encodeURIComponent(cursor)}`, type: 'json' as const })),
    ...words.map((word) => ({ path: `${api}/search?q=${word}`, type: 'json' as const })),
    { path: `${api}/featured`, type: 'json' as const },
    { path: '/api/openapi.json', type: 'json' as const },
    ...words.slice(0, 6).map((word) => ({ path: `/search?q=${word}`, type: 'html' as const })),
    { path: '/', type: 'html' as const },
    { path: '/about', type: 'html' as const },
    // Pages rendered from the data: each reads a bucket (and the template) cold.
    ...spread(catalogue.landmarks.slice(1), 8).map((landmark) => ({ path: `/landmarks/${landmark.slug}`, type: 'html' as const })),
    ...spread(catalogue.reports.slice(1), 8).map((report) => ({ path: `/reports/${report.id}`, type: 'html' as const })),
    ...spread(catalogue.reports.slice(2), 4).map((report) => ({ path: `/reports/${report.id}.md`, type: 'markdown' as const })),
  ];
}

describe('a fresh isolate under a burst of concurrent cold requests', () => {
  it('answers every one of them, JSON or HTML, with 200', { timeout: 120_000 }, async () => {
    const paths = await coldPaths();
    expect(paths.length).toBeGreaterThanOrEqual(64);
    // Twice over, so that two requests race for each cold file.
    const burst = [...paths, ...paths];
    const site = await startSite(dist);
    sites.push(site);
    const answers = await Promise.all(
      burst.map(async ({ path: target, type }) => {
        const response = await site.get(target);
        const body = await response.text();
        return { target, type, status: response.status, contentType: response.headers.get('Content-Type') ?? '', body };
      }),
    );
    const failures = answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.target}: ${answer.body.slice(0, 200)}`);
    expect(failures).toEqual([]);
    for (const answer of answers) {
      if (answer.type === 'json') {
        expect(answer.contentType).toMatch(/^application\/json/);
        expect(() => JSON.parse(answer.body)).not.toThrow();
      } else {
        expect(answer.contentType).toMatch(answer.type === 'html' ? /^text\/html/ : /^text\/markdown/);
      }
    }
  });
});
