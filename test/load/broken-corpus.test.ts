import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadContent } from '../../src/load/load-content.ts';
import { formatProblem } from '../../src/load/problem.ts';

const corpus = path.resolve(import.meta.dirname, '../fixtures/broken');
const now = new Date('2026-11-20T12:00:00Z');
const cases = (await readdir(corpus, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory() && entry.name !== '_shared')
  .map((entry) => entry.name)
  .sort();

/** The problems a case expects: every line of expected.txt that is not blank or a "#" description. */
async function expectedProblems(name: string): Promise<string[]> {
  const text = await readFile(path.join(corpus, name, 'expected.txt'), 'utf8');
  return text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

describe('every broken file in the corpus is reported at its exact file, line and column', () => {
  it('has cases to run', () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  it.each(cases)('%s', async (name) => {
    const root = await mkdtemp(path.join(tmpdir(), `lcr-broken-${name}-`));
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    await cp(path.join(corpus, '_shared'), root, { recursive: true });
    await cp(path.join(corpus, name, 'content'), path.join(root, 'content'), { recursive: true });
    const { problems } = await loadContent({ root, now, readCommitTimes: false });
    expect(problems.map(formatProblem)).toEqual(await expectedProblems(name));
  });
});
