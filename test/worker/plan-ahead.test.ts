import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, landmarkDetail, landmarkStatus, report, type LandmarkStatus } from '../../src/schema/api.ts';
import { buildSiteFrom } from '../support/build.ts';
import { writeContentTree } from '../support/content-files.ts';
import { planAheadContent, today } from '../support/plan-ahead-content.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// The content: test/support/plan-ahead-content.ts (three periods of one landmark; today is 2026-11-24).
let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await buildSiteFrom(await writeContentTree(planAheadContent)), { fixedNow: `${today}T12:00:00Z` });
});
afterAll(async () => {
  await site?.dispose();
});

const json = (path: string) => site.json(path);
const statusOn = async (slug: string, day?: string) => landmarkStatus.parse(await json(`/api/public/v1/landmarks/${slug}/status${day ? `?on=${day}` : ''}`));

/** What each day should answer, by the rules: the most recently confirmed report in effect decides. */
const expected: [day: string, answer: LandmarkStatus['answer'], reportId: string | null][] = [
  ['2026-08-31', 'unknown', null],
  ['2026-09-01', 'affected', 'works2030'],
  ['2026-10-20', 'open', 'opensoon26'],
  [today, 'open', 'opensoon26'],
  ['2026-12-19', 'open', 'opensoon26'],
  ['2026-12-20', 'affected', 'works2030'],
  ['2027-01-05', 'affected', 'closure2027'],
  ['2027-03-01', 'affected', 'closure2027'],
  ['2027-03-02', 'affected', 'works2030'],
  ['2030-12-31', 'affected', 'works2030'],
  ['2031-01-01', 'unknown', null],
];

describe('getLandmarkStatus', () => {
  it('answers each day with the report in effect that decides it, and unknown when none is', async () => {
    for (const [day, answer, reportId] of expected) {
      const status = await statusOn('museum-of-plans', day);
      expect({ day, answer: status.answer, reportId: status.stretches[0]!.evidence?.reportId ?? null }).toEqual({ day, answer, reportId });
      expect(status.asOf).toBe(day);
    }
  });

  it('cites the deciding report with its source, dates and age on the day, and what is announced next', async () => {
    const status = await statusOn('museum-of-plans');
    expect(status).toMatchObject({ from: today, to: today, answer: 'open', condition: 'open' });
    expect(status.stretches[0]!.evidence).toMatchObject({
      reportId: 'opensoon26',
      url: expect.stringMatching(/\/reports\/opensoon26$/),
      source: { kind: 'traveller', name: 'Ana', url: null },
      observedAt: '2026-10-20',
      lastConfirmedAt: '2026-10-20',
      currentUntil: '2026-12-19',
      ageDays: 35,
    });
    expect(status.next).toMatchObject({ reportId: 'closure2027', condition: 'closed', from: '2027-01-05', until: '2027-03-01', untilKind: 'announced' });
  });

  it('says why it does not know, and never says open by default', async () => {
    const quiet = await statusOn('quiet-tower');
    expect(quiet.answer).toBe('unknown');
    expect(quiet.reason).toBe('The last report (scaffolding, 2024-01-01) expired on 2024-03-31: nobody has confirmed since.');
    expect(quiet.stretches[0]!.lastKnown).toMatchObject({ reportId: 'quietold24', ageDays: 1058 });
    const empty = await statusOn('empty-hall');
    expect(empty).toMatchObject({ answer: 'unknown', condition: null, next: null });
    expect(empty.reason).toMatch(/^Nobody has reported on this landmark yet/);
  });

  it('answers a trip as stretches of days that agree with the single days', async () => {
    const trip = landmarkStatus.parse(await json('/api/public/v1/landmarks/museum-of-plans/status?from=2026-11-01&to=2027-03-10'));
    expect(trip.stretches.map((stretch) => [stretch.from, stretch.to, stretch.answer, stretch.evidence?.reportId])).toEqual([
      ['2026-11-01', '2026-12-19', 'open', 'opensoon26'],
      ['2026-12-20', '2027-01-04', 'affected', 'works2030'],
      ['2027-01-05', '2027-03-01', 'affected', 'closure2027'],
      ['2027-03-02', '2027-03-10', 'affected', 'works2030'],
    ]);
    expect(trip).toMatchObject({ answer: 'affected', condition: 'refurbishment', next: null });
  });

  it('refuses a bad day or period with a JSON 400 naming the parameter', async () => {
    const refused: [string, string][] = [
      ['on=2027-02-30', 'on'],
      ['on=tomorrow', 'on'],
      ['on=3026-01-01', 'on'],
      ['on=1850-01-01', 'on'],
      ['on=2027-01-01&from=2027-01-01&to=2027-01-02', 'on'],
      ['from=2027-01-01', 'to'],
      ['to=2027-01-01', 'from'],
      ['from=2027-01-10&to=2027-01-01', 'to'],
      ['from=2027-01-01&to=2028-01-02', 'to'],
    ];
    for (const [query, parameter] of refused) {
      const response = await site.get(`/api/public/v1/landmarks/museum-of-plans/status?${query}`);
      expect(response.status, query).toBe(400);
      expect(apiError.parse(await response.json()).error, query).toMatchObject({ code: 'invalid_parameter', parameter });
    }
    expect((await site.get('/api/public/v1/landmarks/no-such-place/status')).status).toBe(404);
  });
});

