import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectRoot, testSiteUrl } from '../support/build.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { startSite } from '../support/worker.ts';
import { axeViolations, browserOnSite } from '../support/chromium.ts';

// The small site's reports: scaf01test (scaffolding, current until 2026-05-02), clos02test (closed,
// until 2025-12-03), view03test and xss04test (hostile bodies). Server and browser share one clock.
const moment = '2026-02-15T12:00:00Z';
const screenshots = path.join(projectRoot, 'test-results/screenshots');

const session = browserOnSite(async () => startSite(await sharedSiteOf(smallSite), { fixedNow: moment }));

async function open(sitePath: string, options: BrowserContextOptions = {}) {
  const watched = await session.open(options);
  await watched.page.clock.setFixedTime(new Date(moment));
  const response = await watched.page.goto(sitePath, { waitUntil: 'load' });
  return { ...watched, status: response?.status() };
}

const pages = [
  { path: '/', heading: 'Is the landmark open, and is the view clear?' },
  { path: '/landmarks/tower-of-tests', heading: 'Tower of Tests' },
  { path: '/landmarks/quiet-square', heading: 'Quiet Square' },
  { path: '/reports/scaf01test', heading: 'Tower of Tests: scaffolding' },
  { path: '/reports/xss04test', heading: 'Old Bridge: refurbishment' },
  { path: '/about', heading: 'About Landmark Condition Reports' },
  { path: '/search', heading: 'Search landmarks' },
  { path: '/search?q=tower', heading: 'Search landmarks' },
  { path: '/data', heading: 'Bulk downloads' },
];

describe('every kind of page', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`renders its heading with no console errors, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      for (const { path: sitePath, heading } of pages) {
        const { page, trouble, status } = await open(sitePath, { javaScriptEnabled });
        await page.waitForLoadState('networkidle');
        expect({ sitePath, status, heading: await page.locator('h1').textContent(), ...trouble }).toEqual({
          sitePath,
          status: 200,
          heading,
          consoleErrors: [],
          pageErrors: [],
          dialogs: [],
          failedRequests: [],
        });
      }
    }, 120_000);
  }

  it('answers an unknown address with the site’s own 404 page, search box included', async () => {
    const { page, status, trouble } = await open('/no-such-page');
    expect(status).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Not found');
    expect(await page.getByLabel('Search landmarks by name or place').count()).toBe(1);
    expect(trouble.pageErrors).toEqual([]);
  });
});

describe('search from the home page', () => {
  it('works without JavaScript: the form loads a results page the Worker renders from the API', async () => {
    const { page, trouble } = await open('/', { javaScriptEnabled: false });
    await page.getByLabel('Search landmarks by name or place').fill('tower');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?q=tower$/);
    expect(await page.title()).toBe('Search: tower · Landmark Condition Reports');
    expect(await page.getByRole('status').textContent()).toBe('1 landmark matches “tower”.');
    expect(await page.locator('#search-list li').textContent()).toContain('scaffolding, observed 2026-01-10, confirmed 2026-02-01, current until 2026-05-02');
    await page.locator('#search-list').getByRole('link', { name: 'Tower of Tests' }).click();
    await page.waitForURL(/\/landmarks\/tower-of-tests$/);
    expect(await page.locator('h1').textContent()).toBe('Tower of Tests');
    expect(trouble).toMatchObject({ consoleErrors: [], pageErrors: [] });
  });

  it('shows results as you type with JavaScript, from the API, without leaving the page', async () => {
    const { page, trouble } = await open('/');
    const apiAnswer = page.waitForResponse((response) => response.url().includes('/api/public/v1/search?q=tow'));
    await page.getByLabel('Search landmarks by name or place').pressSequentially('tow', { delay: 30 });
    expect((await apiAnswer).status()).toBe(200);
    const result = page.locator('#search-list').getByRole('link', { name: 'Tower of Tests' });
    await result.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('status').textContent()).toBe('1 landmark matches “tow”.');
    await result.click();
    await page.waitForURL(/\/landmarks\/tower-of-tests$/);
    expect(trouble).toMatchObject({ consoleErrors: [], pageErrors: [], failedRequests: [] });
  });

  it('explains a query that is too short, in the words of the API', async () => {
    const { page, status } = await open('/search?q=x', { javaScriptEnabled: false });
    expect(status).toBe(400);
    const fromApi = (await (await session.site().get('/api/public/v1/search?q=x')).json()) as { error: { message: string } };
    expect(fromApi.error.message).toMatch(/^q must be at least 2 characters/);
    expect(await page.getByRole('status').textContent()).toBe(fromApi.error.message);
  });

  it('keeps a hostile query exactly as typed and runs none of it', async () => {
    const query = `"><script>window.__xssRan = true</script>&amp; <img src=x onerror="window.__xssRan = true">`;
    const { page, trouble } = await open(`/search?q=${encodeURIComponent(query)}`);
    expect(await page.getByLabel('Search landmarks by name or place').inputValue()).toBe(query);
    expect(await page.evaluate(() => (window as { __xssRan?: boolean }).__xssRan)).toBeUndefined();
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(trouble).toMatchObject({ consoleErrors: [], pageErrors: [], dialogs: [] });
  });
});

