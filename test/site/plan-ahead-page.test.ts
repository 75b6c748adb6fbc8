import { describe, expect, it } from 'vitest';
import { landmarkStatus } from '../../src/schema/api.ts';
import { buildSiteFrom } from '../support/build.ts';
import { writeContentTree } from '../support/content-files.ts';
import { planAheadContent, today } from '../support/plan-ahead-content.ts';
import { startSite } from '../support/worker.ts';
import { axeViolations, browserOnSite } from '../support/chromium.ts';

// Three periods of one landmark (test/support/plan-ahead-content.ts); server and browser share today.
const moment = `${today}T12:00:00Z`;

const session = browserOnSite(async () => startSite(await buildSiteFrom(await writeContentTree(planAheadContent)), { fixedNow: moment }));

async function landmarkPage(javaScriptEnabled: boolean, width = 1100) {
  const watched = await session.open({ javaScriptEnabled, viewport: { width, height: 900 } });
  await watched.page.clock.setFixedTime(new Date(moment));
  // Until no request is in flight: the page loads its form script after the load event, and a
  // test that submits sooner, on a loaded machine, sees the browser abort that script's request.
  await watched.page.goto('/landmarks/museum-of-plans', { waitUntil: 'networkidle' });
  return watched;
}

describe('the home page', () => {
  it('leads with how many landmarks have a current report, what is affected now and what is announced next', async () => {
    const watched = await session.open({ javaScriptEnabled: false });
    await watched.page.goto('/');
    const headings = await watched.page.locator('main h2').allTextContents();
    expect(headings.slice(0, 2)).toEqual(['Affected now', 'Announced next']);
    const currency = (await watched.page.locator('p.currency').textContent())!.replace(/\s+/g, ' ');
    // Built today: the count is as of the build day, which the sentence names.
    const builtOn = /On (\d{4}-\d{2}-\d{2}), when this page was built, (\d+) of 3 landmarks had a report in effect/.exec(currency);
    expect(builtOn, currency).not.toBeNull();
    const status = landmarkStatus.parse(await (await session.site().get(`/api/public/v1/landmarks/museum-of-plans/status?on=${builtOn![1]}`)).json());
    expect(Number(builtOn![2])).toBe(status.answer === 'unknown' ? 0 : 1);
    if (builtOn![1]! < '2027-01-05') {
      expect(await watched.page.locator('section[aria-labelledby="announced-heading"] li').allTextContents()).toEqual([
        expect.stringMatching(/Museum of Plans: closed[\s\S]*from 2027-01-05, announced end 2027-03-01/),
      ]);
    }
  });
});

describe('the about page', () => {
  it('says how current the data is: landmarks with a report in effect, and the day of the newest observation', async () => {
    const watched = await session.open({ javaScriptEnabled: false });
    await watched.page.goto('/about');
    const section = (await watched.page.locator('h2:text("How current the data is") + p').textContent())!.replace(/\s+/g, ' ');
    const landmark = (await (await session.site().get('/api/public/v1/landmarks/museum-of-plans')).json()) as { latestObservedAt: string };
    expect(section).toMatch(/On \d{4}-\d{2}-\d{2}, when this page was built, [01] of 3 landmarks had a report in effect/);
    expect(section).toContain(`the newest observation is from ${landmark.latestObservedAt}.`);
  });
});

describe('the landmark page, planning a visit', () => {
  it('lists what is in effect today and what is announced ahead apart from the history', async () => {
    const { page } = await landmarkPage(false);
    const headings = await page.locator('main h2').allTextContents();
    expect(headings.slice(0, 4)).toEqual(['Current condition', `In effect on ${today}`, 'Announced ahead', 'Check another date']);
    expect(await page.locator('ol[aria-label^="Conditions announced"] li').allTextContents()).toEqual([
      expect.stringMatching(/Closed for the renewal of the galleries\.[\s\S]*announced, starts 2027-01-05[\s\S]*announced end 2027-03-01/),
    ]);
  });

  for (const javaScriptEnabled of [false, true]) {
    it(`checks another date with the form, JavaScript ${javaScriptEnabled ? 'on' : 'off'}, answering as the status route does`, async () => {
      for (const day of ['2027-01-10', '2027-03-05', '2031-06-01']) {
        const { page, trouble } = await landmarkPage(javaScriptEnabled);
        await page.getByLabel('Day of your visit').fill(day);
        await Promise.all([page.waitForURL(`**/landmarks/museum-of-plans?on=${day}#check`), page.getByRole('button', { name: 'Check' }).click()]);
        const answer = (await page.locator('.day-answer').textContent())!;
        const status = landmarkStatus.parse(await (await session.site().get(`/api/public/v1/landmarks/museum-of-plans/status?on=${day}`)).json());
        expect(answer).toContain(`${day}: ${status.answer === 'affected' ? status.condition!.replace('_', ' ') : status.answer === 'open' ? 'open' : 'unknown'}`);
        expect(answer).toContain(status.reason);
        expect(trouble).toEqual({ consoleErrors: [], pageErrors: [], dialogs: [], failedRequests: [] });
      }
    });
  }

  it('says what was wrong with a date the form cannot answer for, next to the field', async () => {
    const watched = await session.open({ javaScriptEnabled: false });
    const response = await watched.page.goto('/landmarks/museum-of-plans?on=2099-01-01');
    expect(response?.status()).toBe(400);
    expect(await watched.page.locator('#check-error').textContent()).toMatch(/^on must be at most 10 years ahead/);
    expect(await watched.page.getByLabel('Day of your visit').getAttribute('aria-invalid')).toBe('true');
  });

  it('has no axe violations with an answer shown, at a phone\'s width', async () => {
    const watched = await session.open({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await watched.page.goto('/landmarks/museum-of-plans?on=2027-01-10');
    expect(await axeViolations(watched.page)).toEqual([]);
    const overflow = await watched.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