describe('at, on every route that carries freshness', () => {
  it('agrees with the status route day by day: the current condition, each report and the counts', async () => {
    for (const [day, answer, reportId] of expected) {
      const detail = landmarkDetail.parse(await json(`/api/public/v1/landmarks/museum-of-plans?at=${day}`));
      expect(detail.asOf).toBe(day);
      expect(detail.currentCondition!.isCurrent, day).toBe(answer !== 'unknown');
      if (reportId) expect(detail.currentCondition!.reportId, day).toBe(reportId);
      const inEffect = detail.reports.filter((item) => item.isCurrent).map((item) => item.id);
      expect(detail.reportCounts.current, day).toBe(inEffect.length);
      if (reportId) expect(inEffect, day).toContain(reportId);
      const single = report.parse(await json(`/api/public/v1/reports/closure2027?at=${day}`));
      expect(single.isCurrent, day).toBe(day >= '2027-01-05' && day <= '2027-03-01');
      expect(single.isUpcoming, day).toBe(day >= '2026-10-01' && day < '2027-01-05');
    }
  });

  it('lists, searches, features and syncs for the day asked, and says which day', async () => {
    const list = (await json('/api/public/v1/landmarks?at=2027-01-10')) as { asOf: string; landmarks: { slug: string; currentCondition: { condition: string } | null; announcedNext: unknown }[] };
    expect(list.asOf).toBe('2027-01-10');
    expect(list.landmarks.find((item) => item.slug === 'museum-of-plans')!.currentCondition!.condition).toBe('closed');
    const search = (await json('/api/public/v1/search?q=plans&at=2027-01-10')) as typeof list;
    expect(search.asOf).toBe('2027-01-10');
    expect(search.landmarks[0]!.currentCondition!.condition).toBe('closed');
    const featured = (await json('/api/public/v1/featured?at=2027-01-10')) as { asOf: string };
    expect(featured.asOf).toBe('2027-01-10');
    const changes = (await json('/api/public/v1/changes?updated_since=2020-01-01&at=2027-01-10')) as { asOf: string; changes: { id: string; isCurrent: boolean; from: string }[] };
    expect(changes.asOf).toBe('2027-01-10');
    expect(changes.changes.find((change) => change.id === 'closure2027')).toMatchObject({ isCurrent: true, from: '2027-01-05' });
    // Today, the announced closure is what comes next.
    const now = (await json('/api/public/v1/landmarks')) as typeof list;
    expect(now.landmarks.find((item) => item.slug === 'museum-of-plans')!.announcedNext).toMatchObject({ reportId: 'closure2027', from: '2027-01-05' });
  });

  it('answers exactly as without it when it names the day of the request', async () => {
    for (const path of ['/api/public/v1/landmarks/museum-of-plans', '/api/public/v1/landmarks', '/api/public/v1/reports/works2030', '/api/public/v1/search?q=tower']) {
      const separator = path.includes('?') ? '&' : '?';
      expect(await json(`${path}${separator}at=${today}`), path).toEqual(await json(path));
    }
  });

  it('refuses a date that is not one, or absurd, naming at', async () => {
    for (const path of ['/api/public/v1/landmarks?at=2026-13-01', '/api/public/v1/featured?at=next-week', '/api/public/v1/reports/works2030?at=99999-01-01', '/api/public/v1/changes?at=2099-01-01']) {
      const response = await site.get(path);
      expect(response.status, path).toBe(400);
      expect(apiError.parse(await response.json()).error, path).toMatchObject({ parameter: 'at' });
    }
  });
});

