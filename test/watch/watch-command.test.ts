import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCommand } from '../../src/cli/watch-command.ts';
import type { WatchRun } from '../../src/watch/run-watch.ts';
import { runScript } from '../support/build.ts';
import { recordedIo } from '../support/command-io.ts';
import { writeContentTree } from '../support/content-files.ts';
import { startRecordedServer, testCertificate, type RecordedServer } from '../support/recorded-sources.ts';
import { calendar, npsAlerts, npsParks, readTime, rssFeed, sparqlResults } from '../support/watch-answers.ts';

let api: RecordedServer;
let site: RecordedServer;
beforeAll(async () => {
  [api, site] = await Promise.all([startRecordedServer(false), startRecordedServer(true)]);
});
afterAll(async () => {
  await Promise.all([api?.close(), site?.close()]);
});

const landmark = (name: string, wikidata: string, watch: string) => `---
name: "${name}"
location:
  city: Flagstaff
  country: US
coordinates:
  lat: 36.1
  lon: -112.1
wikidata: ${wikidata}
watch:
${watch}
---
A landmark used by the watch's tests.
`;

const events = [
  { uid: 'gala@museum.example', summary: 'Closed for the gala', start: '2026-12-10', endExclusive: '2026-12-13' },
  { uid: 'works@museum.example', summary: 'Closed for works', start: '2027-01-04', endExclusive: '2027-01-16' },
];

async function contentTree(): Promise<string> {
  return writeContentTree({
    'content/landmarks/grand-canyon.md': landmark('Grand Canyon', 'Q118841', '  - nps: { parkCode: grca }\n  - wikidata: {}'),
    'content/landmarks/museum-of-plans.md': landmark('Museum of Plans', 'Q1001', `  - ical: { url: "${site.origin}/closures.ics" }\n  - feed: { url: "${site.origin}/news.rss", match: [closed, closure] }\n  - wikidata: {}`),
    'content/landmarks/broken-museum.md': landmark('Broken Museum', 'Q1002', `  - ical: { url: "${site.origin}/broken.ics" }\n  - feed: { url: "${site.origin}/gone.rss", match: [closed], disabled: "the feed moved; a new address is being looked for" }`),
  });
}

function record(ends = ['2026-12-13', '2027-01-16']) {
  api.answers.set('/nps/api/v1/alerts?parkCode=grca&limit=100', { body: npsAlerts([{ id: 'trail-1', title: 'Bright Angel Trail closed below 3-Mile', category: 'Park Closure' }]) });
  api.answers.set('/nps/api/v1/parks?parkCode=grca', { body: npsParks() });
  api.answers.set('/sparql', { body: sparqlResults([]) });
  site.answers.set('/closures.ics', { body: calendar(events.map((event, index) => ({ ...event, endExclusive: ends[index]! }))) });
  site.answers.set('/news.rss', { body: rssFeed([{ guid: 'n1', title: 'Temporary closure of the west wing', published: '2026-11-25T08:00:00Z' }, { guid: 'n2', title: 'New café', published: '2026-11-26T08:00:00Z' }]) });
  site.answers.set('/broken.ics', { status: 500, body: 'oops' });
}

const environment = () => ({ WATCH_ALLOW_LOCAL: '1', NPS_API_KEY: 'test-key', WATCH_NPS_BASE_URL: `${api.origin}/nps/api/v1`, WATCH_WIKIDATA_SPARQL_URL: `${api.origin}/sparql` });

async function watch(root: string, ...args: string[]): Promise<{ code: number; run: WatchRun; stdout: string }> {
  const io = Object.assign(recordedIo(), { now: readTime });
  const json = await watchCommand(['--root', root, '--json', ...args], io, root, environment(), { ca: testCertificate, attempts: 2, backoffMs: 5, timeoutMs: 2000 });
  expect(io.stderr).toBe('');
  return { code: json, run: JSON.parse(io.stdout) as WatchRun, stdout: io.stdout };
}

const sourceRows = (run: WatchRun) => run.landmarks.flatMap((landmark) => landmark.sources.map((source) => `${landmark.slug} ${source.key.replace(/https:\/\/127\.0\.0\.1:\d+/, 'SITE')} ${source.outcome} items=${source.items} new=${source.new} updated=${source.updated} gone=${source.gone}`));

