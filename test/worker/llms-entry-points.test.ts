import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiPluginManifest } from '../../src/emit/ai-plugin.ts';
import type { OpenApiDocument } from '../../src/emit/openapi.ts';
import { apiOperations, operationOrder } from '../../src/api/api-operations.ts';
import { dataLicense } from '../../src/domain/data-license.ts';
import { conditions } from '../../src/schema/conditions.ts';
import { testSiteUrl } from '../support/build.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

const landmarkSlugs = ['old-bridge', 'quiet-square', 'tower-of-tests'];
const reportIds = ['clos02test', 'scaf01test', 'view03test'];
let site: RunningSite;

beforeAll(async () => {
  site = await startSite(await sharedSiteOf(smallSite), { fixedNow: '2026-02-15T12:00:00Z' });
});
afterAll(async () => {
  await site?.dispose();
});

async function text(sitePath: string, headers: Record<string, string> = {}) {
  const response = await site.get(sitePath, { headers });
  expect(response.status, sitePath).toBe(200);
  return { response, body: await response.text() };
}

/** A canonical URL of the test site, fetched from the running Worker instead. */
async function resolves(url: string): Promise<number> {
  const { pathname, search } = new URL(url);
  return (await site.get(`${pathname}${search}`)).status;
}

const markdownLinks = (markdown: string) => [...markdown.matchAll(/\]\((?<target>[^)\s]+)\)/g)].map((match) => match.groups!.target!);

describe('/llms.txt', () => {
  it('is plain text in the llms.txt format: H1, summary quote, H2 link lists, Optional last', async () => {
    const { response, body } = await text('/llms.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const lines = body.split('\n');
    expect(lines[0]).toBe('# Landmark Condition Reports');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> .*closed.*scaffolding.*/);
    const sections = lines.filter((line) => line.startsWith('## '));
    expect(sections.at(-1)).toBe('## Optional');
    expect(sections).toContain('## API');
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
  });

  it('says how to read freshness and cite, names every condition, and the license', async () => {
    const { body } = await text('/llms.txt');
    for (const field of ['isCurrent', 'currentUntil', 'reportExpiryDays', 'lastConfirmedAt', 'urls.html']) expect(body).toContain(field);
    for (const condition of conditions) expect(body).toContain(`\`${condition}\``);
    expect(body).toContain(dataLicense.url);
    expect(body).toContain(dataLicense.attribution);
    expect(body).toContain(`${testSiteUrl}/api/mcp`);
  });

  it('gives every endpoint with an example request that works', async () => {
    const { body } = await text('/llms.txt');
    for (const operationId of operationOrder) {
      const operation = apiOperations[operationId];
      const line = body.split('\n').find((candidate) => candidate.startsWith(`- [${operation.title}](`));
      expect(line, operationId).toBeDefined();
      expect(line).toContain(`GET ${operation.path}`);
      const example = markdownLinks(line!)[0]!;
      expect(example.startsWith(`${testSiteUrl}/api/public/v1/`), example).toBe(true);
      expect(await resolves(example), example).toBe(200);
    }
    expect(body).toContain('`limit` (optional): integer, 1 to 1000, default 500');
    expect(body).toContain('`q`: string, 2 to 100 characters');
  });

  it('links only to pages and files that exist, besides the license', async () => {
    const { body } = await text('/llms.txt');
    const links = markdownLinks(body);
    expect(links.length).toBeGreaterThan(12);
    const external = links.filter((link) => !link.startsWith(`${testSiteUrl}/`));
    expect(external).toEqual([dataLicense.url]);
    for (const link of links.filter((candidate) => candidate.startsWith(`${testSiteUrl}/`))) expect(await resolves(link), link).toBe(200);
  });
});

