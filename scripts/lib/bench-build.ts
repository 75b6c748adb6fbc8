// The build section of `npm run bench`: for each catalogue size, a synthetic content tree in a git
// repository (so updatedAt comes from one git log, as in a deploy), then, in the same run, the
// parse floor (every file read synchronously and its frontmatter parsed by one process) and
// the real build as a person runs it (`node scripts/build.ts`), with its wall time, peak resident
// memory, file count and largest file, and the rebuild after one report changed.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { treeResidentBytes } from './process-usage.ts';
import { syntheticCatalogueInput, writeSyntheticContent } from './synthetic-content.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** Wall seconds, peak RSS of the build process and its children (summed), and what it printed. */
async function timedBuild(contentRoot: string, outDir: string): Promise<{ seconds: number; peakBytes: number; output: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(projectRoot, 'scripts/build.ts'), '--content', contentRoot, '--out', outDir], {
    cwd: projectRoot,
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
 * Every content file read and its frontmatter parsed by one process: the fastest single-process way,
 * with synchronous reads (awaiting one asynchronous read per file is four to five times slower on
 * the same tree, so it would flatter the build). The build beats it only by parsing in parallel.
 */
async function parseFloorSeconds(root: string): Promise<number> {
  const files = await fg('content/**/*.md', { cwd: root });
  const started = performance.now();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    parse(text.slice(4, text.indexOf('\n---', 3)));
  }
  return (performance.now() - started) / 1000;
}

// No automatic gc in the throwaway repository: after a commit of a million files git would repack
// in the background, slowing the build being timed (a load of 5 on 2 cores) and writing into
// .git/objects while the scratch folder is removed.
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', '-c', 'gc.auto=0', ...args], { cwd, stdio: 'ignore' });

export async function benchBuild(scratch: string, sizes: readonly [number, number][]): Promise<void> {
  console.log('\n## Build');
  console.log('| landmarks / reports | parse floor s | build s | build / floor | peak RSS | files (of 20,000) | largest file | rebuild after one report changed s |');
  console.log('|---|---:|---:|---:|---:|---|---|---:|');
  for (const [landmarks, reports] of sizes) {
    const root = path.join(scratch, `build-${landmarks}`);
    await writeSyntheticContent(root, syntheticCatalogueInput({ landmarks, reports, seed: 3 }));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'synthetic catalogue');
    const floor = await parseFloorSeconds(root);
    const outDir = path.join(root, 'dist');
    const cold = await timedBuild(root, outDir);
    const budget = /File budget: ([\d,]+) of [\d,]+ files \(([\d.]+%)\); largest (\S+), ([\d.]+ MiB)/.exec(cold.output);
    const [firstReport] = await fg('content/reports/*/*.md', { cwd: root });
    await appendFile(path.join(root, firstReport!), '\nOne more sentence, as a contributor would add.\n');
    git(root, 'commit', '-q', '-am', 'one report changed');
    const rebuild = await timedBuild(root, outDir);
    const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
    console.log(
      `| ${landmarks.toLocaleString('en')} / ${reports.toLocaleString('en')} | ${floor.toFixed(1)} | ${cold.seconds.toFixed(1)} | ${(cold.seconds / floor).toFixed(2)}× | ${gib(cold.peakBytes)} | ` +
        `${budget?.[1] ?? '?'} (${budget?.[2] ?? '?'}) | ${budget ? `${budget[4]} (${budget[3]})` : '?'} | ${rebuild.seconds.toFixed(1)} |`,
    );
  }
}
