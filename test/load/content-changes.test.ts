import { appendFile, mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentChanges } from '../../src/load/content-changes.ts';
import { unpackFolders } from '../../src/load/folder-look.ts';
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

  it('finds untracked files through the folders that changed, and keeps an eye on those it found', async () => {
    const root = await committedTree();
    await mkdir(path.join(root, 'content/reports/eiffel-tower'), { recursive: true });
    await writeFile(path.join(root, 'content/reports/eiffel-tower/draft.md'), 'draft\n');
    // Folders last changed an hour ago: the look trusts their times (a recent one it lists again).
    const anHourAgo = Date.now() / 1000 - 3600;
    const age = async () => {
      for (const folder of ['content', 'content/landmarks', 'content/reports', 'content/reports/eiffel-tower']) await utimes(path.join(root, folder), anHourAgo, anHourAgo);
    };
    await age();
    const first = (await contentChanges(root))!;
    expect(Object.keys(first.state.overlay)).toEqual(['content/reports/eiffel-tower/draft.md']);
    expect(unpackFolders(first.state.folders!)['content/reports/eiffel-tower']).toMatch(/^\d+:\d+(\.\d+)?$/);
    // An untracked file edited in place leaves its folder as it was; a tracked one is git's to see.
    await appendFile(path.join(root, 'content/reports/eiffel-tower/draft.md'), 'more\n');
    await appendFile(path.join(root, 'content/landmarks/eiffel-tower.md'), 'Edited.\n');
    const second = (await contentChanges(root, first.state))!;
    expect(second.changed).toEqual(['content/landmarks/eiffel-tower.md', 'content/reports/eiffel-tower/draft.md']);
    // A new folder with an untracked file, two levels down, and a new file beside a tracked one.
    await mkdir(path.join(root, 'content/reports/louvre/photos'), { recursive: true });
    await writeFile(path.join(root, 'content/reports/louvre/photos/note.md'), 'note\n');
    await writeFile(path.join(root, 'content/landmarks/louvre.md'), validLandmark('Louvre', 'Q19675'));
    const third = (await contentChanges(root, second.state))!;
    expect(third.changed).toEqual(['content/landmarks/louvre.md', 'content/reports/louvre/photos/note.md']);
    // Nothing changed since: nothing is named, and the untracked files stay known.
    const fourth = (await contentChanges(root, third.state))!;
    expect(fourth.changed).toEqual([]);
    expect(Object.keys(fourth.state.overlay)).toEqual(['content/landmarks/eiffel-tower.md', 'content/landmarks/louvre.md', 'content/reports/eiffel-tower/draft.md', 'content/reports/louvre/photos/note.md']);
  });
});
