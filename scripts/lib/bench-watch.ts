import { readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { defaultFetchRules, PoliteFetcher } from '../../src/watch/fetch/polite-fetcher.ts';
import { runWatch } from '../../src/watch/run-watch.ts';
import type { WatchSource } from '../../src/schema/watch-sources.ts';
import { syntheticCatalogueInput, writeSyntheticContent } from './synthetic-content.ts';

/**
 * `npm run watch` over `landmarkCount` generated landmarks against two local servers (an API host
 * over http for the NPS and SPARQL answers, an operator host over https for calendars), each
 * answering after `delayMs`: wall time, the process's peak memory, the requests made, and the most
 * in flight at once per host, as the fetcher counted them and as each server saw them. Every tenth
 * landmark is an NPS park, every third has a calendar (one in a hundred listing a closure, which the
 * watch writes as a report), and every landmark has Wikidata.
 */
export async function benchWatch(scratch: string, landmarkCount: number, delayMs = 2): Promise<void> {
  const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/watch');
  const certificate = await readFile(path.join(fixtures, 'localhost-cert.pem'), 'utf8');
  const seen = { api: { now: 0, peak: 0 }, operator: { now: 0, peak: 0 } };
  const answering = (host: keyof typeof seen, answer: (url: string) => string) => (request: http.IncomingMessage, response: http.ServerResponse) => {
    const counter = seen[host];
    counter.peak = Math.max(counter.peak, ++counter.now);
    setTimeout(() => {
      response.end(answer(request.url ?? ''));
      counter.now--;
    }, delayMs);
  };
  const emptyEnvelope = JSON.stringify({ total: '0', limit: '100', start: '0', data: [] });
  const park = JSON.stringify({ total: '1', limit: '50', start: '0', data: [{ fullName: 'A park', operatingHours: [{ name: 'Park', exceptions: [] }] }] });
  const api = http.createServer(answering('api', (url) => (url.startsWith('/nps/alerts') ? emptyEnvelope : url.startsWith('/nps/parks') ? park : JSON.stringify({ head: { vars: [] }, results: { bindings: [] } }))));
  const operator = https.createServer(
    { key: await readFile(path.join(fixtures, 'localhost-key.pem')), cert: certificate },
    answering('operator', (url) => {
      const index = Number(/(\d+)\.ics$/.exec(url)?.[1] ?? 1);
      const closure = index % 100 === 0 ? ['BEGIN:VEVENT', `UID:closure-${index}`, 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261212', 'SUMMARY:Closed', 'END:VEVENT'] : [];
      return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN', ...closure, 'END:VCALENDAR', ''].join('\r\n');
    }),
  );
  await Promise.all([api, operator].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const operatorOrigin = `https://127.0.0.1:${(operator.address() as AddressInfo).port}`;

  const root = path.join(scratch, `watch-${landmarkCount}`);
  const input = syntheticCatalogueInput({ landmarks: landmarkCount, reports: landmarkCount });
  input.landmarks.forEach((landmark, index) => {
    const watch: WatchSource[] = [{ wikidata: {} }];
    if (index % 10 === 0) watch.unshift({ nps: { parkCode: 'abcd' } });
    if (index % 3 === 0) watch.push({ ical: { url: `${operatorOrigin}/calendars/${index}.ics` } });
    (landmark.frontmatter as { watch?: WatchSource[] }).watch = watch;
  });
  await writeSyntheticContent(root, input);

  const fetcher = new PoliteFetcher({ ...defaultFetchRules('landmark-condition-reports-bench', true), ca: certificate });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const run = await runWatch({ root, now: new Date('2026-11-27T06:00:00Z'), fetcher, environment: { npsBaseUrl: `${apiOrigin}/nps`, npsApiKey: 'bench', wikidataSparqlUrl: `${apiOrigin}/sparql` } });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await Promise.all([api, operator].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  const sources = run.landmarks.flatMap((landmark) => landmark.sources);
  const failed = sources.filter((source) => source.outcome === 'failed').length;
  const written = run.landmarks.reduce((count, landmark) => count + landmark.written.length, 0);
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(`\n## Watch: ${landmarkCount.toLocaleString('en')} landmarks, ${sources.length.toLocaleString('en')} sources, local servers answering after ${delayMs} ms\n`);
  console.log('| wall time | requests | sources failed | reports written | peak RSS (before) | most in flight per host (fetcher) | most in flight (API server / operator server) |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${seconds.toFixed(1)} s | ${fetcher.requests.toLocaleString('en')} | ${failed} | ${written} | ${mib(peakRss)} MiB (${mib(rssBefore)} MiB) | ` +
      `${Math.max(...fetcher.peakInFlight.values())} | ${seen.api.peak} / ${seen.operator.peak} |`,
  );
  await rm(root, { recursive: true, force: true });
}
