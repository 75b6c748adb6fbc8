import { describe, expect, it } from 'vitest';
import { parseContentFiles } from '../../src/load/parse-files.ts';
import { validLandmark, validReport, writeContentTree } from '../support/content-files.ts';

/** A landmark and `reports` reports of it, their paths sorted as the loader lists them. */
async function contentOf(reports: number): Promise<{ root: string; files: string[] }> {
  const files: Record<string, string> = { 'content/landmarks/eiffel-tower.md': validLandmark() };
  for (let index = 0; index < reports; index++) files[`content/reports/eiffel-tower/while${index.toString(36).padStart(5, '0')}.md`] = validReport();
  return { root: await writeContentTree(files), files: Object.keys(files).sort() };
}

describe('the work the build does while worker threads parse its content', () => {
  it('is started once, while the workers still parse, and the parse gives every outcome', async () => {
    // More files than are parsed on the calling thread: the build imports Astro meanwhile.
    const { root, files } = await contentOf(2_100);
    let parsed = false;
    const calls: boolean[] = [];
    const parsing = parseContentFiles(root, files, { whileParsing: () => calls.push(parsed) });
    const { outcomes } = await parsing.finally(() => (parsed = true));
    expect(calls).toEqual([false]);
    expect(outcomes.filter(({ problems }) => problems.length > 0)).toEqual([]);
    expect(outcomes.filter(({ report }) => report)).toHaveLength(2_100);
  }, 60_000);

  it('is not started for a few files, which this thread parses itself', async () => {
    const { root, files } = await contentOf(20);
    const calls: number[] = [];
    const { outcomes } = await parseContentFiles(root, files, { whileParsing: () => calls.push(1) });
    expect(calls).toEqual([]);
    expect(outcomes).toHaveLength(21);
  });
});
