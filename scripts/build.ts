// Validates content and builds the whole site into dist/: pages, Markdown twins and API data.
// Usage: npm run build [-- --out <dir> --content <dir> --max-files <n>]  (SITE_URL sets the origin of canonical URLs)
import { enableCompileCache, flushCompileCache } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rerunWithBoundedHeap } from './lib/bounded-heap.ts';
import { heapPeakInWords, watchHeapPeak } from './lib/heap-peak.ts';

const { values } = parseArgs({
  options: { out: { type: 'string', default: 'dist' }, content: { type: 'string', default: '.' }, 'max-files': { type: 'string' } },
});
// Node keeps the compiled code of the build's modules with the content's other caches (Node checks
// each entry against its source): compiling them again took about 0.3 s of every build's busy
// thread, and as much of each thread's start. Threads and the child below read the variable.
process.env.NODE_COMPILE_CACHE ??= path.join(path.resolve(values.content), '.cache', 'compiled-code');
enableCompileCache(process.env.NODE_COMPILE_CACHE);

const rerun = await rerunWithBoundedHeap(import.meta.filename);
if (rerun !== undefined) process.exit(rerun);
// Imported only in the process that builds: the one above just waits for it.
const { formatProblem } = await import('../src/load/problem.ts');
const { buildSite } = await import('../src/emit/build-site.ts');
// Written now rather than when the process ends: the build's threads (the parse workers first)
// load most of the same modules, and read them from the cache instead of stripping their types and
// compiling them again (each parse worker of a build without a cache ready 60-100 ms sooner).
flushCompileCache();

// Astro would otherwise try to send usage data; the build runs offline in CI.
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
const projectRoot = path.resolve(import.meta.dirname, '..');
const siteUrl = process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? '8787'}`;

const started = performance.now();
const heapPeak = watchHeapPeak();
const result = await buildSite({
  projectRoot,
  contentRoot: path.resolve(values.content),
  outDir: path.resolve(values.out),
  siteUrl,
  now: new Date(),
  ...(values['max-files'] ? { maxFiles: Number(values['max-files']) } : {}),
});
if (!result.ok && 'overBudget' in result) {
  console.error(`The build stopped: ${result.overBudget}\nNothing was published; ${values.out}/ is unchanged.`);
  process.exit(1);
}
if (!result.ok) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  console.error(`\n${result.problems.length} problem(s) found; nothing was built, and ${values.out}/ is unchanged.`);
  process.exit(1);
}
const { landmarkCount, reportCount } = result;
console.log(
  `Built ${landmarkCount} landmarks and ${reportCount} reports into ${values.out}/ for ${siteUrl} in ${Math.round(performance.now() - started)} ms.\n` +
    `Content: ${result.parsing}.\n` +
    `Output: ${result.reuse}.\n` +
    `File budget: ${result.budget}.\n` +
    `Heap: ${heapPeakInWords(heapPeak())}.`,
);