describe('report bodies written by strangers', () => {
  for (const id of ['xss04test', 'view03test']) {
    it(`${id}: markup shows as text, nothing runs or loads, and links are safe and marked nofollow ugc`, async () => {
      const { page, trouble } = await open(`/reports/${id}`);
      await page.waitForLoadState('networkidle');
      const details = page.locator('.details');
      expect(await details.textContent()).toMatch(id === 'xss04test' ? /<img src=x onerror=/ : /<script>alert\('x'\)<\/script>/);
      expect(await page.evaluate(() => (window as { __xssRan?: boolean }).__xssRan)).toBeUndefined();
      expect(await page.locator('main img, main script, main iframe').count()).toBe(0);
      const eventHandlers = await page.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].filter((attribute) => attribute.name.startsWith('on')).map((attribute) => attribute.name)),
      );
      expect(eventHandlers).toEqual([]);
      const links = await details.locator('a').evaluateAll((anchors) => anchors.map((anchor) => ({ protocol: new URL((anchor as HTMLAnchorElement).href).protocol, rel: anchor.getAttribute('rel') })));
      for (const link of links) expect(link).toEqual({ protocol: 'https:', rel: 'nofollow ugc' });
      expect(trouble).toEqual({ consoleErrors: [], pageErrors: [], dialogs: [], failedRequests: [] });
    });
  }

  it('the Content-Security-Policy stops a script the site did not ship', async () => {
    const { page, trouble } = await open('/reports/xss04test');
    await page.addScriptTag({ content: 'window.__xssRan = true' }).catch(() => undefined);
    expect(await page.evaluate(() => (window as { __xssRan?: boolean }).__xssRan)).toBeUndefined();
    expect(trouble.consoleErrors.join('\n')).toMatch(/Content Security Policy/);
  });
});

describe('freshness on pages', () => {
  it('says which “current until” dates have passed as of the request, without JavaScript', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const { page } = await open('/landmarks/tower-of-tests', { javaScriptEnabled });
      const entries = await page.locator('.timeline li').allTextContents();
      expect(entries).toEqual([
        expect.stringContaining('scaffolding, observed 2026-01-10, confirmed 2026-02-01, current until 2026-05-02'),
        expect.stringContaining('closed, observed 2025-12-01, current until 2025-12-03 (no longer current)'),
      ]);
      expect(entries[0]).not.toContain('no longer current');
    }
  });
});

