import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landmarkDetail, landmarkList, report as reportSchema, type LandmarkDetail } from '../../src/schema/api.ts';
import { syntheticCatalogueInput, writeSyntheticContent } from '../../scripts/lib/synthetic-content.ts';
import { buildSiteFrom } from '../support/build.ts';
import { eachConcurrently } from '../support/concurrently.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// Enough landmarks and reports for several landmark and report buckets, list and changes chunks
// and search shards, built by the real build, served by the real Worker in workerd.
const landmarkCount = 240;
const reportCount = 1_200;
let dist: string;
let site: RunningSite;
let landmarks: LandmarkDetail[];

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'lcr-pages-'));
  await writeSyntheticContent(root, syntheticCatalogueInput({ landmarks: landmarkCount, reports: reportCount, seed: 9 }));
  dist = await buildSiteFrom(root);
  site = await startSite(dist, { fixedNow: '2026-11-01T12:00:00Z' });
  const list = landmarkList.parse(await (await site.get('/api/public/v1/landmarks?limit=1000')).json());
  landmarks = await Promise.all(list.landmarks.map(async ({ slug }) => landmarkDetail.parse(await (await site.get(`/api/public/v1/landmarks/${slug}`)).json())));
}, 300_000);
afterAll(async () => {
  await site?.dispose();
});

const text = async (pathname: string, accept?: string) => {
  const response = await site.get(pathname, accept ? { headers: { Accept: accept } } : {});
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const headingOf = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
const unescape = (html: string) => html.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('pages rendered from the data', () => {
  it('need several buckets of every kind, and no file per page', async () => {
    for (const folder of ['landmarks', 'reports', 'landmark-pages', 'changes', 'search']) {
      expect((await readdir(path.join(dist, '_data', folder))).length, folder).toBeGreaterThan(2);
    }
    expect(await readdir(dist)).not.toContain('landmarks');
    expect(landmarks).toHaveLength(landmarkCount);
  });

  it('agree with the JSON for every landmark: its page, its Markdown twin, and the page asked for as Markdown', async () => {
    await eachConcurrently(landmarks, async (landmark) => {
      const pathname = new URL(landmark.urls.html).pathname;
      const page = await text(pathname);
      expect({ pathname, status: page.status, type: page.type }).toEqual({ pathname, status: 200, type: 'text/html; charset=utf-8' });
      expect(canonicalOf(page.body)).toBe(landmark.urls.html);
      expect(unescape(headingOf(page.body)!)).toBe(landmark.name);
      expect((page.body.match(/<li>\s*<a class="entry-title"/g) ?? []).length).toBe(landmark.reports.length);
      const twin = await text(`${pathname}.md`);
      expect(twin.body.startsWith(`# ${landmark.name}\n`)).toBe(true);
      expect(twin.body).toContain(`## Reports (${landmark.reportCounts.total})`);
      expect(await text(pathname, 'text/markdown')).toEqual(twin);
    });
  }, 240_000);

  it('agree with the JSON for every report', async () => {
    const reports = landmarks.flatMap((landmark) => landmark.reports);
    expect(reports).toHaveLength(reportCount);
    await eachConcurrently(reports, async (listed) => {
      const report = reportSchema.parse(await (await site.get(new URL(listed.urls.json).pathname)).json());
      const pathname = new URL(report.urls.html).pathname;
      const page = await text(pathname);
      expect({ pathname, status: page.status }).toEqual({ pathname, status: 200 });
      expect(canonicalOf(page.body)).toBe(report.urls.html);
      expect(page.body).toContain(`<time datetime="${report.currentUntil}">${report.currentUntil}</time>`);
      // Freshness in words as of the request: the pinned clock decides, in HTML and Markdown alike.
      expect(page.body.includes('(no longer current)')).toBe(!report.isCurrent);
      const twin = await text(`${pathname}.md`);
      expect(twin.body).toContain(report.summary);
      expect(twin.body.includes('(no longer current)')).toBe(!report.isCurrent);
    });
  }, 240_000);

  it('answer an unknown slug or id with the site’s 404 page', async () => {
    for (const pathname of ['/landmarks/no-such-landmark', '/reports/zzzzzzzzzz', '/landmarks/No-Such', '/reports/zzzzzzzzzz.md']) {
      const page = await text(pathname);
      expect({ pathname, status: page.status, heading: headingOf(page.body) }).toEqual({ pathname, status: 404, heading: 'Not found' });
    }
  });
});
