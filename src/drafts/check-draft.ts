import { crossCheck } from '../load/cross-checks.ts';
import { checkContentFile } from '../load/check-content-file.ts';
import { locateProblems } from '../load/locate-problems.ts';
import type { Problem } from '../load/problem.ts';
import type { Content } from '../load/records.ts';

/**
 * The problems a file would have once written into `content`: its own checks and every rule across
 * files (unique ids and slugs, known landmark, dates), with the same messages `npm run validate`
 * gives. The scaffolding commands refuse to write a file that has any.
 */
export function checkDraft(content: Content, file: string, text: string, now: Date): Problem[] {
  const bytes = new TextEncoder().encode(text);
  const outcome = checkContentFile(file, bytes);
  if (outcome.problems.length > 0) return outcome.problems;
  // The draft replaces any file at its path (confirm edits one in place), and comes last, so a
  // clash with an existing file is reported on the draft.
  const withDraft: Content = {
    landmarks: [...content.landmarks.filter((landmark) => landmark.file !== file), ...(outcome.landmark ? [outcome.landmark] : [])],
    reports: [...content.reports.filter((report) => report.file !== file), ...(outcome.report ? [outcome.report] : [])],
  };
  const draftProblems = crossCheck(withDraft, now).filter((problem) => problem.file === file);
  return locateProblems(draftProblems, () => bytes);
}
