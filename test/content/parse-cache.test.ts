import { execFileSync } from 'node:child_process';
import { appendFile, readdir, truncate } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput, writeSyntheticContent } from '../../scripts/lib/synthetic-content.ts';
import { loadContent, parseCacheDir } from '../../src/load/load-content.ts';
import { formatProblem } from '../../src/load/problem.ts';
import { writeContentTree } from '../support/content-files.ts';

const now = new Date('2026-11-20T12:00:00Z');
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { cwd, stdio: 'ignore' });

/** A committed catalogue of 2,100 files: enough for the loader to parse them on worker threads. */
async function committedCatalogue(): Promise<string> {
  const root = await writeContentTree({});
  await writeSyntheticContent(root, syntheticCatalogueInput({ landmarks: 100, reports: 2000, seed: 5 }));
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'catalogue');
  return root;
}

const load = (root: string) => loadContent({ root, now, cacheDir: parseCacheDir(root) });

describe('the parse cache', () => {
  it('gives the same content as parsing every file, and re-reads only the files that changed', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    expect(cold.problems).toEqual([]);
    expect(cold.cache?.hits).toBe(0);
    expect(cold.content.reports).toHaveLength(2000);

    const warm = await load(root);
    expect(warm.cache?.hits).toBe(2100);
    expect(warm.content).toEqual(cold.content);

    // An edit not yet committed, and one committed: each is parsed again, from its new bytes.
    const [first, second] = cold.content.reports;
    await appendFile(path.join(root, first!.file), 'Edited, not committed.\n');
    await appendFile(path.join(root, second!.file), 'Edited and committed.\n');
    git(root, 'commit', '-q', '-m', 'edit', '--', second!.file);
    const edited = await load(root);
    expect(edited.cache?.hits).toBe(2098);
    const byId = new Map(edited.content.reports.map((report) => [report.id, report]));
    expect(byId.get(first!.id)?.details).toMatch(/Edited, not committed\.$/);
    expect(byId.get(second!.id)?.details).toMatch(/Edited and committed\.$/);
  });

  it('ignores a damaged shard, parsing its files again with the same result', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    const shards = (await readdir(parseCacheDir(root))).filter((name) => name.endsWith('.bin'));
    expect(shards.length).toBeGreaterThan(1);
    const damaged = path.join(parseCacheDir(root), shards[0]!);
    await truncate(damaged, 100);

    const after = await load(root);
    expect(after.content).toEqual(cold.content);
    expect(after.cache?.hits).toBeLessThan(2100);
    expect(after.cache?.notes).toEqual([expect.stringMatching(/^ignored 1 damaged parse-cache shard\(s\) in .*; their files were parsed again$/)]);
    // The damaged shard was rewritten whole.
    expect((await load(root)).cache?.hits).toBe(2100);
  });

  it('never keeps a file with a problem: it is reported again on the next run', async () => {
    const root = await committedCatalogue();
    await load(root);
    const [reportFolder] = await readdir(path.join(root, 'content/reports'));
    const [reportFile] = await readdir(path.join(root, 'content/reports', reportFolder!));
    await appendFile(path.join(root, 'content/reports', reportFolder!, reportFile!), '<!-- an unclosed comment\n');
    const first = (await load(root)).problems.map(formatProblem);
    const second = (await load(root)).problems.map(formatProblem);
    expect(first).toEqual([expect.stringContaining('body: expected the comment opened by "<!--" to be closed')]);
    expect(second).toEqual(first);
  });
});