describe('/llms-full.txt', () => {
  it('holds the whole API guide: every operation, its parameters, errors, an example and every response field', async () => {
    const { response, body } = await text('/llms-full.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(body).toMatch(/^# Landmark Condition Reports API guide\n\n> /);
    const document = (await (await site.get('/api/openapi.json')).json()) as OpenApiDocument;
    for (const operationId of operationOrder) {
      expect(body).toContain(`### ${operationId}: ${apiOperations[operationId].title}`);
      const { parameters } = document.paths[apiOperations[operationId].path]!.get as { parameters: { name: string }[] };
      for (const { name } of parameters) expect(body).toContain(`- \`${name}\` (`);
    }
    expect(body).toContain('- `q` (query, required; string, 2 to 100 characters)');
    expect(body).toContain('- 404 when no landmark has this slug.');
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      if (name === 'Condition') continue;
      expect(body).toContain(`### ${name}`);
      for (const field of Object.keys((schema as { properties: object }).properties)) expect(body, `${name}.${field}`).toMatch(new RegExp(`- \`(\\w+(\\[\\])?\\.)*${field}\` \\(`));
    }
    const firstExample = /Example: GET (\S+)\n\n```json\n([\s\S]*?)\n```/.exec(body)!;
    expect(await resolves(firstExample[1]!)).toBe(200);
    expect(() => JSON.parse(firstExample[2]!)).not.toThrow();
  });
});

describe('/.well-known/ai-plugin.json', () => {
  it('is a v1 manifest within the length limits, without auth, pointing at the OpenAPI document', async () => {
    const { response, body } = await text('/.well-known/ai-plugin.json');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = aiPluginManifest.parse(JSON.parse(body));
    expect(manifest).toMatchObject({
      schema_version: 'v1',
      auth: { type: 'none' },
      api: { type: 'openapi', url: `${testSiteUrl}/api/openapi.json` },
      logo_url: `${testSiteUrl}/logo.svg`,
      legal_info_url: `${testSiteUrl}/about`,
    });
    expect(manifest.description_for_model).toContain('currentUntil');
  });

  it('gives only URLs that resolve', async () => {
    const manifest = aiPluginManifest.parse(JSON.parse((await text('/.well-known/ai-plugin.json')).body));
    const logo = await site.get('/logo.svg');
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    for (const url of [manifest.api.url, manifest.logo_url, manifest.legal_info_url]) expect(await resolves(url), url).toBe(200);
  });
});

describe('Markdown twins', () => {
  it.each(landmarkSlugs)('landmark %s has a twin at its page URL + .md, readable as a document', async (slug) => {
    const { response, body } = await text(`/landmarks/${slug}.md`);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(body).toMatch(/^# \S/);
    expect(body).toContain('## Current condition');
    expect(body).toContain(`Canonical URL: ${testSiteUrl}/landmarks/${slug}`);
    expect(body).toContain(dataLicense.attribution);
    if (slug === 'tower-of-tests') {
      expect(body).toContain('**scaffolding**: Scaffolding covers the north face. (observed 2026-01-10, confirmed 2026-02-01, current until 2026-05-02)');
      expect(body).toContain(`(${testSiteUrl}/reports/clos02test): closed, observed 2025-12-01, current until 2025-12-03`);
    }
  });

  it.each(reportIds)('report %s has a twin with its dates, source, canonical URL and attribution', async (id) => {
    const { response, body } = await text(`/reports/${id}.md`);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(body).toMatch(/current until \d{4}-\d{2}-\d{2}/);
    expect(body).toContain(`Canonical URL: ${testSiteUrl}/reports/${id}`);
    expect(body).toContain(dataLicense.attribution);
  });

  it('is what a page answers to Accept: text/markdown, varying on Accept', async () => {
    const twin = (await text('/landmarks/tower-of-tests.md')).body;
    for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9', 'text/markdown;q=0.9, */*;q=0.8']) {
      const { response, body } = await text('/landmarks/tower-of-tests', { Accept: accept });
      expect(response.headers.get('content-type'), accept).toBe('text/markdown; charset=utf-8');
      expect(response.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(body).toBe(twin);
    }
    const report = await text('/reports/scaf01test', { Accept: 'text/markdown' });
    expect(report.response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('leaves browsers and Accept-anything clients with the HTML page, which links its JSON and Markdown twins', async () => {
    for (const accept of ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', '*/*', 'text/html, text/markdown;q=0.5']) {
      const { response, body } = await text('/reports/scaf01test', { Accept: accept });
      expect(response.headers.get('content-type'), accept).toMatch(/^text\/html/);
      expect(response.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(body).toContain(`<link rel="alternate" type="application/json" href="${testSiteUrl}/api/public/v1/reports/scaf01test">`);
      expect(body).toContain(`<link rel="alternate" type="text/markdown" href="${testSiteUrl}/reports/scaf01test.md">`);
    }
  });

  it('answers a page without a twin with its HTML even when Markdown is asked for', async () => {
    const { response } = await text('/about', { Accept: 'text/markdown' });
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