describe('a landmark to subscribe to', () => {
  it('is a calendar (RFC 5545) of its periods with an end, each event agreeing with the reports day by day', async () => {
    const response = await site.get('/landmarks/museum-of-plans.ics');
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((event) => [event.uid, event.startDate.toString(), event.endDate.toString(), event.component.getFirstPropertyValue('status')])).toEqual([
      [expect.stringMatching(/^works2030@/), '2026-09-01', '2031-01-01', 'TENTATIVE'],
      [expect.stringMatching(/^closure2027@/), '2027-01-05', '2027-03-02', 'CONFIRMED'],
    ]);
    for (const event of events) {
      const id = event.uid.split('@')[0]!;
      const lastDay = event.endDate.clone();
      lastDay.adjust(-1, 0, 0, 0);
      const inEffect = async (day: string) => report.parse(await json(`/api/public/v1/reports/${id}?at=${day}`)).isCurrent;
      expect([await inEffect(event.startDate.toString()), await inEffect(lastDay.toString()), await inEffect(event.endDate.toString())], id).toEqual([true, true, false]);
      expect(event.summary).toMatch(/^Museum of Plans: /);
      expect(event.component.getFirstPropertyValue('url')).toMatch(new RegExp(`/reports/${id}$`));
    }
    // Fetched again, the same events under the same UIDs: a calendar updates them, never duplicates.
    expect(await (await site.get('/landmarks/museum-of-plans.ics')).text()).toBe(text);
  });

  it('is an Atom feed of its reports, most recently changed first, with their canonical URLs', async () => {
    const response = await site.get('/landmarks/museum-of-plans.atom');
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseFeed(await response.text());
    expect(feed.meta.type).toBe('atom');
    expect(feed.items.map((item) => item.id!.split('/').pop()).sort()).toEqual(['closure2027', 'opensoon26', 'works2030']);
    const updated = feed.items.map((item) => item.updated!.getTime());
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
  });

  it('is linked from its page, which shows what is in effect and what is announced apart from the history', async () => {
    const page = await (await site.get('/landmarks/museum-of-plans')).text();
    expect(page).toMatch(/<link rel="alternate" type="text\/calendar" href="[^"]*\/landmarks\/museum-of-plans\.ics"/);
    expect(page).toMatch(/<link rel="alternate" type="application\/atom\+xml" href="[^"]*\/landmarks\/museum-of-plans\.atom"/);
    const announced = page.slice(page.indexOf('<h2>Announced ahead</h2>'), page.indexOf('id="check-heading"'));
    expect(announced).toContain('Closed for the renewal of the galleries.');
    expect(announced).toContain('announced end 2027-03-01');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)![1]!) as { specialOpeningHoursSpecification: unknown };
    expect(jsonLd.specialOpeningHoursSpecification).toEqual([{ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2027-01-05', validThrough: '2027-03-01' }]);
  });

  it('has a page of all its reports, which refuses a cursor it did not give', async () => {
    const page = await site.get('/landmarks/museum-of-plans/reports');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect([...html.matchAll(/<a class="entry-title" href="\/reports\/([a-z0-9]+)"/g)].map((match) => match[1])).toEqual(['opensoon26', 'closure2027', 'works2030']);
    expect(html).toContain('<link rel="canonical" href="http://lcr.test/landmarks/museum-of-plans/reports"');
    const refused = await site.get('/landmarks/museum-of-plans/reports?cursor=nonsense');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('cursor is not a cursor of this landmark');
  });
});
