import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/api/response-headers.ts';
import { projectRoot } from '../support/build.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

let site: RunningSite;
let workerFirst: string[];

beforeAll(async () => {
  site = await startSite(await sharedSiteOf(smallSite));
  const config = parse(await readFile(path.join(projectRoot, 'wrangler.jsonc'), 'utf8')) as { assets: { run_worker_first: string[] } };
  workerFirst = config.assets.run_worker_first;
});
afterAll(async () => {
  await site?.dispose();
});

/** Cloudflare's pattern matching for run_worker_first: `*` matches anything, the rest literally. */
const runsWorker = (pathname: string) =>
  workerFirst.some((pattern) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(pathname));

describe('which requests run the Worker', () => {
  it('only those whose answer depends on the query or the moment', () => {
    const dynamic = ['/api', '/api/public/v1/landmarks', '/api/mcp', '/api/openapi.json', '/', '/landmarks/tower-of-tests', '/landmarks/tower-of-tests.md', '/reports/scaf01test', '/recheck', '/recheck.md', '/search', '/_data/manifest.json'];
    const fixed = ['/data/landmarks.csv', '/data/landmark-condition-reports.sqlite', '/data', '/llms.txt', '/llms-full.txt', '/.well-known/ai-plugin.json', '/about', '/map/world.svg', '/favicon.svg', '/sitemap.xml', '/robots.txt', '/_astro/Page.css'];
    expect(dynamic.filter((pathname) => !runsWorker(pathname))).toEqual([]);
    expect(fixed.filter(runsWorker)).toEqual([]);
  });
});

describe('files served without the Worker', () => {
  it('get their headers from the assets’ _headers file: CORS on files for programs, their types, the page policy', async () => {
    const expectations: [string, string | null, RegExp][] = [
      ['/llms.txt', '*', /^text\/plain/],
      ['/llms-full.txt', '*', /^text\/plain/],
      ['/.well-known/ai-plugin.json', '*', /^application\/json/],
      ['/data/landmarks.geojson', '*', /^application\/geo\+json; charset=utf-8$/],
      ['/map/world.svg', null, /^image\/svg\+xml/],
      ['/about', null, /^text\/html/],
    ];
    for (const [pathname, cors, type] of expectations) {
      const response = await site.get(pathname, { headers: { Origin: 'https://app.example' } });
      await response.arrayBuffer();
      expect({ pathname, status: response.status, cors: response.headers.get('access-control-allow-origin') }).toEqual({ pathname, status: 200, cors });
      expect(response.headers.get('content-type'), pathname).toMatch(type);
    }
  });

  it('include the site’s own 404 page, under the same Content-Security-Policy as every page', async () => {
    const response = await site.get('/no-such-page');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(await response.text()).toContain('Not found');
  });

  it('never include the _headers file itself', async () => {
    expect((await site.get('/_headers')).status).toBe(404);
  });
});
