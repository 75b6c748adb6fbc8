import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, landmarkDetail, landmarkList, report } from '../../src/schema/api.ts';
import { testSiteUrl } from '../support/build.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

let distDir: string;
let site: RunningSite;

beforeAll(async () => {
  distDir = await sharedSiteOf(smallSite);
  site = await startSite(distDir, { fixedNow: '2026-02-15T12:00:00Z' });
});
afterAll(async () => {
  await site?.dispose();
});

async function expectJsonError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const body = apiError.parse(await response.json());
  expect(body.error).toMatchObject({ status, code });
  expect(body.error.message.length).toBeGreaterThan(10);
  return body;
}

describe('getLandmark', () => {
  it('returns the landmark with its dated reports, newest confirmation first', async () => {
    const response = await site.get('/api/public/v1/landmarks/tower-of-tests');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = landmarkDetail.strict().parse(await response.json());
    expect(body.name).toBe('Tower of Tests');
    expect(body.location).toEqual({ city: 'München', region: 'Bavaria', country: 'DE', countryName: 'Germany' });
    expect(body.reports.map((r) => [r.id, r.observedAt, r.currentUntil])).toEqual([
      ['scaf01test', '2026-01-10', '2026-05-02'],
      ['clos02test', '2025-12-01', '2025-12-03'],
    ]);
    expect(body.currentCondition).toMatchObject({ condition: 'scaffolding', reportId: 'scaf01test', isCurrent: true });
    expect(body.reportCounts).toEqual({ total: 2, current: 1 });
    expect(body.urls.html).toBe(`${testSiteUrl}/landmarks/tower-of-tests`);
  });

  it('answers an unknown slug with a JSON 404', async () => {
    await expectJsonError(await site.get('/api/public/v1/landmarks/no-such-place'), 404, 'not_found');
  });

  it('does not expose the raw stored records', async () => {
    const response = await site.get('/_data/manifest.json');
    expect(response.status).toBe(404);
    await expectJsonError(await site.get('/api/public/v1/landmarks/tower-of-tests.json'), 404, 'not_found');
  });
});

describe('getReport', () => {
  it('returns one report with its freshness and canonical URLs, its sources as URIs', async () => {
    const response = await site.get('/api/public/v1/reports/clos02test');
    const body = report.strict().parse(await response.json());
    expect(body).toMatchObject({
      condition: 'closed',
      until: '2025-12-03',
      currentUntil: '2025-12-03',
      reportExpiryDays: 14,
      isCurrent: false,
      source: { kind: 'official', url: 'https://example.org/tower/news' },
      // The file gives "…/tower-strike-grève", as a browser shows the address.
      additionalSources: [{ name: 'Test Gazette', url: 'https://news.example.org/tower-strike-gr%C3%A8ve' }],
      urls: { html: `${testSiteUrl}/reports/clos02test`, markdown: `${testSiteUrl}/reports/clos02test.md` },
    });
  });

  it('answers an unknown id with a JSON 404', async () => {
    await expectJsonError(await site.get('/api/public/v1/reports/zzzzzzzzzz'), 404, 'not_found');
  });
});

describe('listLandmarks, first page', () => {
  it('lists every landmark in slug order with the pagination object', async () => {
    const response = await site.get('/api/public/v1/landmarks');
    const body = landmarkList.parse(await response.json());
    expect(body.landmarks.map((l) => l.slug)).toEqual(['old-bridge', 'quiet-square', 'tower-of-tests']);
    expect(body.pagination).toEqual({ limit: 500, nextCursor: null, hasMore: false });
    expect(body.landmarks.find((l) => l.slug === 'quiet-square')).toMatchObject({ currentCondition: null, reportCounts: { total: 0, current: 0 } });
  });
});

describe('every API response', () => {
  it('answers other methods with 405 and an Allow header', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await site.get('/api/public/v1/landmarks', { method });
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      await expectJsonError(response, 405, 'method_not_allowed');
    }
  });

  it('refuses other methods on pages and the search page with 405, Allow: GET, HEAD, in the site\'s own frame', async () => {
    for (const pagePath of ['/landmarks/tower-of-tests', '/landmarks/tower-of-tests.md', '/reports/rep0000001', '/recheck', '/search?q=tower']) {
      const response = await site.get(pagePath, { method: 'POST' });
      expect(response.status, pagePath).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      const html = await response.text();
      expect(html).toContain('<h1>Method not allowed</h1>');
      expect(html).toContain('POST is not supported');
    }
  });

  it('answers a CORS preflight with 204', async () => {
    const response = await site.get('/api/public/v1/landmarks/tower-of-tests', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('answers unknown API paths with a JSON 404, never the HTML 404 page', async () => {
    for (const apiPath of ['/api', '/api/', '/api/public/v2/landmarks', '/api/public/v1/landmarks/tower-of-tests/', '/api/public/v1/reports/']) {
      await expectJsonError(await site.get(apiPath), 404, 'not_found');
    }
  });

  it('gives a strong ETag and answers If-None-Match with 304', async () => {
    const first = await site.get('/api/public/v1/landmarks/old-bridge');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const second = await site.get('/api/public/v1/landmarks/old-bridge', { headers: { 'If-None-Match': etag! } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });
});

describe('pages and their Markdown twins', () => {
  it('serves the HTML page at the canonical URL, linking its twins', async () => {
    const response = await site.get('/landmarks/tower-of-tests');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${testSiteUrl}/landmarks/tower-of-tests">`);
    expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${testSiteUrl}/landmarks/tower-of-tests.md">`);
    expect(html).toContain('scaffolding, observed 2026-01-10, confirmed 2026-02-01, current until 2026-05-02');
  });

  it('serves the Markdown twin as text/markdown with CORS', async () => {
    const response = await site.get('/reports/view03test.md');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const markdown = await response.text();
    expect(markdown).toMatch(/^# Old Bridge: view obstructed\n/);
    expect(markdown).toContain(`Canonical URL: ${testSiteUrl}/reports/view03test`);
  });

  it('does not render raw HTML or javascript: links from a report body', async () => {
    const html = await (await site.get('/reports/view03test')).text();
    expect(html).not.toContain("<script>alert('x')</script>");
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/href="javascript:/);
  });
});

describe('files for programs', () => {
  it('keep CORS on a 304 revalidation, so cross-origin caches can use their copy', async () => {
    const first = await site.get('/landmarks/old-bridge.md');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await site.get('/landmarks/old-bridge.md', { headers: { 'If-None-Match': etag! } });
    expect(second.status).toBe(304);
    expect(second.headers.get('access-control-allow-origin')).toBe('*');
  });
});
