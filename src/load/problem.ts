/** One thing wrong with the content, located precisely enough for a contributor to fix it. */
export interface Problem {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  line: number;
  column: number;
  /** Dotted path of the frontmatter field, or "file" for problems with the file as a whole. */
  field: string;
  /** What was expected, what was found, and the fix when one is known. */
  message: string;
}

export interface Position {
  line: number;
  column: number;
}

export const startOfFile: Position = { line: 1, column: 1 };

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column} ${problem.field}: ${problem.message}`;
}

/** Sorted by file, then position, so that a contributor reads problems in the order of the file. */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column,
  );
}
