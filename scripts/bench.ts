// npm run bench [-- --sizes 1000,100000 --reports-per-landmark 10 --skews 0,1.1 --requests 100 --routes nearby,landmark --build-sizes 1000:10000,10000:100000 --search-sizes 1000,100000 --cold-pairs 3 --rebuild-rounds 3 --rebuild-baseline REV --rebuild-pairs 3]
//
// Measures, on deterministic synthetic catalogues written to a temporary folder (never content/):
// - validation time of the content loader on 10k report files;
// - the build at each --build-sizes pair: wall time against the parse floor, peak memory, files,
//   largest file, the rebuilds after 1, 10 and 100 reports changed, and the first build after
//   `npm run validate`, from the parse cache alone (scripts/lib/bench-build.ts); with
//   --cold-pairs N, the floor and the cold build N times in turn and the median of their ratios;
//   --rebuild-rounds N (3 unless given), that many one-report rebuilds and their median; with
//   --rebuild-baseline, a git revision of this repository, also --rebuild-pairs one-report rebuilds
//   of the same tree by that revision's code and this code, taken in turn, and their ratio;
// - per-route latency, workerd CPU time and the largest answer in bytes per request at each
//   catalogue size, uniform and skewed (--skews: 0 spreads reports evenly; s > 0 draws them by a
//   Zipf law of exponent s, so the most reported landmark holds a large share), on a cold isolate
//   (first request after a fresh start, median of a few starts) and warm, beside a static asset
//   served in the same run; CPU is workerd's own, read from Linux schedstat; routes marked
//   "most reported" ask about the landmark with the most reports; --routes keeps only the routes
//   whose names contain one of its comma-separated words (the static baseline always runs); the nearby routes ask around
//   random landmarks, and a table gives the files and bytes one nearby request reads per radius
//   (scripts/lib/bench-nearby.ts); the featured route's popular file: its size and the days it answers;
// - search (scripts/lib/bench-search.ts): MRR@10 and hit@1 of our search and of MiniSearch on a
//   relevance set over the bundled landmarks, then at each --search-sizes catalogue size the index's
//   files, its largest shard, and the files, bytes and time of one query, against loading MiniSearch;
// - the watch (scripts/lib/bench-watch.ts): `npm run watch` over --watch-landmarks generated
//   landmarks against local servers: wall time, peak memory, and the most requests in flight per host.
// An empty list skips its section: `--sizes "" --build-sizes "" --validate-reports 0 --watch-landmarks 0` runs search alone.
// Figures only: the machine is noisy, so compare ratios within one run.
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../src/emit/build-site.ts';
import { apiDataFiles } from '../src/api/data-products.ts';
import { emitDataFiles } from '../src/emit/emit-api-data.ts';
import { loadContent } from '../src/load/load-content.ts';
import { buildCatalogue } from '../src/domain/catalogue.ts';
import { encodeCursor } from '../src/api/cursor.ts';
import { popular } from '../src/api/data-products/popular.ts';
import type { PopularForDays } from '../src/domain/featured.ts';
import { cpuNanoseconds, descendantsNamed } from './lib/process-usage.ts';
import { seededRandom, syntheticCatalogueInput, writeSyntheticContent } from './lib/synthetic-content.ts';
import { startLocalWorker } from './lib/start-worker.ts';
import { benchBuild } from './lib/bench-build.ts';
import { benchSearchIndex, benchSearchRelevance } from './lib/bench-search.ts';
import { benchWatch } from './lib/bench-watch.ts';
import { benchNearbyReads } from './lib/bench-nearby.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000' },
    'reports-per-landmark': { type: 'string', default: '10' },
    skews: { type: 'string', default: '0,1.1' },
    requests: { type: 'string', default: '100' },
    'cold-starts': { type: 'string', default: '3' },
    'validate-reports': { type: 'string', default: '10000' },
    // landmarks:reports pairs; 100000:1000000 writes 1.1M files first, which takes a long while.
    'build-sizes': { type: 'string', default: '1000:10000,10000:100000' },
    'search-sizes': { type: 'string', default: '1000,100000' },
    'rebuild-baseline': { type: 'string' },
    'rebuild-pairs': { type: 'string', default: '3' },
    'cold-pairs': { type: 'string', default: '1' },
    'rebuild-rounds': { type: 'string', default: '3' },
    'watch-landmarks': { type: 'string', default: '10000' },
    routes: { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  // The comment at the top of this file, as usage.
  const { readFile } = await import('node:fs/promises');
  const source = await readFile(import.meta.filename, 'utf8');
  console.log(source.slice(0, source.indexOf('\nimport ')).replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}
const buildSizes = values['build-sizes'] ? values['build-sizes'].split(',').map((pair) => pair.split(':').map(Number) as [number, number]) : [];
// An empty list skips that section, as with --build-sizes "".
const sizes = values.sizes ? values.sizes.split(',').map(Number) : [];
const searchSizes = values['search-sizes'] ? values['search-sizes'].split(',').map(Number) : [];
const reportsPerLandmark = Number(values['reports-per-landmark']);
const skews = values.skews ? values.skews.split(',').map(Number) : [0];
const warmRequests = Number(values.requests);
const rebuildPairs = Number(values['rebuild-pairs']);
if (!Number.isInteger(rebuildPairs) || rebuildPairs < 1) {
  console.error(`--rebuild-pairs must be a whole number of at least 1, not "${values['rebuild-pairs']}".`);
  process.exit(2);
}
const coldPairs = Number(values['cold-pairs']);
if (!Number.isInteger(coldPairs) || coldPairs < 1) {
  console.error(`--cold-pairs must be a whole number of at least 1, not "${values['cold-pairs']}".`);
  process.exit(2);
}
const rebuildRounds = Number(values['rebuild-rounds']);
if (!Number.isInteger(rebuildRounds) || rebuildRounds < 1) {
  console.error(`--rebuild-rounds must be a whole number of at least 1, not "${values['rebuild-rounds']}".`);
  process.exit(2);
}
const coldStarts = Number(values['cold-starts']);
const routeWords = values.routes ? values.routes.split(',').map((word) => word.trim().toLowerCase()) : [];
const isBenched = (route: Route) => route.name.includes('baseline') || routeWords.length === 0 || routeWords.some((word) => route.name.toLowerCase().includes(word));
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
const scratch = await mkdtemp(path.join(tmpdir(), 'lcr-bench-'));
const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(2);

async function benchValidation(reportCount: number): Promise<void> {
  const root = path.join(scratch, 'validate');
  const input = syntheticCatalogueInput({ landmarks: Math.ceil(reportCount / 10), reports: reportCount, seed: 5, realistic: true });
  await writeSyntheticContent(root, input);
  const started = performance.now();
  const { content, problems } = await loadContent({ root, now: new Date('2026-11-20T00:00:00Z') });
  const elapsed = performance.now() - started;
  console.log(`\n## Validation\n${content.reports.length} reports + ${content.landmarks.length} landmarks: ${elapsed.toFixed(0)} ms (${problems.length} problems; target < 2000 ms)`);
}

interface Route {
  name: string;
  /** A fresh path per request, so warm requests read different records as real traffic does. */
  path: () => string;
}

function routesFor(slugs: string[], ids: string[], middleCursor: string, mostReported: string, points: readonly { lat: number; lon: number }[]): Route[] {
  const random = seededRandom(99);
  const day = () => `2027-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // Beside a random landmark, as a traveller asks.
  const around = () => {
    const point = pick(points);
    return `lat=${(point.lat + (random() - 0.5) * 0.09).toFixed(4)}&lon=${(point.lon + (random() - 0.5) * 0.12).toFixed(4)}`;
  };
  const words = ['tower', 'cathedral', 'munchen', 'sao paulo', 'golden gate', 'bridg', 'catherdal', 'krakow museum'];
  return [
    { name: 'static asset (baseline)', path: () => '/index.html' },
    { name: 'getLandmark', path: () => `/api/public/v1/landmarks/${pick(slugs)}` },
    { name: 'getLandmark (most reported)', path: () => `/api/public/v1/landmarks/${mostReported}` },
    { name: 'getLandmarkStatus (one day)', path: () => `/api/public/v1/landmarks/${pick(slugs)}/status?on=${day()}` },
    { name: 'getLandmarkStatus (most reported, 90 days)', path: () => `/api/public/v1/landmarks/${mostReported}/status?from=2026-11-01&to=2027-01-29` },
    { name: 'listLandmarkReports (most reported)', path: () => `/api/public/v1/landmarks/${mostReported}/reports` },
    { name: 'landmark calendar (.ics)', path: () => `/landmarks/${pick(slugs)}.ics` },
    { name: 'landmark calendar (.ics, most reported)', path: () => `/landmarks/${mostReported}.ics` },
    { name: 'listNearbyLandmarks (10 km, one day)', path: () => `/api/public/v1/nearby?${around()}` },
    { name: 'listNearbyLandmarks (10 km, 30-day trip)', path: () => `/api/public/v1/nearby?${around()}&from=2027-03-01&to=2027-03-30` },
    { name: 'listNearbyLandmarks (near a landmark, 10 km)', path: () => `/api/public/v1/nearby?near=${pick(slugs)}` },
    { name: 'listNearbyLandmarks (200 km, limit 1000)', path: () => `/api/public/v1/nearby?${around()}&radius=200&limit=1000` },
    { name: 'nearby calendar (.ics, 10 km)', path: () => `/nearby.ics?${around()}` },
    { name: 'getReport', path: () => `/api/public/v1/reports/${pick(ids)}` },
    { name: 'listLandmarks (default 500)', path: () => '/api/public/v1/landmarks' },
    { name: 'listLandmarks (limit 1000, cursor)', path: () => `/api/public/v1/landmarks?limit=1000&cursor=${middleCursor}` },
    { name: 'searchLandmarks', path: () => `/api/public/v1/search?q=${encodeURIComponent(pick(words))}` },
    { name: 'getChanges (default window)', path: () => '/api/public/v1/changes' },
    { name: 'getChanges (limit 1000)', path: () => '/api/public/v1/changes?updated_since=2026-01-01&limit=1000' },
    { name: 'getFeaturedLandmarks', path: () => '/api/public/v1/featured' },
    // Reads up to 3 chunks of 1,000 landmarks when most of those it looks at are current.
    { name: 'listLandmarksToRecheck (limit 1000)', path: () => '/api/public/v1/recheck?limit=1000' },
    { name: 'recheck page (50 a page)', path: () => '/recheck' },
    { name: 'landmark page (rendered from the data)', path: () => `/landmarks/${pick(slugs)}` },
    { name: 'landmark page (most reported)', path: () => `/landmarks/${mostReported}` },
    { name: 'landmark page, Markdown twin (most reported)', path: () => `/landmarks/${mostReported}.md` },
    { name: 'report page (rendered from the data)', path: () => `/reports/${pick(ids)}` },
    { name: 'report page, Markdown twin', path: () => `/reports/${pick(ids)}.md` },
  ];
}

async function measure(url: URL, pids: number[], pathAndQuery: string): Promise<{ latency: number; cpu: number; status: number; bytes: number }> {
  const cpuBefore = cpuNanoseconds(pids);
  const started = performance.now();
  const response = await fetch(new URL(pathAndQuery, url));
  const body = await response.arrayBuffer();
  const latency = performance.now() - started;
  return { latency, cpu: cpuNanoseconds(pids) - cpuBefore, status: response.status, bytes: body.byteLength };
}

async function startMeasuredWorker(dist: string) {
  const before = new Set(descendantsNamed(process.pid, 'workerd'));
  const worker = await startLocalWorker(dist);
  const pids = descendantsNamed(process.pid, 'workerd').filter((pid) => !before.has(pid));
  return { worker, pids };
}

let templatesSite: string | undefined;

/** A real build of the test fixture, once: its page templates serve every catalogue size. */
async function builtTemplates(): Promise<string> {
  if (templatesSite) return templatesSite;
  const outDir = path.join(scratch, 'templates-site');
  // A copy of its content: the build keeps its caches in the content root, which is not the repository's to hold.
  const contentRoot = path.join(scratch, 'templates-content');
  await cp(path.resolve(import.meta.dirname, '../test/fixtures/small-site/content'), path.join(contentRoot, 'content'), { recursive: true });
  const built = await buildSite({ projectRoot: path.resolve(import.meta.dirname, '..'), contentRoot, outDir, siteUrl: 'https://bench.invalid', now: new Date() });
  if (!built.ok) throw new Error('the test fixture does not build');
  templatesSite = outDir;
  return outDir;
}

async function benchRoutes(landmarkCount: number, skew: number): Promise<void> {
  const reportCount = landmarkCount * reportsPerLandmark;
  let started = performance.now();
  const input = syntheticCatalogueInput({ landmarks: landmarkCount, reports: reportCount, seed: 1, skew, announced: 0.1, realistic: true });
  const catalogue = buildCatalogue(input, 'https://bench.invalid');
  const mostReported = catalogue.landmarks.reduce((most, landmark) => (landmark.reportCount > most.reportCount ? landmark : most));
  console.log(
    `\n## ${landmarkCount.toLocaleString('en')} landmarks, ${reportCount.toLocaleString('en')} reports, ${skew > 0 ? `skewed (Zipf ${skew})` : 'uniform'}: ` +
      `the most reported landmark holds ${mostReported.reportCount.toLocaleString('en')} reports (${((100 * mostReported.reportCount) / reportCount).toFixed(1)}%)`,
  );
  const dist = path.join(scratch, `dist-${landmarkCount}-${skew}`);
  await emitDataFiles(apiDataFiles(catalogue, 'https://github.com/example/landmarks'), dist);
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>bench</title><p>static asset baseline</p>\n');
  // The page templates and the 404 page of a real build, for the pages the Worker renders.
  const templates = await builtTemplates();
  await cp(path.join(templates, '_data/templates'), path.join(dist, '_data/templates'), { recursive: true });
  await cp(path.join(templates, '404.html'), path.join(dist, '404.html'));
  console.log(`generated and emitted API data in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const popularFile = path.join(dist, popular.paths.popular);
  const { days } = JSON.parse(await readFile(popularFile, 'utf8')) as PopularForDays;
  const kilobytes = async (file: string) => ((await stat(file)).size / 1024).toLocaleString('en', { maximumFractionDigits: 1 });
  console.log(`featured: the popular file is ${await kilobytes(popularFile)} KB and answers ${days.first} to ${days.last}; other days read the whole summaries, ${await kilobytes(path.join(dist, popular.paths.popularAllDays))} KB`);

  started = performance.now();
  const first = await startMeasuredWorker(dist);
  console.log(`workerd ready in ${((performance.now() - started) / 1000).toFixed(1)} s (pids ${first.pids.join(', ')})`);
  // A cursor from the middle of the list, as a client walking the catalogue would send it.
  const middleCursor = encodeCursor('landmarks', catalogue.landmarks[Math.floor(landmarkCount / 2)]!.slug);
  const routes = routesFor(
    catalogue.landmarks.map((landmark) => landmark.slug),
    catalogue.reports.map((report) => report.id),
    encodeURIComponent(middleCursor),
    mostReported.slug,
    catalogue.landmarks.map((landmark) => landmark.coordinates),
  );

  const rows: string[] = [
    `| route | cold latency ms (median of ${coldStarts}) | cold CPU ms (median) | warm latency ms (median) | warm CPU ms (median) | warm CPU ms (p95) | largest answer KB |`,
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  let current = first;
  for (const route of routes.filter(isBenched)) {
    // Cold: the first request a fresh isolate answers for the route, over a few fresh starts.
    const cold: { latency: number; cpu: number; bytes: number }[] = [];
    for (let start = 0; start < coldStarts; start++) {
      await current.worker.dispose();
      current = await startMeasuredWorker(dist);
      const result = await measure(current.worker.url, current.pids, route.path());
      if (result.status !== 200) throw new Error(`${route.name} answered ${result.status}`);
      cold.push(result);
    }
    for (let warmup = 0; warmup < 5; warmup++) await measure(current.worker.url, current.pids, route.path());
    const warm: { latency: number; cpu: number; bytes: number }[] = [];
    for (let request = 0; request < warmRequests; request++) warm.push(await measure(current.worker.url, current.pids, route.path()));
    const warmCpu = warm.map((result) => result.cpu).sort((a, b) => a - b);
    rows.push(
      `| ${route.name} | ${median(cold.map((r) => r.latency)).toFixed(1)} | ${ms(median(cold.map((r) => r.cpu)))} | ` +
        `${median(warm.map((r) => r.latency)).toFixed(2)} | ${ms(median(warmCpu))} | ${ms(warmCpu[Math.floor(warmCpu.length * 0.95)]!)} | ` +
        `${(Math.max(...cold.map((r) => r.bytes), ...warm.map((r) => r.bytes)) / 1024).toFixed(1)} |`,
    );
  }
  await current.worker.dispose();
  console.log(rows.join('\n'));
  console.log('\nFiles one nearby request reads, around random landmarks (a cold isolate; the data manifest aside):\n');
  await benchNearbyReads(dist, catalogue.landmarks.map((landmark) => landmark.coordinates), warmRequests);
  await rm(dist, { recursive: true, force: true });
}

try {
  console.log(`# Benchmark (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${warmRequests} warm requests per route)`);
  if (Number(values['validate-reports']) > 0) await benchValidation(Number(values['validate-reports']));
  await benchSearchRelevance();
  for (const size of searchSizes) await benchSearchIndex(size);
  const baseline = values['rebuild-baseline'] ? { revision: values['rebuild-baseline'], pairs: rebuildPairs } : undefined;
  if (buildSizes.length > 0) await benchBuild(scratch, buildSizes, baseline, coldPairs, rebuildRounds);
  for (const size of sizes) for (const skew of skews) await benchRoutes(size, skew);
  if (Number(values['watch-landmarks']) > 0) await benchWatch(scratch, Number(values['watch-landmarks']));
} finally {
  await rm(scratch, { recursive: true, force: true });
}
