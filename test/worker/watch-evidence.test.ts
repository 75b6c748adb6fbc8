import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landmarkDetail, landmarkStatus } from '../../src/schema/api.ts';
import { buildSiteFrom } from '../support/build.ts';
import { writeContentTree } from '../support/content-files.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

/**
 * Three parks watched through the NPS API, as content/watch/checks.yaml records them on
 * 2026-11-27 at noon (UTC): grca read successfully this morning, listing its North Rim closure
 * from 1 December; zion read successfully four days ago, not since; yose's last try failed.
 */
const now = '2026-11-27T12:00:00Z';
const park = (name: string, wikidata: string, code: string) => `---
name: "${name}"
location:
  city: Springdale
  country: US
coordinates:
  lat: 37.2
  lon: -113
wikidata: ${wikidata}
watch:
  - nps: { parkCode: ${code} }
  - wikidata: {}
---
A national park.
`;
const check = (fields: string) => `      method: nps
      url: https://developer.nps.gov/api/v1/parks?parkCode=x
${fields.trim().split('\n').map((line) => `      ${line.trim()}`).join('\n')}`;

const content = {
  'content/landmarks/grand-canyon.md': park('Grand Canyon', 'Q118841', 'grca'),
  'content/landmarks/zion.md': park('Zion', 'Q206587', 'zion'),
  'content/landmarks/yosemite.md': park('Yosemite', 'Q180402', 'yose'),
  'content/watch/checks.yaml': `checks:
  grand-canyon:
    nps:grca:
${check(`checkedAt: 2026-11-27T06:00:00.000Z
  outcome: ok
  items: 2
  lastSuccessAt: 2026-11-27T06:00:00.000Z
  closures: [[2026-12-01, 2027-05-14]]`)}
    wikidata:
      method: wikidata
      url: https://query.wikidata.org/sparql?query=x
      checkedAt: 2026-11-27T06:00:00.000Z
      outcome: empty
      items: 0
      lastSuccessAt: 2026-11-27T06:00:00.000Z
  zion:
    nps:zion:
${check(`checkedAt: 2026-11-23T06:00:00.000Z
  outcome: empty
  items: 0
  lastSuccessAt: 2026-11-23T06:00:00.000Z
  closures: []`)}
  yosemite:
    nps:yose:
${check(`checkedAt: 2026-11-27T06:00:00.000Z
  outcome: failed
  items: 0
  lastSuccessAt: 2026-11-26T06:00:00.000Z
  error: HTTP 500 after 3 attempts
  closures: []`)}
`,
};

let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await buildSiteFrom(await writeContentTree(content)), { fixedNow: now });
});
afterAll(async () => {
  await site?.dispose();
});

const statusOn = async (slug: string, day: string) => {
  const response = await site.get(`/api/public/v1/landmarks/${slug}/status?on=${day}`);
  expect(response.status).toBe(200);
  return landmarkStatus.parse(await response.json());
};

describe('a watched official source that lists dated closures', () => {
  it('makes a day open with no report in effect, with the check as evidence', async () => {
    const status = await statusOn('grand-canyon', '2026-11-27');
    expect(status.answer).toBe('open');
    expect(status.stretches[0]).toMatchObject({
      answer: 'open',
      evidence: null,
      check: { source: 'nps:grca', method: 'nps', description: 'NPS alerts and operating hours for grca', url: 'https://developer.nps.gov/api/v1/parks?parkCode=x', lastSuccessAt: '2026-11-27T06:00:00.000Z', horizon: '2027-02-25' },
    });
    expect(status.stretches[0]!.reason).toContain('NPS alerts and operating hours for grca was read successfully at 2026-11-27T06:00:00.000Z and lists no closure');
    expect(status.checks.map((watched) => `${watched.source} ${watched.outcome}`)).toEqual(['nps:grca ok', 'wikidata empty']);
  });

  it('leaves unknown a day the source lists a closure on, a day past its horizon, and a day before it was read', async () => {
    for (const day of ['2026-12-05', '2027-02-26', '2026-11-20']) {
      const status = await statusOn('grand-canyon', day);
      expect({ day, answer: status.answer, check: status.stretches[0]!.check }).toEqual({ day, answer: 'unknown', check: null });
    }
    const trip = landmarkStatus.parse(await (await site.get('/api/public/v1/landmarks/grand-canyon/status?from=2026-11-29&to=2026-12-02')).json());
    expect(trip.stretches.map((stretch) => [stretch.from, stretch.to, stretch.answer])).toEqual([
      ['2026-11-29', '2026-11-30', 'open'],
      ['2026-12-01', '2026-12-02', 'unknown'],
    ]);
  });

  it('leaves unknown a landmark whose check is older than 3 days, or whose last try failed', async () => {
    expect((await statusOn('zion', '2026-11-27')).answer).toBe('unknown');
    const yosemite = await statusOn('yosemite', '2026-11-27');
    expect(yosemite.answer).toBe('unknown');
    expect(yosemite.checks[0]).toMatchObject({ outcome: 'failed', error: 'HTTP 500 after 3 attempts', lastSuccessAt: '2026-11-26T06:00:00.000Z' });
  });

  it('is said on the landmark, its page and its Markdown twin: which source, when, what it found', async () => {
    const detail = landmarkDetail.parse(await (await site.get('/api/public/v1/landmarks/grand-canyon')).json());
    expect(detail.watchChecks.map((watched) => watched.source)).toEqual(['nps:grca', 'wikidata']);
    const words = 'NPS alerts and operating hours for grca, checked 2026-11-27 06:00 UTC: closures listed: 2026-12-01 to 2027-05-14';
    expect(await (await site.get('/landmarks/grand-canyon.md')).text()).toContain(`- ${words} <https://developer.nps.gov/api/v1/parks?parkCode=x>`);
    expect(await (await site.get('/landmarks/grand-canyon')).text()).toContain(words);
    expect(await (await site.get('/landmarks/yosemite.md')).text()).toContain('NPS alerts and operating hours for yose, tried 2026-11-27 06:00 UTC: could not be read (HTTP 500 after 3 attempts); last read 2026-11-26');
  });
});
