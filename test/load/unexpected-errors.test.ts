import { describe, expect, it, vi } from 'vitest';
import { loadContent } from '../../src/load/load-content.ts';
import { formatProblem } from '../../src/load/problem.ts';
import { validLandmark, writeContentTree } from '../support/content-files.ts';

// Stands in for a bug in the validator that only one file triggers.
vi.mock('../../src/load/check-frontmatter.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/load/check-frontmatter.ts')>();
  return {
    ...original,
    checkFrontmatter: (...args: Parameters<typeof original.checkFrontmatter>) => {
      if (args[1].data['name'] === 'Boom') throw new TypeError("Cannot read properties of undefined (reading 'x')\n    at somewhere.ts:1:1");
      return original.checkFrontmatter(...args);
    },
  };
});

describe('an unexpected error while checking one file', () => {
  it('becomes a problem located at that file, and every other file is still checked', async () => {
    const root = await writeContentTree({
      'content/landmarks/big-ben.md': validLandmark('Boom', 'Q41225'),
      'content/landmarks/eiffel-tower.md': validLandmark().replace('country: FR', 'country: France'),
    });
    const { content, problems } = await loadContent({ root, now: new Date('2026-11-20T12:00:00Z'), readCommitTimes: false });
    expect(problems.map(formatProblem)).toEqual([
      "content/landmarks/big-ben.md:1:1 file: expected a file the validator can read; got an error: Cannot read properties of undefined (reading 'x') (if the file looks right, report this as a bug in the validator)",
      'content/landmarks/eiffel-tower.md:5:12 location.country: expected an ISO 3166-1 alpha-2 country code in capitals, like "FR" or "GB"; got "France"',
    ]);
    expect(content.landmarks).toEqual([]);
  });
});
