// Prints, in Markdown, how the pages of the landmarks changed since a git commit will read today:
// the pull request workflow posts it as a comment, so that a reviewer sees a report's effect.
// Usage: npm run preview-changes -- --base <commit> [--root <dir>]
// Counts the commits since <base> and uncommitted and untracked files under content/.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pagePreview } from '../src/cli/page-preview.ts';
import { buildCatalogue } from '../src/domain/catalogue.ts';
import { landmarkFile, reportFile } from '../src/load/check-content-file.ts';
import { git } from '../src/load/git.ts';
import { parseCacheDir } from '../src/kept/parse-cache.ts';
import { loadContent } from '../src/load/load-content.ts';
import { reportBodiesIn } from '../src/load/report-bodies.ts';
import { dayOfInstant } from '../src/schema/calendar.ts';

const usage = 'usage: npm run preview-changes -- --base <commit> [--root <dir>]';
let options: { base: string; root: string };
try {
  const { values } = parseArgs({ options: { base: { type: 'string' }, root: { type: 'string', default: '.' } } });
  if (!values.base) throw new Error('expected --base, the commit to compare with (the pull request\'s base)');
  options = { base: values.base, root: path.resolve(values.root) };
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

const lines = (text: string) => text.split('\n').filter(Boolean);
let changedFiles: string[];
try {
  changedFiles = [
    ...lines(await git(options.root, ['diff', '--name-only', '--no-renames', options.base, '--', 'content/'])),
    ...lines(await git(options.root, ['ls-files', '--others', '--exclude-standard', '--', 'content/'])),
  ];
} catch (error) {
  console.error(`could not compare with ${options.base}: ${(error as Error).message.split('\n')[0]} (fetch the base commit, e.g. actions/checkout with fetch-depth: 0)`);
  process.exit(2);
}
const touchedSlugs = new Set<string>();
const changedReportIds = new Set<string>();
for (const file of changedFiles) {
  const report = reportFile.exec(file);
  const landmark = landmarkFile.exec(file);
  if (report) {
    touchedSlugs.add(report[1]!);
    changedReportIds.add(report[2]!);
  } else if (landmark) {
    touchedSlugs.add(landmark[1]!);
  }
}
if (touchedSlugs.size === 0) {
  console.log('This pull request changes no landmark or report.');
  process.exit(0);
}

const now = new Date();
const { content, problems } = await loadContent({ root: options.root, now, readCommitTimes: false, cacheDir: parseCacheDir(options.root) });
if (problems.length > 0) {
  console.log(`The content has ${problems.length} problem(s), which the **Validate content** check marks on their lines; the preview follows once they are fixed.`);
  process.exit(0);
}
const catalogue = buildCatalogue(
  {
    landmarks: content.landmarks.filter((landmark) => touchedSlugs.has(landmark.slug)),
    reports: content.reports.filter((report) => touchedSlugs.has(report.landmarkSlug)),
    bodies: reportBodiesIn(options.root),
  },
  process.env.SITE_URL ?? 'http://localhost:8787',
);
const removed = [...touchedSlugs].filter((slug) => !catalogue.landmarks.some((landmark) => landmark.slug === slug));
console.log(pagePreview(catalogue, changedReportIds, dayOfInstant(now.getTime())));
if (removed.length > 0) console.log(`Landmarks removed: ${removed.join(', ')}.`);
