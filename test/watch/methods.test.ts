import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoliteFetcher, defaultFetchRules, type FetchRules } from '../../src/watch/fetch/polite-fetcher.ts';
import { readSource } from '../../src/watch/methods/read-source.ts';
import type { MethodContext, SourceReading } from '../../src/watch/observation.ts';
import { watchEntryOf, type WatchSource } from '../../src/schema/watch-sources.ts';
import { startRecordedServer, testCertificate, type RecordedServer } from '../support/recorded-sources.ts';
import { atomFeed, calendar, jsonLdPage, npsAlerts, npsParks, readTime, rssFeed, sparqlResults } from '../support/watch-answers.ts';

let server: RecordedServer;
let secure: RecordedServer;
beforeAll(async () => {
  [server, secure] = await Promise.all([startRecordedServer(false), startRecordedServer(true)]);
});
afterAll(async () => {
  await Promise.all([server?.close(), secure?.close()]);
});

const waits: number[] = [];
const rules = (more: Partial<FetchRules> = {}): FetchRules => ({ ...defaultFetchRules('lcr-test/1.0 (+https://github.com/example/lcr)', true), timeoutMs: 400, attempts: 2, backoffMs: 5, ca: testCertificate, ...more });
const contextWith = (fetcher: PoliteFetcher): MethodContext => ({
  fetcher,
  now: readTime,
  landmark: { slug: 'museum-of-plans', name: 'Museum of Plans', wikidata: 'Q1001' },
  environment: { npsBaseUrl: `${server.origin}/nps/api/v1`, npsApiKey: 'test-key', wikidataSparqlUrl: `${server.origin}/sparql` },
});
const read = (source: WatchSource, fetcher = new PoliteFetcher(rules(), undefined, async (ms) => void waits.push(ms))): Promise<SourceReading> => readSource(watchEntryOf(source), contextWith(fetcher));
const items = (reading: SourceReading) => (reading.ok ? reading.observations.map(({ itemId, condition, from, until }) => ({ itemId, condition, from, until })) : reading.error);

