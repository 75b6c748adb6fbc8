import { checkContentFile } from '../load/check-content-file.ts';
import { checkReportAlone } from '../load/cross-checks.ts';
import { locateProblems } from '../load/locate-problems.ts';
import type { Problem } from '../load/problem.ts';

/**
 * The problems of one report file's text with the checks and messages of `npm run validate`, but
 * only those the file can have on its own: the page's report form runs this in the browser, where
 * the other files are not at hand. (A fresh random id and the page's own landmark leave the
 * cross-file rules, unique ids and known landmarks, nothing to find.)
 */
export function checkReportText(file: string, text: string, now: Date): Problem[] {
  const bytes = new TextEncoder().encode(text);
  const outcome = checkContentFile(file, bytes);
  if (outcome.problems.length > 0 || !outcome.report) return outcome.problems;
  return locateProblems(checkReportAlone(outcome.report, now), () => bytes);
}
