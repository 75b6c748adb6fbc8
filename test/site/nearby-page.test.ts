import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nearbyLandmarks, type NearbyLandmark } from '../../src/schema/nearby.ts';
import { buildSiteFrom } from '../support/build.ts';
import { axeViolations, browserOnSite } from '../support/chromium.ts';
import { nearbyCatalogueInput, places, writeNearbyContent } from '../support/nearby-content.ts';
import { startSite } from '../support/worker.ts';

// The generated catalogue of the nearby tests (test/support/nearby-content.ts): a dense Roman cluster.
const input = nearbyCatalogueInput();
const [first] = input.landmarks;
const moment = '2026-11-10T12:00:00Z';
const session = browserOnSite(async () => startSite(await buildSiteFrom(await writeNearbyContent(input)), { fixedNow: moment }));
const phone = { viewport: { width: 360, height: 800 } };

const nearbyApi = async (query: string): Promise<NearbyLandmark[]> => nearbyLandmarks.parse(await (await session.site().get(`/api/public/v1/nearby?${query}`)).json()).landmarks;

/**
 * axe over the page as it stands. With JavaScript off the page's own DOM is what the server sent,
 * which axe (a script) cannot run in: it is checked in a page with scripts that shows the same HTML.
 */
async function violations(page: Page, javaScriptEnabled: boolean): Promise<string[]> {
  if (javaScriptEnabled) return axeViolations(page);
  const html = await page.content();
  const checker = await session.open({ ...phone, bypassCSP: true });
  await checker.page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
  await checker.page.goto('/about');
  await checker.page.setContent(html, { waitUntil: 'load' });
  return axeViolations(checker.page);
}

const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the nearby page', () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`is linked from the home page and answers a landmark's name, JavaScript ${javaScriptEnabled ? 'on' : 'off'}, as the API does, at a phone's width`, async () => {
      const { page, trouble } = await session.open({ ...phone, javaScriptEnabled, bypassCSP: javaScriptEnabled });
      await page.clock.setFixedTime(new Date(moment));
      await page.goto('/');
      await Promise.all([page.waitForURL('**/nearby'), page.getByRole('link', { name: 'See what is affected near a place' }).click()]);
      expect(await page.locator('h1').textContent()).toBe('What is affected near a place?');
      expect(await page.getByRole('button', { name: 'Use my location' }).count()).toBe(javaScriptEnabled ? 1 : 0);
      await page.getByLabel('Landmark or place').fill(first!.frontmatter.name);
      await page.getByLabel('Within (km)').fill('2');
      await page.getByLabel('First day').fill('2026-11-10');
      await page.getByLabel('Last day').fill('2026-12-20');
      await Promise.all([page.waitForURL('**/nearby?q=*'), page.getByRole('button', { name: 'Show the landmarks' }).click()]);
      const expected = await nearbyApi(`near=${first!.slug}&radius=2&from=2026-11-10&to=2026-12-20`);
      expect(expected.length).toBeGreaterThan(3);
      expect(await page.locator('#nearby-status').textContent()).toBe(`${expected.length} landmarks within 2 km of ${first!.frontmatter.name}, from 2026-11-10 to 2026-12-20.`);
      expect(await page.locator('#nearby-list .entry-title').allTextContents()).toEqual(expected.map(({ landmark }) => landmark.name));
      const affected = expected.findIndex(({ answer }) => answer === 'affected');
      expect(await page.locator('#nearby-list li').nth(affected).locator('.condition').textContent()).toBe(expected[affected]!.condition!.replace(/_/g, ' '));
      // The form keeps what was asked.
      expect(await page.getByLabel('Within (km)').inputValue()).toBe('2');
      expect(await violations(page, javaScriptEnabled)).toEqual([]);
      expect(await widthOf(page)).toBeLessThanOrEqual(360);
      expect(trouble).toEqual({ consoleErrors: [], pageErrors: [], dialogs: [], failedRequests: [] });
    });
  }

  it('says what was wrong, as the API does, with a 400, and when no landmark matches', async () => {
    const { page } = await session.open({ javaScriptEnabled: false });
    const response = await page.goto(`/nearby?q=${encodeURIComponent(first!.frontmatter.name)}&radius=500`);
    expect(response?.status()).toBe(400);
    expect(await page.locator('#nearby-status').textContent()).toMatch(/^radius must be at most 200/);
    await page.goto('/nearby?q=Atlantis');
    expect(await page.locator('#nearby-status').textContent()).toBe('No landmark or place matches “Atlantis”: try another spelling, or a landmark\'s name.');
  });

  it('uses the browser\'s position when asked, and sends it nowhere but this site', async () => {
    const { page, trouble } = await session.open({ ...phone, geolocation: { latitude: places.rome.lat, longitude: places.rome.lon }, permissions: ['geolocation'] });
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto('/nearby');
    await page.getByLabel('Only landmarks that are affected').check();
    await Promise.all([page.waitForURL('**/nearby?lat=*'), page.getByRole('button', { name: 'Use my location' }).click()]);
    expect(new URL(page.url()).searchParams.get('affected')).toBe('true');
    const expected = await nearbyApi(`lat=${places.rome.lat.toFixed(5)}&lon=${places.rome.lon.toFixed(5)}&affected=true`);
    expect(await page.locator('#nearby-list .entry-title').allTextContents()).toEqual(expected.map(({ landmark }) => landmark.name));
    expect(await page.locator('#nearby-status').textContent()).toMatch(/within 10 km of 41\.8902, 12\.4922, on 2026-11-10\.$/);
    expect([...origins]).toEqual([session.site().url.origin]);
    expect(trouble).toEqual({ consoleErrors: [], pageErrors: [], dialogs: [], failedRequests: [] });
  });
});

describe('"Also nearby" on a landmark page', () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`lists the nearest landmarks with their answer today, JavaScript ${javaScriptEnabled ? 'on' : 'off'}, passing axe at a phone's width`, async () => {
      const { page, trouble } = await session.open({ ...phone, javaScriptEnabled, bypassCSP: javaScriptEnabled });
      await page.goto(`/landmarks/${first!.slug}`);
      const expected = (await nearbyApi(`near=${first!.slug}&radius=3&limit=6`)).filter(({ landmark }) => landmark.slug !== first!.slug).slice(0, 5);
      const section = page.getByRole('region', { name: 'Also nearby' });
      expect(await section.locator('.entry-title').allTextContents()).toEqual(expected.map(({ landmark }) => landmark.name));
      expect(await section.locator('.condition').allTextContents()).toEqual(expected.map(({ answer, condition }) => (answer === 'affected' ? condition!.replace(/_/g, ' ') : answer === 'open' ? 'open' : 'unknown: no report in effect')));
      expect(await violations(page, javaScriptEnabled)).toEqual([]);
      expect(await widthOf(page)).toBeLessThanOrEqual(360);
      expect(trouble).toMatchObject({ consoleErrors: [], pageErrors: [] });
    });
  }
});