describe('each method, against recorded answers', () => {
  it('nps: a "Park Closure" alert and a closed operating-hours exception, never a caution or an open exception', async () => {
    server.answers.set('/nps/api/v1/alerts?parkCode=grca&limit=100', { body: npsAlerts([{ id: 'a1', title: 'North Kaibab Trail closed', category: 'Park Closure' }, { id: 'a2', title: 'Icy trails', category: 'Caution' }]) });
    server.answers.set('/nps/api/v1/parks?parkCode=grca', { body: npsParks() });
    const reading = await read({ nps: { parkCode: 'grca' } });
    expect(items(reading)).toEqual([
      { itemId: 'alert:a1', condition: 'partially_closed', from: undefined, until: undefined },
      { itemId: 'hours:North Rim:Winter closure:2026-12-01', condition: 'partially_closed', from: '2026-12-01', until: '2027-05-14' },
    ]);
    expect(reading).toMatchObject({ ok: true, itemsListed: 4 });
    // The key goes in a header, and the user agent names the project and its repository.
    const asked = server.requests.find((request) => request.path.startsWith('/nps/api/v1/parks'))!;
    expect(asked.headers['x-api-key']).toBe('test-key');
    expect(asked.headers['user-agent']).toMatch(/\(\+https:\/\/github\.com\//);
  });

  it('jsonld: special opening hours without opening times close those days', async () => {
    secure.answers.set('/hours', { body: jsonLdPage(), headers: { 'content-type': 'text/html' } });
    expect(items(await read({ jsonld: { url: `${secure.origin}/hours` } }))).toEqual([{ itemId: `${secure.origin}/hours#2027-01-05`, condition: 'closed', from: '2027-01-05', until: '2027-01-09' }]);
  });

  it('ical: each event closes its days, the all-day DTEND excluded', async () => {
    secure.answers.set('/closures.ics', { body: calendar([{ uid: 'c1@museum.example', summary: 'Closed for a private event', start: '2026-12-10', endExclusive: '2026-12-13' }]) });
    expect(items(await read({ ical: { url: `${secure.origin}/closures.ics` } }))).toEqual([{ itemId: 'c1@museum.example', condition: 'closed', from: '2026-12-10', until: '2026-12-12' }]);
  });

  it('feed: RSS and Atom items that match a word (accents and case ignored), recent ones only', async () => {
    secure.answers.set('/news.rss', { body: rssFeed([{ guid: 'n1', title: 'Fermeture de l’aile ouest', published: '2026-11-20T08:00:00Z' }, { guid: 'n2', title: 'A new exhibition', published: '2026-11-21T08:00:00Z' }, { guid: 'n3', title: 'Closure in 2020', published: '2020-01-01T00:00:00Z' }]) });
    secure.answers.set('/news.atom', { body: atomFeed([{ id: 'urn:news:7', title: 'Works on the roof', updated: '2026-11-25T00:00:00Z' }]) });
    expect(items(await read({ feed: { url: `${secure.origin}/news.rss`, match: ['FERMETURE', 'closure'] } }))).toEqual([{ itemId: 'n1', condition: 'closed', from: undefined, until: undefined }]);
    expect(items(await read({ feed: { url: `${secure.origin}/news.atom`, match: ['works'] } }))).toEqual([{ itemId: 'urn:news:7', condition: 'closed', from: undefined, until: undefined }]);
  });

  it('wikidata: a closed state of use with its end; "in use" is nothing to report', async () => {
    server.answers.set('/sparql', { body: sparqlResults([{ statement: 'Q1001-ab12', state: 'temporarily closed', start: '2026-10-01', end: '2027-03-31' }, { statement: 'Q1001-cd34', state: 'in use' }]) });
    expect(items(await read({ wikidata: {} }))).toEqual([{ itemId: 'Q1001-ab12', condition: 'closed', from: undefined, until: '2027-03-31' }]);
    expect(server.requests.at(-1)!.path).toContain(encodeURIComponent('wd:Q1001 p:P5817'));
  });
});

describe('a source that cannot be read is a failure, never "nothing announced"', () => {
  it('a timeout, a 500, an empty answer and a malformed body each fail with words saying so', async () => {
    secure.answers.set('/slow.ics', { hang: true });
    secure.answers.set('/broken.ics', { status: 500, body: 'oops' });
    secure.answers.set('/empty.rss', { body: '' });
    secure.answers.set('/malformed.json', { body: '<html><script type="application/ld+json">{"@type": "Museum",</script></html>' });
    secure.answers.set('/no-items.rss', { body: rssFeed([]) });
    const failures = await Promise.all([
      read({ ical: { url: `${secure.origin}/slow.ics` } }),
      read({ ical: { url: `${secure.origin}/broken.ics` } }),
      read({ feed: { url: `${secure.origin}/empty.rss`, match: ['closed'] } }),
      read({ jsonld: { url: `${secure.origin}/malformed.json` } }),
      read({ feed: { url: `${secure.origin}/no-items.rss`, match: ['closed'] } }),
    ]);
    expect(failures.map((reading) => (reading.ok ? 'ok' : reading.error.replace(/\d{4,5}/g, 'PORT')))).toEqual([
      expect.stringMatching(/^no complete answer from 127\.0\.0\.1:PORT within 400 ms .* after 2 attempts$/),
      'HTTP 500 after 2 attempts',
      'the answer was empty',
      expect.stringMatching(/^JSON-LD block 1 does not parse/),
      'the feed lists no items',
    ]);
    expect(secure.requests.filter((request) => request.path === '/broken.ics')).toHaveLength(2);
  });

  it('a 429 waits as long as Retry-After says, then reads the answer', async () => {
    let asked = 0;
    secure.answers.set('/busy.ics', () => (++asked === 1 ? { status: 429, headers: { 'retry-after': '7' } } : { body: calendar([]) }));
    waits.length = 0;
    const reading = await read({ ical: { url: `${secure.origin}/busy.ics` } });
    expect(reading).toMatchObject({ ok: true, itemsListed: 0 });
    expect(waits).toEqual([7000]);
  });

  it('refuses local addresses unless WATCH_ALLOW_LOCAL allows them, and plain http always', async () => {
    const strict = new PoliteFetcher(rules({ allowLocal: false }));
    expect(await read({ ical: { url: `${secure.origin}/closures.ics` } }, strict)).toMatchObject({ ok: false, error: expect.stringContaining('127.0.0.1 is at 127.0.0.1, not a public address') });
    expect(await read({ ical: { url: 'https://localhost:1/closures.ics' } }, strict)).toMatchObject({ ok: false, error: expect.stringMatching(/localhost is at (127\.0\.0\.1|::1), not a public address/) });
  });

  it('checks every redirect: to plain http, or to a name that resolves to a local address, is refused', async () => {
    // 127.0.0.1 is allowed by name here, so the start is read and the redirect's target is what is checked.
    const onlyThisHost = new PoliteFetcher(rules({ allowLocal: new Set(['127.0.0.1']) }));
    const port = new URL(secure.origin).port;
    secure.answers.set('/closures.ics', { body: calendar([]) });
    secure.answers.set('/to-localhost', { status: 302, headers: { location: `https://localhost:${port}/closures.ics` } });
    secure.answers.set('/to-metadata', { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data' } });
    expect(await read({ ical: { url: `${secure.origin}/closures.ics` } }, onlyThisHost)).toMatchObject({ ok: true });
    expect(await read({ ical: { url: `${secure.origin}/to-localhost` } }, onlyThisHost)).toMatchObject({ ok: false, error: expect.stringMatching(/^localhost is at (127\.0\.0\.1|::1), not a public address/) });
    expect(await read({ ical: { url: `${secure.origin}/to-metadata` } }, onlyThisHost)).toMatchObject({ ok: false, error: 'expected an https URL; got http://169.254.169.254/latest/meta-data' });
  });

  it('revalidates with the ETag it was given: a 304 reuses the last answer', async () => {
    const cache = new Map<string, { etag?: string | undefined; lastModified?: string | undefined; body: string }>();
    const fetcher = new PoliteFetcher(rules(), { get: async (url) => cache.get(url), set: async (url, entry) => void cache.set(url, entry) });
    secure.answers.set('/tagged.ics', (request) => (request.headers['if-none-match'] === '"v1"' ? { status: 304 } : { body: calendar([{ uid: 'c9', summary: 'Closed', start: '2026-12-01', endExclusive: '2026-12-02' }]), headers: { etag: '"v1"' } }));
    const first = await read({ ical: { url: `${secure.origin}/tagged.ics` } }, fetcher);
    const second = await read({ ical: { url: `${secure.origin}/tagged.ics` } }, fetcher);
    expect(items(second)).toEqual(items(first));
    expect(secure.requests.filter((request) => request.path === '/tagged.ics').map((request) => request.headers['if-none-match'] ?? null)).toEqual([null, '"v1"']);
  });
});
