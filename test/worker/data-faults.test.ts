import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { replaceApiData } from '../../scripts/lib/synthetic-site.ts';
import { bucketOf } from '../../src/domain/buckets.ts';
import type { Catalogue } from '../../src/domain/catalogue.ts';
import { dataPaths, type DataManifest } from '../../src/api/data-products.ts';
import { shardKeyOf } from '../../src/api/search/normalize.ts';
import { testSiteUrl } from '../support/build.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// A deploy that arrived damaged: one landmark bucket never uploaded, one report bucket and one
// search shard cut off half-way.
let site: RunningSite;
let catalogue: Catalogue;
let lostLandmark: string;
let keptLandmark: string;
let damagedReport: string;
let keptReport: string;
const damagedWord = 'cathedral';
const keptWord = 'bridge';

beforeAll(async () => {
  const built = await sharedSiteOf(smallSite);
  const dist = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-faults-')), 'dist');
  await cp(built, dist, { recursive: true });
  catalogue = await replaceApiData(dist, syntheticCatalogueInput({ landmarks: 400, reports: 1_200, seed: 3 }), testSiteUrl);
  const file = (sitePath: string) => path.join(dist, sitePath);
  const manifest = JSON.parse(await readFile(file(dataPaths.manifest), 'utf8')) as DataManifest;
  const truncate = async (sitePath: string) => {
    const text = await readFile(file(sitePath), 'utf8');
    await writeFile(file(sitePath), text.slice(0, Math.floor(text.length / 2)));
  };

  lostLandmark = catalogue.landmarks[0]!.slug;
  const lostBucket = bucketOf(lostLandmark, manifest.landmarkBuckets);
  keptLandmark = catalogue.landmarks.find((landmark) => bucketOf(landmark.slug, manifest.landmarkBuckets) !== lostBucket)!.slug;
  await rm(file(dataPaths.landmarkBucket(lostBucket)));

  damagedReport = catalogue.reports[0]!.id;
  const damagedBucket = bucketOf(damagedReport, manifest.reportBuckets);
  keptReport = catalogue.reports.find((report) => bucketOf(report.id, manifest.reportBuckets) !== damagedBucket)!.id;
  await truncate(dataPaths.reportBucket(damagedBucket));

  expect(shardKeyOf(damagedWord)).not.toBe(shardKeyOf(keptWord));
  await truncate(dataPaths.searchShard(shardKeyOf(damagedWord)));

  site = await startSite(dist);
});
afterAll(async () => {
  await site?.dispose();
});

async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('data_unavailable');
  expect(body.error.message).toContain('other routes still work');
}

describe('a deploy with missing or damaged data files', () => {
  it('answers 503 JSON only for the landmark whose bucket is missing', async () => {
    await expectUnavailable(await site.get(`/api/public/v1/landmarks/${lostLandmark}`));
    expect((await site.get(`/api/public/v1/landmarks/${keptLandmark}`)).status).toBe(200);
  });

  it('answers 503 JSON only for the report whose bucket is truncated', async () => {
    await expectUnavailable(await site.get(`/api/public/v1/reports/${damagedReport}`));
    expect((await site.get(`/api/public/v1/reports/${keptReport}`)).status).toBe(200);
  });

  it('answers 503 for a search that needs the truncated shard, and searches the rest', async () => {
    await expectUnavailable(await site.get(`/api/public/v1/search?q=${damagedWord}`));
    const kept = await site.get(`/api/public/v1/search?q=${keptWord}`);
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { total: number }).total).toBeGreaterThan(0);
  });

  it('shows the landmark page and its twin as unavailable (503, retry later) only for the landmark whose bucket is missing', async () => {
    const page = await site.get(`/landmarks/${lostLandmark}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<h1>Temporarily unavailable</h1>');
    expect(html).toContain('other pages still work');
    expect((await site.get(`/landmarks/${lostLandmark}.md`)).status).toBe(503);
    expect((await site.get(`/landmarks/${keptLandmark}`)).status).toBe(200);
  });

  it('shows the search page with the error and status 503 to visitors without JavaScript', async () => {
    const page = await site.get(`/search?q=${damagedWord}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('other routes still work');
  });

  it('keeps the list, the changes feed, the featured lists and the static pages working', async () => {
    for (const target of ['/api/public/v1/landmarks?limit=1000', '/api/public/v1/changes?updated_since=2000-01-01', '/api/public/v1/featured', '/', '/about']) {
      expect({ target, status: (await site.get(target)).status }).toEqual({ target, status: 200 });
    }
  });

  it('tells an MCP client that the tool could not be answered, and why', async () => {
    const client = new Client({ name: 'lcr-faults-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', site.url)));
    try {
      const result = await client.callTool({ name: 'getLandmark', arguments: { slug: lostLandmark } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('missing or damaged');
      const kept = await client.callTool({ name: 'getLandmark', arguments: { slug: keptLandmark } });
      expect(kept.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
