// The build section of `npm run bench`: for each catalogue size, a synthetic content tree in a git
// repository (so updatedAt comes from one git log, as in a deploy), then, in the same run, the
// parse floor (every file read synchronously and its frontmatter read as the build reads it, by one
// process; and with the yaml library alone, the floor before the build read plain frontmatter) and
// the real build as a person runs it (`node scripts/build.ts`), with its wall time, peak resident
// memory, file count and largest file (as many pairs of the two, taken in turn, as asked), the
// rebuilds after 1 (as many times as asked), 10 and 100 reports changed and after a run of the
// watch (every check record given a new time), and the first build after
// `npm run validate`. Given another revision of this repository, it also times that code's
// one-report rebuilds of the same tree, alternating with this code's, so a rebuild target set
// against an earlier day's time is a ratio measured in one run, not two figures from days the
// machine ran at different speeds.
import { spawn, execFileSync } from 'node:child_process';
import { appendFile, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { keptCatalogueDir } from '../../src/kept/catalogue.ts';
import { keptDatabaseDir } from '../../src/kept/database.ts';
import { outputStoreDir } from '../../src/kept/output-files.ts';
import { watchChecksPath } from '../../src/schema/watch-checks.ts';
import { withLargePages } from './large-pages.ts';
import { treeResidentBytes } from './process-usage.ts';
import { syntheticCatalogueInput, writeSyntheticContent } from './synthetic-content.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

/** Wall seconds, peak RSS of the build process and its children (summed), and what it printed; `project` is the checkout whose build runs. */
async function timedBuild(contentRoot: string, outDir: string, project = projectRoot): Promise<{ seconds: number; peakBytes: number; output: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(project, 'scripts/build.ts'), '--content', contentRoot, '--out', outDir], {
    cwd: project,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  let peakBytes = 0;
  const sampler = setInterval(() => (peakBytes = Math.max(peakBytes, treeResidentBytes(child.pid!))), 50);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the build of ${contentRoot} failed:\n${output}`);
  return { seconds: (performance.now() - started) / 1000, peakBytes, output };
}

/**
 * The parse floor of the tree at `root`, and the same with the yaml library alone, timed by their
 * own process (scripts/lib/parse-floor.ts), with the allocator's settings the build's process has,
 * so that the floor is not the slower for lacking them.
 */
function parseFloors(root: string): { floor: number; yamlAlone: number } {
  const output = execFileSync(process.execPath, [path.join(projectRoot, 'scripts/lib/parse-floor.ts'), root], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: withLargePages(process.env),
  });
  const [floor, yamlAlone] = output.trim().split(' ').map(Number);
  return { floor: floor!, yamlAlone: yamlAlone! };
}

// No automatic gc in the throwaway repository: after a commit of a million files git would repack
// in the background, slowing the build being timed (a load of 5 on 2 cores) and writing into
// .git/objects while the scratch folder is removed.
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', '-c', 'gc.auto=0', ...args], { cwd, stdio: 'ignore' });

/** Appends a sentence to `count` report files from the `nth` on and commits them: the edits a contributor's pull request makes. */
async function commitReportChanges(root: string, nth: number, count = 1): Promise<void> {
  const files = await fg('content/reports/*/*.md', { cwd: root });
  // Spread over the catalogue, as the edits of a day's pull requests are.
  const step = Math.max(1, Math.floor(files.length / count));
  for (let index = 0; index < count; index++) {
    await appendFile(path.join(root, files[(nth + index * step) % files.length]!), '\nOne more sentence, as a contributor would add.\n');
  }
  git(root, 'commit', '-q', '-am', `${count} report(s) changed`);
}

/**
 * Gives every check record of content/watch/checks.yaml a new time and commits it: what a run of
 * the watch does to the records (every six hours) when the sources say what they said before.
 */
async function commitWatchRun(root: string): Promise<boolean> {
  const file = path.join(root, watchChecksPath);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return false;
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  await writeFile(file, text.replace(/^(\s+(?:checkedAt|lastSuccessAt): ).*$/gm, `$1${now}`));
  git(root, 'commit', '-q', '-am', 'watch run');
  return true;
}

/** "6,688 of 18,266 made again": the data files a build made rather than took from the last one. */
function filesMadeAgain(output: string): string {
  const found = /Output: ([\d,]+) of ([\d,]+) reusable data files taken/.exec(output);
  if (!found) return '?';
  const [reused, all] = [Number(found[1]!.replaceAll(',', '')), Number(found[2]!.replaceAll(',', ''))];
  return `${(all - reused).toLocaleString('en')} of ${all.toLocaleString('en')} data files made again`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** "812 MB": the build's own figure of its live heap at its fullest (scripts/lib/heap-peak.ts). */
const heapOf = (output: string) => /Heap: at most ([\d,]+) MB live/.exec(output)?.[1]?.concat(' MB') ?? '?';

export interface BaselineOptions {
  /** A revision of this repository (a commit, tag or branch) whose rebuild this code's is compared with. */
  revision: string;
  /** How many pairs of rebuilds, one by each code, taken in turn. */
  pairs: number;
}

/**
 * `coldPairs` times the floor and the cold build that many times, in turn, each build with
 * `.cache/` and the site wiped: the row gives each pair and the median of their ratios. The floor
 * runs on one core and the build on two, so a stretch of time when other work shares the machine
 * moves one more than the other: two runs of one pair each gave 1.71× and 2.05× for the same code.
 * `rebuildRounds` one-report rebuilds, each after a report of its own changed: the row gives their
 * median and each, since one took 12 to 20 s on the same tree within an hour at a million reports.
 */
export async function benchBuild(scratch: string, sizes: readonly [number, number][], baseline: BaselineOptions | undefined, coldPairs: number, rebuildRounds: number): Promise<void> {
  console.log('\n## Build');
  console.log(`| landmarks / reports | parse floor s (yaml library alone) | build s | build / floor (/ yaml library alone) | peak RSS | live heap | files (of 20,000) | largest file | rebuild after 1${rebuildRounds > 1 ? ` (median, then each of ${rebuildRounds})` : ''} / 10 / 100 reports changed s | rebuild peak RSS, live heap | rebuild after a watch run s, peak RSS, live heap | first build after validate s, peak RSS, live heap |`);
  console.log('|---|---:|---:|---:|---:|---:|---|---|---:|---|---|---|');
  const compared: string[] = [];
  // Checked out first: a revision that does not exist fails the run before an hour of generating.
  const baselineCode = baseline && (await checkOut(baseline.revision, path.join(scratch, 'baseline-code')));
  for (const [landmarks, reports] of sizes) {
    const root = path.join(scratch, `build-${landmarks}`);
    const size = `${landmarks.toLocaleString('en')} / ${reports.toLocaleString('en')}`;
    await writeSyntheticContent(root, syntheticCatalogueInput({ landmarks, reports, seed: 3, realistic: true }));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'synthetic catalogue');
    const outDir = path.join(root, 'dist');
    const pairs: { floor: number; yamlAlone: number; cold: Awaited<ReturnType<typeof timedBuild>> }[] = [];
    for (let pair = 0; pair < coldPairs; pair++) {
      await Promise.all([path.join(root, '.cache'), outDir].map((folder) => rm(folder, { recursive: true, force: true })));
      const floors = parseFloors(root);
      pairs.push({ ...floors, cold: await timedBuild(root, outDir) });
    }
    // The rebuilds start from the last cold build's caches.
    const { cold } = pairs.at(-1)!;
    const ratios = pairs.map(({ floor, cold }) => cold.seconds / floor);
    const yamlRatios = pairs.map(({ yamlAlone, cold }) => cold.seconds / yamlAlone);
    const budget = /File budget: ([\d,]+) of [\d,]+ files \(([\d.]+%)\); largest (\S+), ([\d.]+ MiB)/.exec(cold.output);
    const rebuilds = [];
    for (const count of [...Array<number>(rebuildRounds).fill(1), 10, 100]) {
      await commitReportChanges(root, rebuilds.length, count);
      rebuilds.push(await timedBuild(root, outDir));
    }
    // Then a run of the watch: every watched landmark's checks given a new time, nothing else.
    const afterWatch = (await commitWatchRun(root)) ? await timedBuild(root, outDir) : undefined;
    const oneReport = rebuilds.slice(0, rebuildRounds).map((rebuild) => rebuild.seconds);
    const rebuildSeconds = [
      `${median(oneReport).toFixed(1)}${rebuildRounds > 1 ? ` (${oneReport.map((seconds) => seconds.toFixed(1)).join(', ')})` : ''}`,
      ...rebuilds.slice(rebuildRounds).map((rebuild) => rebuild.seconds.toFixed(1)),
    ].join(' / ');
    // What the first build after `npm run validate` finds: every file in the parse cache and nothing
    // the build alone keeps, so the whole catalogue is derived from the cached outcomes, all held at once.
    await Promise.all([keptCatalogueDir(root), outputStoreDir(root), keptDatabaseDir(root)].map((dir) => rm(dir, { recursive: true, force: true })));
    const afterValidate = await timedBuild(root, outDir);
    const heaps = rebuilds.map((rebuild) => heapOf(rebuild.output));
    const rebuildPeaks = `${gib(Math.max(...rebuilds.map((rebuild) => rebuild.peakBytes)))}, ${[heaps.slice(0, rebuildRounds).join(', '), ...heaps.slice(rebuildRounds)].join(' / ')}`;
    console.log(
      `| ${size} | ${pairs.map(({ floor, yamlAlone }) => `${floor.toFixed(1)} (${yamlAlone.toFixed(1)})`).join(', ')} | ${pairs.map(({ cold }) => cold.seconds.toFixed(1)).join(', ')} | ` +
        `${median(ratios).toFixed(2)}× (${median(yamlRatios).toFixed(2)}×)${pairs.length > 1 ? `, each: ${ratios.map((ratio, index) => `${ratio.toFixed(2)} (${yamlRatios[index]!.toFixed(2)})`).join(', ')}` : ''} | ` +
        `${gib(Math.max(...pairs.map(({ cold }) => cold.peakBytes)))} | ${pairs.map(({ cold }) => heapOf(cold.output)).join(' / ')} | ` +
        `${budget?.[1] ?? '?'} (${budget?.[2] ?? '?'}) | ${budget ? `${budget[4]} (${budget[3]})` : '?'} | ${rebuildSeconds} | ${rebuildPeaks} | ` +
        `${afterWatch ? `${afterWatch.seconds.toFixed(1)}, ${gib(afterWatch.peakBytes)}, ${heapOf(afterWatch.output)} (${filesMadeAgain(afterWatch.output)})` : 'no watch records'} | ` +
        `${afterValidate.seconds.toFixed(1)}, ${gib(afterValidate.peakBytes)}, ${heapOf(afterValidate.output)} |`,
    );
    if (baseline && baselineCode) compared.push(await compareRebuilds(root, outDir, baselineCode, baseline.pairs, size));
  }
  if (baseline && compared.length > 0) {
    console.log(`\n### One-report rebuilds against ${baseline.revision}, the same tree, taken in turn (whole process tree)`);
    console.log(`| landmarks / reports | ${baseline.revision} s | this code s | median, this / ${baseline.revision} | peak, ${baseline.revision} / this code |`);
    console.log('|---|---|---|---:|---|');
    for (const row of compared) console.log(row);
  }
}

