import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landmarkDetail, landmarkStatus, report } from '../../src/schema/api.ts';
import { buildSiteFrom } from '../support/build.ts';
import { validLandmark, writeContentTree } from '../support/content-files.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

/**
 * The museum announced a closure until 30 June 2027 (closedjune); a later notice replaced it with a
 * partial closure from 1 February to 31 March 2027 that supersedes it (partialfeb). The closure
 * counts up to 31 January and not after, though its own end is later.
 */
const today = '2026-11-24';
const content = {
  'content/landmarks/eiffel-tower.md': validLandmark(),
  'content/reports/eiffel-tower/closedjune.md': `---
condition: closed
summary: "Closed until the end of June 2027."
observedAt: 2026-10-01
until: 2027-06-30
source:
  kind: official
  name: "Operator"
  url: https://operator.example/closure
---
`,
  'content/reports/eiffel-tower/partialfeb.md': `---
condition: partially_closed
summary: "Only the summit closes, from February to March 2027."
observedAt: 2026-11-10
from: 2027-02-01
until: 2027-03-31
supersedes: closedjune
source:
  kind: official
  name: "Operator"
  url: https://operator.example/update
---
`,
};

let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await buildSiteFrom(await writeContentTree(content)), { fixedNow: `${today}T12:00:00Z` });
});
afterAll(async () => {
  await site?.dispose();
});

const json = (path: string) => site.json(path);

describe('a report superseded by a later one', () => {
  it('decides the status up to the day before the later one starts, and never after', async () => {
    const on = async (day: string) => {
      const status = landmarkStatus.parse(await json(`/api/public/v1/landmarks/eiffel-tower/status?on=${day}`));
      return [day, status.answer, status.condition, status.stretches[0]!.evidence?.reportId ?? null];
    };
    expect(await Promise.all(['2027-01-31', '2027-02-01', '2027-03-31', '2027-04-01', '2027-06-30'].map(on))).toEqual([
      ['2027-01-31', 'affected', 'closed', 'closedjune'],
      ['2027-02-01', 'affected', 'partially_closed', 'partialfeb'],
      ['2027-03-31', 'affected', 'partially_closed', 'partialfeb'],
      ['2027-04-01', 'unknown', null, null],
      ['2027-06-30', 'unknown', null, null],
    ]);
    const trip = landmarkStatus.parse(await json('/api/public/v1/landmarks/eiffel-tower/status?from=2027-01-30&to=2027-01-31'));
    expect(trip.stretches[0]!.reason).toContain('report partialfeb supersedes it, so it counts until 2027-01-31.');
  });

  it('stops counting with `at` from that day, and stays in the history with both links', async () => {
    const at = async (day: string) => landmarkDetail.parse(await json(`/api/public/v1/landmarks/eiffel-tower?at=${day}`));
    const april = await at('2027-04-01');
    expect(april.reportCounts).toEqual({ total: 2, current: 0 });
    expect(april.currentCondition?.isCurrent).toBe(false);
    expect((await at('2027-01-31')).currentCondition).toMatchObject({ reportId: 'closedjune', isCurrent: true });
    expect(april.reports.map((entry) => entry.id).sort()).toEqual(['closedjune', 'partialfeb']);
    const older = report.parse(await json('/api/public/v1/reports/closedjune?at=2027-02-01'));
    expect(older).toMatchObject({ until: '2027-06-30', currentUntil: '2027-01-31', supersededBy: 'partialfeb', supersedes: null, isCurrent: false });
    expect(report.parse(await json('/api/public/v1/reports/partialfeb'))).toMatchObject({ supersedes: 'closedjune', supersededBy: null });
    const page = await (await site.get('/reports/closedjune')).text();
    expect(page).toMatch(/<a href="partialfeb">report partialfeb<\/a> supersedes it: it counts until the day before that report begins, at the latest/);
  });

  it('ends its calendar event and says so in the feed', async () => {
    const calendar = new ICAL.Component(ICAL.parse(await (await site.get('/landmarks/eiffel-tower.ics')).text()));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((event) => [event.uid.split('@')[0], event.startDate.toString(), event.endDate.toString()])).toEqual([
      ['closedjune', '2026-10-01', '2027-02-01'],
      ['partialfeb', '2027-02-01', '2027-04-01'],
    ]);
    const feed = parseFeed(await (await site.get('/landmarks/eiffel-tower.atom')).text());
    const entry = feed.items.find((item) => item.id!.endsWith('/closedjune'));
    expect(entry?.content).toContain('Superseded by report partialfeb: it counts until 2027-01-31.');
  });
});
