import { mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookAtFolders, unpackFolders } from '../../src/load/folder-look.ts';
import { writeContentTree } from '../support/content-files.ts';

/** A tree of three report folders, every folder last changed an hour ago. */
async function agedTree(): Promise<string> {
  const root = await writeContentTree({
    'content/landmarks/a.md': 'a',
    'content/reports/a/r1.md': 'r1',
    'content/reports/b/r2.md': 'r2',
    'content/reports/c/r3.md': 'r3',
  });
  await age(root, ['content', 'content/landmarks', 'content/reports', 'content/reports/a', 'content/reports/b', 'content/reports/c']);
  return root;
}

const anHourAgo = () => Date.now() / 1000 - 3600;
const age = async (root: string, folders: readonly string[]) => {
  for (const folder of folders) await utimes(path.join(root, folder), anHourAgo(), anHourAgo());
};

describe('the look at the content folders', () => {
  it('notes every folder on a first look, and names no suspect: everything may hold an untracked file', async () => {
    const root = await agedTree();
    const look = lookAtFolders(root, 'content', undefined);
    expect(Object.keys(unpackFolders(look.folders)).sort()).toEqual(['content', 'content/landmarks', 'content/reports', 'content/reports/a', 'content/reports/b', 'content/reports/c']);
    expect(look.suspects).toBeUndefined();
  });

  it('suspects nothing when no folder changed its entries, whatever the files became', async () => {
    const root = await agedTree();
    const before = lookAtFolders(root, 'content', undefined).folders;
    await writeFile(path.join(root, 'content/reports/a/r1.md'), 'edited in place');
    expect(lookAtFolders(root, 'content', before)).toEqual({ folders: before, suspects: [] });
  });

  it('suspects the files of a folder whose entries changed, and a new folder whole, noting the folders inside it', async () => {
    const root = await agedTree();
    const before = lookAtFolders(root, 'content', undefined).folders;
    await writeFile(path.join(root, 'content/reports/b/new.md'), 'new');
    await mkdir(path.join(root, 'content/reports/d/deeper'), { recursive: true });
    await writeFile(path.join(root, 'content/reports/d/deeper/r4.md'), 'r4');
    const look = lookAtFolders(root, 'content', before);
    expect(look.suspects!.sort()).toEqual(['content/reports/b/new.md', 'content/reports/b/r2.md', 'content/reports/d']);
    expect(Object.keys(unpackFolders(look.folders))).toEqual(expect.arrayContaining(['content/reports/d', 'content/reports/d/deeper']));
    // A file moved between known folders changes both.
    await age(root, ['content/reports/b', 'content/reports/d', 'content/reports/d/deeper', 'content/reports']);
    const settled = lookAtFolders(root, 'content', look.folders).folders;
    await rename(path.join(root, 'content/reports/a/r1.md'), path.join(root, 'content/reports/c/r1.md'));
    expect(lookAtFolders(root, 'content', settled).suspects!.sort()).toEqual(['content/reports/c/r1.md', 'content/reports/c/r3.md']);
  });

  it('looks again next time into a folder that changed too recently to trust, and forgets a folder removed', async () => {
    const root = await agedTree();
    const before = lookAtFolders(root, 'content', undefined).folders;
    await writeFile(path.join(root, 'content/reports/c/new.md'), 'new');
    const racy = lookAtFolders(root, 'content', before).folders;
    expect(unpackFolders(racy)['content/reports/c']).toBe('');
    // Nothing changed since, but the folder is listed again: a file added in the same tick would not show in its time.
    expect(lookAtFolders(root, 'content', racy).suspects!.sort()).toEqual(['content/reports/c/new.md', 'content/reports/c/r3.md']);
    await rm(path.join(root, 'content/reports/a'), { recursive: true });
    const after = unpackFolders(lookAtFolders(root, 'content', racy).folders);
    expect(Object.hasOwn(after, 'content/reports/a')).toBe(false);
  });

  it('are kept as one string, a folder and its identity after another, names with spaces and others included', async () => {
    const root = await writeContentTree({ 'content/a folder/r.md': 'r', 'content/ünï/r.md': 'r' });
    const { folders } = lookAtFolders(root, 'content', undefined);
    const names = folders.split('\0').filter((_, index) => index % 2 === 0);
    // The top first (the next look starts from it), and a separator after the last identity.
    expect([names[0], names.at(-1)]).toEqual(['content', '']);
    expect(names.slice(1, -1).sort()).toEqual(['content/a folder', 'content/ünï']);
    expect(Object.values(unpackFolders(folders)).every((identity) => /^(\d+:\d+(\.\d+)?)?$/.test(identity))).toBe(true);
  });
});