describe('npm run watch', () => {
  it('writes a report per new item, records every check, and a failed source stops no other', async () => {
    record();
    const root = await contentTree();
    const { code, run } = await watch(root);
    expect(code).toBe(0);
    expect(sourceRows(run)).toEqual([
      'broken-museum ical:SITE/broken.ics failed items=0 new=0 updated=0 gone=0',
      'broken-museum feed:SITE/gone.rss disabled items=0 new=0 updated=0 gone=0',
      'grand-canyon nps:grca ok items=3 new=2 updated=0 gone=0',
      'grand-canyon wikidata empty items=0 new=0 updated=0 gone=0',
      'museum-of-plans ical:SITE/closures.ics ok items=2 new=2 updated=0 gone=0',
      'museum-of-plans feed:SITE/news.rss ok items=2 new=1 updated=0 gone=0',
      'museum-of-plans wikidata empty items=0 new=0 updated=0 gone=0',
    ]);
    expect(run.landmarks.find((landmark) => landmark.slug === 'broken-museum')!.sources[0]!.error).toBe('HTTP 500 after 2 attempts');

    // What it wrote is content like any other: npm run validate accepts it.
    const validate = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: '' });
    expect(validate.stderr).not.toMatch(/problem/);
    expect(validate.code).toBe(0);
    const gala = run.landmarks.find((landmark) => landmark.slug === 'museum-of-plans')!.written[0]!;
    const text = await readFile(path.join(root, gala), 'utf8');
    expect(text).toMatch(/^condition: closed$/m);
    expect(text).toMatch(/^from: 2026-12-10$/m);
    expect(text).toMatch(/^until: 2026-12-12$/m);
    expect(text).toMatch(/^ {2}kind: official$/m);
    expect(text).toMatch(/^ {2}itemId: "ical:https:\/\/127\.0\.0\.1:\d+\/closures\.ics gala@museum\.example"$/m);

    const checks = parse(await readFile(path.join(root, 'content/watch/checks.yaml'), 'utf8')) as { checks: Record<string, Record<string, { outcome: string; lastSuccessAt?: string; items: number }>> };
    expect(checks.checks['grand-canyon']!['nps:grca']).toMatchObject({ outcome: 'ok', items: 3, lastSuccessAt: readTime.toISOString() });
    expect(checks.checks['broken-museum']![`ical:${site.origin}/broken.ics`]).toMatchObject({ outcome: 'failed', items: 0 });
    expect(checks.checks['broken-museum']![`ical:${site.origin}/broken.ics`]!.lastSuccessAt).toBeUndefined();

    // Twice in a row: nothing new.
    const again = await watch(root);
    expect(again.run.landmarks.flatMap((landmark) => landmark.written)).toEqual([]);
    expect(sourceRows(again.run).every((row) => /new=0 updated=0 gone=0$/.test(row))).toBe(true);
  });

  it('supersedes the report of an item whose end changed, and lists an item gone from a source that still answers', async () => {
    record();
    const root = await contentTree();
    const first = await watch(root);
    const works = first.run.landmarks.find((landmark) => landmark.slug === 'museum-of-plans')!.written[1]!;
    // The works now end a week later; the gala is no longer listed.
    site.answers.set('/closures.ics', { body: calendar([{ ...events[1]!, endExclusive: '2027-01-23' }]) });
    const second = await watch(root, '--only', 'museum-of-plans');
    const museum = second.run.landmarks.find((landmark) => landmark.slug === 'museum-of-plans')!;
    expect(second.run.landmarks.map((landmark) => landmark.slug)).toEqual(['museum-of-plans']);
    expect(museum.sources[0]).toMatchObject({ outcome: 'ok', new: 0, updated: 1, gone: 1 });
    expect(museum.gone).toEqual([{ itemId: `ical:${site.origin}/closures.ics gala@museum.example`, file: first.run.landmarks.find((landmark) => landmark.slug === 'museum-of-plans')!.written[0] }]);
    const update = await readFile(path.join(root, museum.written[0]!), 'utf8');
    expect(update).toMatch(/^until: 2027-01-22$/m);
    expect(update).toMatch(new RegExp(`^supersedes: ${path.basename(works, '.md')}$`, 'm'));
    expect((await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: '' })).code).toBe(0);
    // The other landmarks' check records are kept as they were.
    const checks = parse(await readFile(path.join(root, 'content/watch/checks.yaml'), 'utf8')) as { checks: Record<string, unknown> };
    expect(Object.keys(checks.checks)).toEqual(['broken-museum', 'grand-canyon', 'museum-of-plans']);
  });

  it('prints a table by default, and refuses an unknown --only', async () => {
    record();
    const root = await contentTree();
    const io = Object.assign(recordedIo(), { now: readTime });
    const jobSummary = path.join(root, 'job-summary.md');
    expect(await watchCommand(['--root', root], io, root, { ...environment(), GITHUB_STEP_SUMMARY: jobSummary }, { ca: testCertificate, attempts: 1 })).toBe(0);
    expect(await readFile(jobSummary, 'utf8')).toBe(`## Watch of official sources\n\n${io.stdout}`);
    expect(io.stdout).toMatch(/^\| landmark +\| source +\| outcome +\| items \| new \| updated \| gone \| error/);
    expect(io.stdout).toContain('3 ok, 2 empty, 1 failed, 1 disabled; 5 report(s) written, 0 item(s) gone.');
    const refused = Object.assign(recordedIo(), { now: readTime });
    expect(await watchCommand(['--root', root, '--only', 'grand-canyn'], refused, root, environment())).toBe(2);
    expect(refused.stderr).toContain('--only: expected the slug of a landmark in content/landmarks/; got "grand-canyn"');
  });
});
