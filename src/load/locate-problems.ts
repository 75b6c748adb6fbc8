import type { UnlocatedProblem } from './cross-checks.ts';
import { parseFrontmatter } from './parse-frontmatter.ts';
import { startOfFile, type Position, type Problem } from './problem.ts';

/**
 * Gives problems found across files their line and column. Each file they name is parsed once
 * more: such problems are few, and keeping every file's parser state until the checks across files
 * run would cost more memory than the records themselves.
 */
export function locateProblems(problems: readonly UnlocatedProblem[], readFile: (file: string) => Uint8Array | undefined): Problem[] {
  const locators = new Map<string, ((path: readonly PropertyKey[]) => Position) | undefined>();
  const locatorOf = (file: string) => {
    if (!locators.has(file)) {
      const bytes = readFile(file);
      const parsed = bytes ? parseFrontmatter(bytes) : undefined;
      locators.set(file, parsed?.ok ? parsed.file.locate : undefined);
    }
    return locators.get(file);
  };
  return problems.map(({ at, ...problem }) => {
    const locate = at ? locatorOf(problem.file) : undefined;
    return { ...problem, ...(at && locate ? locate(at) : startOfFile) };
  });
}
