import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { landmarkDetail, landmarkList } from '../../src/schema/api.ts';
import { eachConcurrently } from '../support/concurrently.ts';
import { sharedCommittedContent } from '../support/shared-build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

/** Pages stay light enough for a slow phone connection: HTML plus the CSS it loads. */
const maxPageBytes = 50_000;

// The bundled content as committed: real pages, with real report counts and text lengths, as the
// Worker serves them (built once for this file and the other test files that serve it).
let dist: string;
let site: RunningSite;
const pages = new Map<string, string>();

beforeAll(async () => {
  dist = (await sharedCommittedContent()).dist;
  site = await startSite(dist);
  const paths = ['/', '/about', '/data', '/search', '/search?q=tower', '/no-such-page'];
  const landmarks: z.infer<typeof landmarkList>['landmarks'] = [];
  for (let cursor: string | null = ''; cursor !== null; ) {
    const list = landmarkList.parse(await (await site.get(`/api/public/v1/landmarks?limit=1000${cursor ? `&cursor=${cursor}` : ''}`)).json());
    landmarks.push(...list.landmarks);
    cursor = list.pagination.hasMore ? list.pagination.nextCursor : null;
  }
  // Every landmark with reports (their pages are the heaviest), and the first hundred of the many
  // that have none yet, whose pages differ only in their names.
  const withoutReports = landmarks.filter((landmark) => landmark.reportCounts.total === 0).slice(0, 100);
  await eachConcurrently([...landmarks.filter((landmark) => landmark.reportCounts.total > 0), ...withoutReports], async ({ slug }) => {
    const landmark = landmarkDetail.parse(await (await site.get(`/api/public/v1/landmarks/${slug}`)).json());
    paths.push(new URL(landmark.urls.html).pathname, ...landmark.reports.map((report) => new URL(report.urls.html).pathname));
  });
  await eachConcurrently(paths, async (pagePath) => {
    pages.set(pagePath, await (await site.get(pagePath)).text());
  });
}, 300_000);
afterAll(async () => {
  await site?.dispose();
});

const attributeValues = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);

describe('every page as served', () => {
  it('weighs under 50 KB of HTML and CSS', async () => {
    expect(pages.size).toBeGreaterThan(100);
    const heavy: string[] = [];
    for (const [pagePath, html] of pages) {
      const stylesheets = attributeValues(html, /<link rel="stylesheet" href="([^"]+)"/g);
      const sizes = await Promise.all(stylesheets.map(async (href) => (await stat(path.join(dist, href))).size));
      const bytes = Buffer.byteLength(html) + sizes.reduce((sum, size) => sum + size, 0);
      if (bytes >= maxPageBytes) heavy.push(`${pagePath}: ${bytes} bytes`);
    }
    expect(heavy).toEqual([]);
  });

  it('has no inline style or script, so the Content-Security-Policy can forbid them', async () => {
    const inline: string[] = [];
    for (const [pagePath, html] of pages) {
      if (/<style[\s>]/.test(html)) inline.push(`${pagePath}: <style> element`);
      if (/\sstyle="/.test(html)) inline.push(`${pagePath}: style attribute`);
      // JSON-LD is data the browser never runs; every other script must be a file.
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) {
        if (!/\ssrc="/.test(script) && !/type="application\/ld\+json"/.test(script)) inline.push(`${pagePath}: ${script}`);
      }
    }
    expect(inline).toEqual([]);
  });
});
