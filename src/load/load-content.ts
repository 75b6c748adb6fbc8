import { readFileSync } from 'node:fs';
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
  /**
   * Read each report's last commit time from git (one `git log`, slower on a long history).
   * The build needs it for `updatedAt`; validation does not.
   */
  readCommitTimes?: boolean;
}

export interface LoadResult {
  content: Content;
  /** Every problem in every file; the content is publishable only when this is empty. */
  problems: Problem[];
}

const landmarkFile = /^content\/landmarks\/([^/]+)\.md$/;
const reportFile = /^content\/reports\/([^/]+)\/([^/]+)\.md$/;
const otherAllowedFiles = new Set(['content/popularity.yaml', 'content/README.md']);

export interface FileOutcome {
  problems: Problem[];
  landmark?: LandmarkRecord;
  report?: Omit<ReportRecord, 'committedAt'>;
}

/**
 * Parses and checks one file on its own (rules across files come later), given its path relative
 * to the root; the scaffolding commands use it to check a file before writing it.
 */
export function checkContentFile(file: string, bytes: Uint8Array): FileOutcome {
  const problems: Problem[] = [];
  const parse = (): ParsedFile | undefined => {
    const result = parseFrontmatter(bytes);
    if (result.ok) return result.file;
    problems.push(...result.problems.map((problem) => ({ file, ...problem.position, field: problem.field, message: problem.message })));
    return undefined;
  };

  const landmarkMatch = landmarkFile.exec(file);
  const reportMatch = reportFile.exec(file);
  if (landmarkMatch) {
    const slug = landmarkMatch[1]!;
    if (!slugPattern.test(slug)) {
      problems.push({ file, ...startOfFile, field: 'file', message: `expected a file name of lowercase words joined by hyphens, like "eiffel-tower.md"; got "${slug}.md"` });
    }
    const parsed = parse();
    if (!parsed) return { problems };
    const checked = checkFrontmatter(landmarkFrontmatter, parsed, file);
    if (!checked.ok) return { problems: [...problems, ...checked.problems] };
    return { problems, landmark: { slug, file, frontmatter: checked.data, description: parsed.body, locate: parsed.locate } };
  }
  if (reportMatch) {
    const [, landmarkSlug, id] = reportMatch as unknown as [string, string, string];
    if (!reportIdPattern.test(id)) {
      problems.push({ file, ...startOfFile, field: 'file', message: `expected a generated report id as the file name (6 to 32 lowercase letters and digits); got "${id}.md" (create reports with npm run new-report)` });
    }
    const parsed = parse();
    if (!parsed) return { problems };
    const checked = checkFrontmatter(reportFrontmatter, parsed, file);
    if (!checked.ok) return { problems: [...problems, ...checked.problems] };
    return { problems, report: { id, landmarkSlug, file, frontmatter: checked.data, details: parsed.body, locate: parsed.locate } };
  }
  if (otherAllowedFiles.has(file)) return { problems };
  return {
    problems: [{
      file,
      ...startOfFile,
      field: 'file',
      message: 'expected landmarks as content/landmarks/<slug>.md and reports as content/reports/<landmark-slug>/<id>.md; got a file elsewhere (move or remove it)',
    }],
  };
}

/** Reads, parses and validates every file under `content/`, collecting all problems in one pass. */
export async function loadContent({ root, now, readCommitTimes = true }: LoadOptions): Promise<LoadResult> {
  // Symbolic links are listed, not followed: a link in a pull request could otherwise publish any
  // file of the machine that builds it.
  const entries = await fg('content/**/*', { cwd: root, dot: true, onlyFiles: false, objectMode: true, followSymbolicLinks: false });
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const commitTimes = readCommitTimes ? await lastCommitTimes(root, 'content/reports') : new Map<string, string>();
  const problems: Problem[] = [];
  const content: Content = { landmarks: [], reports: [] };

  // Files are read synchronously, one after another: for thousands of small files this is several
  // times faster than thousands of concurrent reads, and cannot run out of file handles.
  for (const { path: file, dirent } of entries) {
    if (dirent.isDirectory()) continue;
    if (dirent.isSymbolicLink()) {
      problems.push({ file, ...startOfFile, field: 'file', message: 'expected a regular file; got a symbolic link (replace it with the file itself)' });
      continue;
    }
    let outcome: FileOutcome;
    try {
      outcome = checkContentFile(file, readFileSync(path.join(root, file)));
    } catch (error) {
      // Whatever goes wrong with one file becomes a problem located at it; the run goes on.
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      outcome = {
        problems: [{
          file,
          ...startOfFile,
          field: 'file',
          message: `expected a file the validator can read; got an error: ${reason} (if the file looks right, report this as a bug in the validator)`,
        }],
      };
    }
    problems.push(...outcome.problems);
    if (outcome.landmark) content.landmarks.push(outcome.landmark);
    if (outcome.report) content.reports.push({ ...outcome.report, committedAt: commitTimes.get(file) });
  }

  // Order records so everything derived from them is deterministic.
  content.landmarks.sort((a, b) => (a.slug < b.slug ? -1 : 1));
  content.reports.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.file < b.file ? -1 : 1));
  try {
    problems.push(...crossCheck(content, now));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    problems.push({ file: 'content', ...startOfFile, field: 'content', message: `expected the checks across files to finish; got an error: ${reason} (report this as a bug in the validator)` });
  }
  return { content, problems: sortProblems(problems) };
}
