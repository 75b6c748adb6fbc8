import { landmarkFrontmatter, slugPattern } from '../schema/landmark-frontmatter.ts';
import { reportFrontmatter, reportIdPattern } from '../schema/report-frontmatter.ts';
import { checkFrontmatter } from './check-frontmatter.ts';
import { parseFrontmatter, type ParsedFile } from './parse-frontmatter.ts';
import { startOfFile, type Problem } from './problem.ts';
import type { LandmarkRecord, ReportRecord } from './records.ts';

/** Where landmarks live: the slug is the file's name. */
export const landmarkFile = /^content\/landmarks\/([^/]+)\.md$/;
/** The file of the landmark with this slug. */
export const landmarkFileOf = (slug: string): string => `content/landmarks/${slug}.md`;
/** Where reports live: the folder names the landmark's slug, the file the report's id. */
export const reportFile = /^content\/reports\/([^/]+)\/([^/]+)\.md$/;
/** The other files content/ may hold (popularity counts, its README, the watch's check records); none is a landmark or a report. */
export const otherAllowedFiles = new Set(['content/popularity.yaml', 'content/README.md', 'content/watch/checks.yaml']);

/** What one file yields: plain data, so it can come from a worker thread or the parse cache. */
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
  return checkContentFileWithBody(file, bytes).outcome;
}

/** checkContentFile's outcome, and a report's published body, which its record leaves in the file (records.ts). */
export function checkContentFileWithBody(file: string, bytes: Uint8Array): { outcome: FileOutcome; reportBody?: string } {
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
    if (!parsed) return { outcome: { problems } };
    const checked = checkFrontmatter(landmarkFrontmatter, parsed, file);
    if (!checked.ok) return { outcome: { problems: [...problems, ...checked.problems] } };
    return { outcome: { problems, landmark: { slug, file, frontmatter: checked.data, description: parsed.body } } };
  }
  if (reportMatch) {
    const [, landmarkSlug, id] = reportMatch as unknown as [string, string, string];
    if (!reportIdPattern.test(id)) {
      problems.push({ file, ...startOfFile, field: 'file', message: `expected a generated report id as the file name (6 to 32 lowercase letters and digits); got "${id}.md" (create reports with npm run new-report)` });
    }
    const parsed = parse();
    if (!parsed) return { outcome: { problems } };
    const checked = checkFrontmatter(reportFrontmatter, parsed, file);
    if (!checked.ok) return { outcome: { problems: [...problems, ...checked.problems] } };
    return { outcome: { problems, report: { id, landmarkSlug, file, frontmatter: checked.data } }, reportBody: parsed.body };
  }
  if (otherAllowedFiles.has(file)) return { outcome: { problems } };
  return {
    outcome: {
      problems: [{
        file,
        ...startOfFile,
        field: 'file',
        message: 'expected landmarks as content/landmarks/<slug>.md and reports as content/reports/<landmark-slug>/<id>.md; got a file elsewhere (move or remove it)',
      }],
    },
  };
}
