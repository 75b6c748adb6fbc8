// npm run soak [-- --landmarks 10000 --reports 100000 --concurrency 8,32,64,64,64 --seconds 20]
//
// A load test of the Worker as production meets it: many clients at once, on cold data spread over
// a whole generated catalogue (never content/; a temporary folder removed at the end). It builds
// the site, puts a synthetic catalogue's API data behind it, serves it with wrangler's dev server
// in workerd and drives it with autocannon at several concurrency levels over every API route,
// MCP tools/call, the nearby route and the pages, each request a different record. It prints
// requests/s, latency, answers by status, the Worker isolate's JavaScript heap after each level
// (read through its inspector, garbage included: what the 128 MB limit applies to) and workerd's
// resident memory before and after, and exits non-zero when any answer was an error.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildSite } from '../src/emit/build-site.ts';
import { encodeCursor } from '../src/api/cursor.ts';
import { cacheByteBudget } from '../src/worker/asset-json.ts';
import { isolateHeap } from './lib/isolate-heap.ts';
import { descendantsNamed, residentBytes } from './lib/process-usage.ts';
import { seededRandom, syntheticCatalogueInput } from './lib/synthetic-content.ts';
import { replaceApiData } from './lib/synthetic-site.ts';
import { startLocalWorker } from './lib/start-worker.ts';

const { values } = parseArgs({
  options: {
    landmarks: { type: 'string', default: '10000' },
    reports: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8,32,64,64,64' },
    seconds: { type: 'string', default: '20' },
  },
});
const landmarkCount = Number(values.landmarks);
const reportCount = Number(values.reports);
const levels = values.concurrency.split(',').map(Number);
const seconds = Number(values.seconds);
const projectRoot = path.resolve(import.meta.dirname, '..');
const siteUrl = 'http://localhost:8787';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/** One MCP tools/call, self-contained as a stateless 2025-11-25 client sends it. */
function toolCall(name: string, args: Record<string, unknown>, id: number): PlannedRequest {
  return {
    method: 'POST',
    path: '/api/mcp',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  };
}

async function plan(catalogue: Awaited<ReturnType<typeof replaceApiData>>, staticPages: string[]): Promise<PlannedRequest[]> {
  const random = seededRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const api = '/api/public/v1';
  const words = [...new Set(catalogue.landmarks.flatMap((landmark) => landmark.name.toLowerCase().split(' ')))].filter((word) => word.length >= 2);
  const requests: PlannedRequest[] = [];
  for (let index = 0; index < 20_000; index++) {
    const landmark = pick(catalogue.landmarks);
    const report = pick(catalogue.reports);
    const kind = index % 20;
    if (kind < 5) requests.push({ method: 'GET', path: `${api}/landmarks/${landmark.slug}` });
    else if (kind < 9) requests.push({ method: 'GET', path: `${api}/reports/${report.id}` });
    else if (kind === 9) requests.push({ method: 'GET', path: `${api}/landmarks?limit=100&cursor=${encodeURIComponent(encodeCursor('landmarks', landmark.slug))}` });
    else if (kind === 10) {
      const cursor = encodeCursor('changes', { updatedAt: report.updatedAt, id: report.id });
      requests.push({ method: 'GET', path: `${api}/changes?updated_since=2000-01-01&limit=100&cursor=${encodeURIComponent(cursor)}` });
    } else if (kind === 11) requests.push({ method: 'GET', path: `${api}/search?q=${encodeURIComponent(pick(words))}` });
    else if (kind === 12) {
      // Nearby, in turn: around a point beside a landmark within 10 km, 40 km and 200 km (the
      // coarse levels' files are the largest data files), and around a landmark by its slug.
      const turn = Math.floor(index / 20) % 4;
      const { lat, lon } = landmark.coordinates;
      const radius = [10, 40, 200][turn] ?? 10;
      requests.push({ method: 'GET', path: turn === 3 ? `${api}/nearby?near=${landmark.slug}` : `${api}/nearby?lat=${lat.toFixed(4)}&lon=${lon.toFixed(4)}&radius=${radius}` });
    }
    else if (kind === 13) requests.push({ method: 'GET', path: `${api}/featured` });
    else if (kind === 14) requests.push(toolCall('getLandmark', { slug: landmark.slug }, index));
    else if (kind === 15) requests.push(toolCall('getReport', { id: report.id }, index));
    else if (kind === 16) requests.push(toolCall('searchLandmarks', { q: pick(words) }, index));
    else if (kind === 17) requests.push({ method: 'GET', path: `/search?q=${encodeURIComponent(pick(words))}` });
    // Landmark and report pages and their twins, rendered by the Worker from the catalogue's data.
    else if (kind === 18) requests.push({ method: 'GET', path: `/landmarks/${landmark.slug}${index % 3 === 0 ? '.md' : ''}` });
    else {
      // The twentieth request of each twenty, in turn (index % 4 would always be 3 here).
      const turn = Math.floor(index / 20) % 5;
      if (turn === 0) requests.push({ method: 'GET', path: pick(staticPages) });
      else if (turn < 3) requests.push({ method: 'GET', path: `/reports/${report.id}${turn === 2 ? '.md' : ''}` });
      // The help-wanted list reads up to 3 chunks of 1,000 landmarks per request.
      else requests.push({ method: 'GET', path: turn === 3 ? '/recheck' : `${api}/recheck?limit=1000` });
    }
  }
  return requests;
}