/**
 * A clone of this repository at `revision`, sharing this checkout's node_modules: the baseline runs
 * with the installed packages, so a revision that needs others fails its build and says which.
 */
async function checkOut(revision: string, dir: string): Promise<string> {
  execFileSync('git', ['clone', '-q', '--no-checkout', projectRoot, dir], { stdio: 'ignore' });
  execFileSync('git', ['-c', 'advice.detachedHead=false', 'checkout', '-q', revision], { cwd: dir, stdio: 'inherit' });
  await symlink(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/**
 * Builds the tree cold with the baseline's code, then times `pairs` one-report rebuilds by each
 * code in turn, each with the caches it kept (the tree's `.cache/`, swapped by renaming). Every
 * rebuild but the baseline's first finds two reports changed since its code's last build, its own
 * and the other's: the same work for both. A row of the comparison table.
 */
async function compareRebuilds(root: string, outDir: string, baselineCode: string, pairs: number, size: string): Promise<string> {
  const cacheOf = { current: path.join(root, '.cache'), aside: path.join(root, '..', `${path.basename(root)}-cache-aside`) };
  const swapCaches = async () => {
    await rename(cacheOf.current, `${cacheOf.aside}.swap`);
    await rename(cacheOf.aside, cacheOf.current).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(`${cacheOf.aside}.swap`, cacheOf.aside);
  };
  await swapCaches();
  await timedBuild(root, outDir, baselineCode);
  const runs = { baseline: [] as { seconds: number; peakBytes: number }[], current: [] as { seconds: number; peakBytes: number }[] };
  for (let pair = 0; pair < pairs; pair++) {
    for (const side of ['baseline', 'current'] as const) {
      // The baseline's caches are in place for its first rebuild; each later turn swaps.
      if (pair > 0 || side === 'current') await swapCaches();
      await commitReportChanges(root, 1 + 2 * pair + (side === 'current' ? 1 : 0));
      runs[side].push(await timedBuild(root, outDir, side === 'baseline' ? baselineCode : projectRoot));
    }
  }
  const seconds = (side: keyof typeof runs) => runs[side].map((run) => run.seconds.toFixed(1)).join(', ');
  const peaks = (side: keyof typeof runs) => {
    const bytes = runs[side].map((run) => run.peakBytes);
    return `${(Math.min(...bytes) / 1024 ** 3).toFixed(2)}–${gib(Math.max(...bytes))}`;
  };
  const ratio = median(runs.current.map((run) => run.seconds)) / median(runs.baseline.map((run) => run.seconds));
  return `| ${size} | ${seconds('baseline')} | ${seconds('current')} | ${ratio.toFixed(2)}× | ${peaks('baseline')} / ${peaks('current')} |`;
}
