import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { landmarkFrontmatter, slugPattern } from '../schema/landmark-frontmatter.ts';
import { reportFrontmatter, reportIdPattern } from '../schema/report-frontmatter.ts';
import { checkFrontmatter } from './check-frontmatter.ts';
import { crossCheck } from './cross-checks.ts';
import { lastCommitTimes } from './git-history.ts';
import { parseFrontmatter, type ParsedFile } from './parse-frontmatter.ts';
import { sortProblems, startOfFile, type Problem } from './problem.ts';
import type { Content, LandmarkRecord, ReportRecord } from './records.ts';

export interface LoadOptions {
  /** The repository (or fixture) root holding `content/`. */
  root: string;
  /** The clock, for "no dates in the future". */
  now: Date;
}

export interface LoadResult {
  content: Content;
  /** Every problem in every file; the content is publishable only when this is empty. */
  problems: Problem[];
}

const landmarkFile = /^content\/landmarks\/([^/]+)\.md$/;
const reportFile = /^content\/reports\/([^/]+)\/([^/]+)\.md$/;
const otherAllowedFiles = new Set(['content/popularity.yaml', 'content/README.md']);

/** Reads, parses and validates every file under `content/`, collecting all problems in one pass. */
export async function loadContent({ root, now }: LoadOptions): Promise<LoadResult> {
  const files = (await fg('content/**/*', { cwd: root, dot: true, onlyFiles: true })).sort();
  const problems: Problem[] = [];
  const content: Content = { landmarks: [], reports: [] };
  const commitTimes = await lastCommitTimes(root, 'content/reports');

  const parse = async (file: string): Promise<ParsedFile | undefined> => {
    const result = parseFrontmatter(await readFile(path.join(root, file)));
    if (result.ok) return result.file;
    problems.push(...result.problems.map((problem) => ({ file, ...problem.position, field: problem.field, message: problem.message })));
    return undefined;
  };

  await Promise.all(
    files.map(async (file) => {
      const landmarkMatch = landmarkFile.exec(file);
      const reportMatch = reportFile.exec(file);
      if (landmarkMatch) {
        const slug = landmarkMatch[1]!;
        if (!slugPattern.test(slug)) {
          problems.push({ file, ...startOfFile, field: 'file', message: `expected a file name of lowercase words joined by hyphens, like "eiffel-tower.md"; got "${slug}.md"` });
        }
        const parsed = await parse(file);
        if (!parsed) return;
        const checked = checkFrontmatter(landmarkFrontmatter, parsed, file);
        if (!checked.ok) return void problems.push(...checked.problems);
        const landmark: LandmarkRecord = { slug, file, frontmatter: checked.data, description: parsed.body, locate: parsed.locate };
        content.landmarks.push(landmark);
      } else if (reportMatch) {
        const [, landmarkSlug, id] = reportMatch as unknown as [string, string, string];
        if (!reportIdPattern.test(id)) {
          problems.push({ file, ...startOfFile, field: 'file', message: `expected a generated report id as the file name (6 to 32 lowercase letters and digits); got "${id}.md" (create reports with npm run new-report)` });
        }
        const parsed = await parse(file);
        if (!parsed) return;
        const checked = checkFrontmatter(reportFrontmatter, parsed, file);
        if (!checked.ok) return void problems.push(...checked.problems);
        const report: ReportRecord = {
          id,
          landmarkSlug,
          file,
          frontmatter: checked.data,
          details: parsed.body,
          locate: parsed.locate,
          committedAt: commitTimes.get(file),
        };
        content.reports.push(report);
      } else if (!otherAllowedFiles.has(file)) {
        problems.push({
          file,
          ...startOfFile,
          field: 'file',
          message: 'expected landmarks as content/landmarks/<slug>.md and reports as content/reports/<landmark-slug>/<id>.md; got a file elsewhere (move or remove it)',
        });
      }
    }),
  );

  // Files were read concurrently; order records so everything derived from them is deterministic.
  content.landmarks.sort((a, b) => (a.slug < b.slug ? -1 : 1));
  content.reports.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.file < b.file ? -1 : 1));
  problems.push(...crossCheck(content, now));
  return { content, problems: sortProblems(problems) };
}