function workerdResidentBytes(): number {
  return descendantsNamed(process.pid, 'workerd').reduce((total, pid) => total + residentBytes(pid), 0);
}

/** What went wrong in a level, at most this many of each kind: enough to tell a route's fault from the local server's. */
const failuresShown = 5;

/** A level's result, and the requests that got an unexpected answer and the errors autocannon met, to print after the table. */
async function drive(url: URL, requests: PlannedRequest[], connections: number, expected: number): Promise<{ result: autocannon.Result; failures: string[] }> {
  let next = 0;
  const unexpected: string[] = [];
  const errors = new Map<string, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: url.href,
        connections,
        duration: seconds,
        // Every request takes the next planned one, whichever connection sends it: no hot URL. The
        // connection's context remembers it, so that an unexpected answer can say what was asked.
        requests: [
          {
            setupRequest: (request, context) => {
              const planned = requests[next++ % requests.length]!;
              (context as { asked?: string }).asked = `${planned.method} ${planned.path}`;
              return { ...request, ...planned };
            },
            onResponse: (status, body, context) => {
              if (status === expected || unexpected.length >= failuresShown) return;
              const asked = (context as { asked?: string }).asked ?? '?';
              // A request that timed out or lost its connection reaches here too, with no status.
              unexpected.push(Number.isFinite(status) ? `${status} for ${asked}: ${body.slice(0, 200).replace(/\s+/g, ' ').trim()}` : `no answer for ${asked}`);
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('reqError', (error: Error) => errors.set(error.message, (errors.get(error.message) ?? 0) + 1));
  });
  const failures = [...unexpected, ...[...errors].slice(0, failuresShown).map(([message, count]) => `request error, ${count} time${count === 1 ? '' : 's'}: ${message}`)];
  return { result, failures };
}

const scratch = await mkdtemp(path.join(tmpdir(), 'lcr-soak-'));
try {
  console.log(`# Soak (${new Date().toISOString().slice(0, 10)}, ${landmarkCount.toLocaleString('en')} landmarks, ${reportCount.toLocaleString('en')} reports, ${seconds} s per level)`);
  let started = performance.now();
  const built = await buildSite({ projectRoot, contentRoot: projectRoot, outDir: path.join(scratch, 'bundled'), siteUrl, now: new Date() });
  if (!built.ok) throw new Error(`the bundled content does not build: ${built.problems.length} problem(s); run npm run validate`);
  const dist = path.join(scratch, 'dist');
  await cp(path.join(scratch, 'bundled'), dist, { recursive: true });
  // The catalogue is not held once the requests are planned: at a million reports it is gigabytes
  // of this process's heap, and the clients (autocannon, in this process) would wait out each of
  // its full collections.
  const requests = await plan(
    await replaceApiData(dist, syntheticCatalogueInput({ landmarks: landmarkCount, reports: reportCount, seed: 1, realistic: true }), siteUrl),
    ['/', '/about', '/data'],
  );
  console.log(`built the site and the catalogue's data in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`isolate cache budget ${mb(cacheByteBudget)} of data files`);
  // The local dev server's own resident memory grows under load whatever the Worker does, so the
  // same levels first drive a fresh workerd with a route that reads no data: the baseline.
  const phases = [
    { name: 'baseline: an unknown API path (404 JSON, no data read)', requests: [{ method: 'GET' as const, path: '/api/public/v1/no-such-route' }], expected: 404 },
    { name: 'every route, each request a different record', requests, expected: 200 },
  ];
  let failed = 0;
  for (const phase of phases) {
    started = performance.now();
    const worker = await startLocalWorker(dist, { inspector: true });
    const heap = () => isolateHeap(worker.inspectorUrl!);
    console.log(`\n## ${phase.name}\nworkerd ready in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    console.log('| clients | requests | requests/s | p50 ms | p99 ms | max ms | answers by status | errors | isolate heap after: used, reserved (of 128 MB) | workerd RSS before → after |');
    console.log('|---:|---:|---:|---:|---:|---:|---|---:|---|---|');
    const levelFailures: string[] = [];
    try {
      for (const connections of levels) {
        const before = workerdResidentBytes();
        const { result, failures } = await drive(worker.url, phase.requests, connections, phase.expected);
        levelFailures.push(...failures.map((failure) => `${connections} clients: ${failure}`));
        const after = workerdResidentBytes();
        // Read at once: "used" is as high as the level left it, garbage included.
        const { usedBytes, totalBytes } = await heap();
        const counts = Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => ({ status: Number(status), count }));
        // autocannon counts a timed-out request among its errors, among its timeouts and as an answer
        // whose status is not a number: counted once here, as an error.
        const unexpected = counts.filter(({ status }) => Number.isFinite(status) && status !== phase.expected).reduce((total, { count }) => total + count, 0);
        const errors = result.errors + unexpected;
        failed += errors;
        console.log(
          `| ${connections} | ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ` +
            `${counts.map(({ status, count }) => `${status}: ${count}`).join(', ')} | ${errors} | ${mb(usedBytes)}, ${mb(totalBytes)} | ${mb(before)} → ${mb(after)} |`,
        );
      }
    } finally {
      await worker.dispose();
    }
    if (levelFailures.length > 0) console.log(`\nWhat went wrong (at most ${failuresShown} of each kind per level):\n${levelFailures.map((failure) => `- ${failure}`).join('\n')}`);
  }
  console.log(failed === 0 ? '\nNo errors.' : `\n${failed} answers were errors, timeouts or an unexpected status.`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await rm(scratch, { recursive: true, force: true });
}