describe('maps', () => {
  // A marker is found as a person using a screen reader would: a link named by its landmark.
  const marker = (page: import('playwright-core').Page, name: string) => page.locator('.world-map').getByRole('link', { name: new RegExp(`^${name}:`) });
  const markerFill = (page: import('playwright-core').Page, name: string) => marker(page, name).locator('circle').evaluate((circle) => getComputedStyle(circle).fill);

  it('the home page shows every landmark on the world map, readable without JavaScript', async () => {
    const { page, trouble } = await open('/', { javaScriptEnabled: false });
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.world-map svg').isVisible()).toBe(true);
    const basemap = page.locator('.world-map image');
    expect(await basemap.getAttribute('href')).toBe('/map/world.svg');
    expect((await basemap.boundingBox())!.width).toBeGreaterThan(300);
    const links = page.locator('.world-map').getByRole('link');
    expect(await links.count()).toBe(3);
    for (const [href, name] of [
      ['/landmarks/old-bridge', 'Old Bridge: view obstructed, current until 2026-05-04'],
      ['/landmarks/quiet-square', 'Quiet Square: unknown, nobody has reported on it yet'],
      ['/landmarks/tower-of-tests', 'Tower of Tests: scaffolding, current until 2026-05-02'],
    ]) {
      expect(await page.locator('.world-map').getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await page.locator('.map-legend li').count()).toBe(9);
    expect(trouble.failedRequests).toEqual([]);
  });

  it('a marker links to its landmark’s page', async () => {
    const { page } = await open('/');
    await marker(page, 'Tower of Tests').click();
    await page.waitForURL('**/landmarks/tower-of-tests');
    expect(await page.locator('h1').textContent()).toBe('Tower of Tests');
  });

  it('a marker fades once the clock passes its report’s currentUntil, with no rebuild', async () => {
    const { page } = await open('/');
    const current = await markerFill(page, 'Tower of Tests');
    const later = await startSite(await sharedSiteOf(smallSite), { fixedNow: '2026-05-03T00:00:00Z' });
    try {
      const watched = await session.open({}, later);
      await watched.page.goto('/');
      const faded = await markerFill(watched.page, 'Tower of Tests');
      expect([current, faded]).toEqual(['rgb(123, 47, 160)', 'rgb(154, 154, 154)']);
      // Old Bridge's view_obstructed report is current until 2026-05-04: still in colour.
      expect(await markerFill(watched.page, 'Old Bridge')).toBe('rgb(0, 131, 143)');
    } finally {
      await later.dispose();
    }
  });

  it('a landmark page shows where it is on a locator map', async () => {
    const { page } = await open('/landmarks/tower-of-tests', { javaScriptEnabled: false });
    const map = page.locator('.locator-map svg');
    expect(await map.getAttribute('aria-label')).toBe('Map: Tower of Tests in München, Bavaria, Germany, at 48.1374, 11.5755; scaffolding');
    const [left, top, width, height] = (await map.getAttribute('viewBox'))!.split(' ').map(Number);
    const dotElement = page.locator('.locator-map circle');
    const [cx, cy] = [Number(await dotElement.getAttribute('cx')), Number(await dotElement.getAttribute('cy'))];
    expect(cx).toBeGreaterThan(left!);
    expect(cx).toBeLessThan(left! + width!);
    expect(cy).toBeGreaterThan(top!);
    expect(cy).toBeLessThan(top! + height!);
    // On screen: the marker sits inside the drawn map.
    const [box, dot] = [(await map.boundingBox())!, (await dotElement.boundingBox())!];
    expect(dot.x).toBeGreaterThan(box.x);
    expect(dot.x + dot.width).toBeLessThan(box.x + box.width);
  });
});

describe('findable', () => {
  it('a landmark page carries schema.org data, a canonical link, Open Graph basics and the license', async () => {
    const { page } = await open('/landmarks/tower-of-tests', { javaScriptEnabled: false });
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TouristAttraction',
      name: 'Tower of Tests',
      url: `${testSiteUrl}/landmarks/tower-of-tests`,
      address: { addressLocality: 'München', addressCountry: 'DE' },
      geo: { latitude: 48.1374, longitude: 11.5755 },
    });
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${testSiteUrl}/landmarks/tower-of-tests`);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Tower of Tests');
    expect(await page.locator('footer a[rel="license"]').getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(await page.getByRole('link', { name: 'Edit this landmark on GitHub' }).getAttribute('href')).toMatch(
      /^https:\/\/github\.com\/.+\/edit\/main\/content\/landmarks\/tower-of-tests\.md$/,
    );
  });

  it('sitemap.xml lists every canonical page and robots.txt points to it', async () => {
    const sitemap = await (await session.site().get('/sitemap.xml')).text();
    for (const sitePath of ['/', '/about', '/data', '/landmarks/quiet-square', '/landmarks/tower-of-tests', '/reports/xss04test']) {
      expect(sitemap).toContain(`<loc>${testSiteUrl}${sitePath}</loc>`);
    }
    expect(await (await session.site().get('/robots.txt')).text()).toContain(`Sitemap: ${testSiteUrl}/sitemap.xml`);
  });
});

describe('accessible', () => {
  for (const sitePath of ['/', '/landmarks/tower-of-tests', '/reports/scaf01test', '/about', '/search', '/search?q=tower']) {
    it(`axe-core finds no violations on ${sitePath}`, async () => {
      const { page } = await open(sitePath, { bypassCSP: true });
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe('screenshots', () => {
  it('saves the home, a landmark, a report and a results page to test-results/screenshots', async () => {
    await mkdir(screenshots, { recursive: true });
    const shots = { home: '/', landmark: '/landmarks/tower-of-tests', report: '/reports/scaf01test', search: '/search?q=tower' };
    for (const [name, sitePath] of Object.entries(shots)) {
      const { page } = await open(sitePath);
      const file = path.join(screenshots, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect((await stat(file)).size).toBeGreaterThan(10_000);
    }
  });
});
