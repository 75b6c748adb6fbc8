import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentChanges } from '../../src/load/content-changes.ts';
import { validLandmark, writeContentTree } from '../support/content-files.ts';
import { commitEverything } from '../support/git.ts';

async function committedTree(): Promise<string> {
  const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': validLandmark() });
  commitEverything(root, 'first');
  return root;
}

describe('which content files git says may have changed since a recorded state', () => {
  it('names edited and new files, but not an untracked file left as it was', async () => {
    const root = await committedTree();
    await writeFile(path.join(root, 'content/landmarks/untracked.md'), validLandmark('Untracked', 'Q1'));
    const first = (await contentChanges(root))!;
    await appendFile(path.join(root, 'content/landmarks/eiffel-tower.md'), 'Edited.\n');
    await writeFile(path.join(root, 'content/landmarks/new.md'), validLandmark('New', 'Q2'));
    const second = await contentChanges(root, first.state);
    expect(second?.changed).toEqual(['content/landmarks/eiffel-tower.md', 'content/landmarks/new.md']);
  });

  it('does not hash over a thousand differing files, and names them all every time', async () => {
    const root = await committedTree();
    await mkdir(path.join(root, 'content/reports/eiffel-tower'), { recursive: true });
    for (let index = 0; index < 1001; index++) await writeFile(path.join(root, `content/reports/eiffel-tower/r${index}.md`), 'draft\n');
    const first = (await contentChanges(root))!;
    expect(new Set(Object.values(first.state.overlay))).toEqual(new Set(['unknown']));
    expect((await contentChanges(root, first.state))?.changed).toHaveLength(1001);
  });
});
