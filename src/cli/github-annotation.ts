import { formatProblem, type Problem } from '../load/problem.ts';

/** GitHub reads workflow commands line by line; these escapes keep a message on its one line. */
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * A problem as a GitHub Actions error (or warning) annotation: printed in a workflow's log, it is shown on the
 * pull request's "Files changed" tab at the file and line, where the contributor is looking.
 * The message repeats the location so the plain log reads like `npm run validate` locally.
 */
export function githubAnnotation(problem: Problem, level: 'error' | 'warning' = 'error'): string {
  const properties = [
    `file=${escapeProperty(problem.file)}`,
    `line=${problem.line}`,
    `col=${problem.column}`,
    `title=${escapeProperty(`Content ${level === 'error' ? 'problem' : 'warning'}: ${problem.field}`)}`,
  ].join(',');
  return `::${level} ${properties}::${escapeData(formatProblem(problem))}`;
}
