// Checks every content file and prints every problem as file:line:col field: message.
// Exits 1 when there is any problem, so CI and contributors see all of them in one run.
// Usage: npm run validate [-- [--root <dir>] [--format text|github]]
// In GitHub Actions (GITHUB_ACTIONS=true) the format defaults to github: each problem becomes an
// error annotation shown on the pull request at its file and line.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { githubAnnotation } from '../src/cli/github-annotation.ts';
import { parseCacheDir } from '../src/kept/parse-cache.ts';
import { copiedSourceWarnings } from '../src/load/copied-sources.ts';
import { loadContent, parsingInWords, readIfPossible } from '../src/load/load-content.ts';
import { locateProblems } from '../src/load/locate-problems.ts';
import { loadPopularity } from '../src/load/popularity.ts';
import { loadWatchChecks } from '../src/load/watch-checks.ts';
import { formatProblem, sortProblems } from '../src/load/problem.ts';
import { staleLandmarkWarnings } from '../src/load/stale-landmarks.ts';

const usage = 'usage: npm run validate -- [--root <dir>] [--format text|github]';
let options: { root: string; format: string };
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      format: { type: 'string', default: process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'text' },
    },
  });
  if (positionals.length > 1 || (positionals.length === 1 && values.root !== undefined)) throw new Error('expected at most one content root');
  if (values.format !== 'text' && values.format !== 'github') throw new Error(`expected --format text or github; got "${values.format}"`);
  options = { root: values.root ?? positionals[0] ?? '.', format: values.format };
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

const root = path.resolve(options.root);
if (!existsSync(path.join(root, 'content'))) {
  console.error(`expected a content/ folder in ${root}; got none (run the command from the repository, or pass --root)`);
  process.exit(2);
}
const started = performance.now();
let loaded: [Awaited<ReturnType<typeof loadContent>>, Awaited<ReturnType<typeof loadPopularity>>, Awaited<ReturnType<typeof loadWatchChecks>>];
try {
  // Every file the build checks: the landmarks and reports, the popularity counts, the watch's check records.
  const cacheDir = parseCacheDir(root);
  loaded = await Promise.all([loadContent({ root, now: new Date(), readCommitTimes: false, cacheDir }), loadPopularity(root, cacheDir), loadWatchChecks(root, cacheDir)]);
} catch (error) {
  // Per-file failures are already problems; this is the file system itself failing (permissions, I/O).
  console.error(`validation stopped: ${(error as Error).message.split('\n')[0]}`);
  process.exit(2);
}
const [{ content, problems: contentProblems, cache }, popularity, watched] = loaded;
const problems = sortProblems([...contentProblems, ...popularity.problems, ...watched.problems]);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
for (const problem of problems) {
  // Annotations must reach stdout to be read as workflow commands; plain problems are errors.
  if (options.format === 'github') console.log(githubAnnotation(problem));
  else console.error(formatProblem(problem));
}
if (problems.length > 0) {
  const files = new Set(problems.map((problem) => problem.file)).size;
  console.error(`\n${problems.length} problem(s) in ${files} file(s). Fix them and run npm run validate again; CONTRIBUTING.md explains every field.`);
  process.exit(1);
}
console.log(
  `All content is valid: ${content.landmarks.length} landmarks, ${content.reports.length} reports (checked in ${seconds} s${cache ? `; ${parsingInWords(cache)}` : ''}).`,
);
// Warnings never fail the check (and go to stdout, after the verdict): an old report is honest
// history, but the data no longer knows today; a copy cited as the main source may be all that is left.
const stale = staleLandmarkWarnings(content, new Date());
const copied = locateProblems(copiedSourceWarnings(content), (file) => readIfPossible(path.join(root, file)));
for (const warning of sortProblems([...stale, ...copied])) {
  if (options.format === 'github') console.log(githubAnnotation(warning, 'warning'));
  else console.log(`warning: ${formatProblem(warning)}`);
}
if (stale.length > 0) console.log(`${stale.length} landmark(s) with no report from the last year (warnings; the content is valid).`);
if (copied.length > 0) console.log(`${copied.length} report(s) citing a republished copy as their main source (warnings; the content is valid).`);
