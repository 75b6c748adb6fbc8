import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobIdOf, unchangedBlobIds } from '../../src/load/blob-ids.ts';
import { writeContentTree } from '../support/content-files.ts';
import { commitEverything, git } from '../support/git.ts';

/** Sorted as the loader lists content files. */
const sorted = (files: string[]) => [...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe("git's blob ids of unchanged files", () => {
  it("gives each committed, unchanged file git's id, in the order of the files asked for", async () => {
    // Names whose order turns on "-", "." and "/", which sort below letters.
    const committed = ['content/b.md', 'content/b-d.md', 'content/b/c.md', 'content/a.md', 'content/reports/x/y.md'];
    const root = await writeContentTree(Object.fromEntries(committed.map((file) => [file, `${file}\n`])));
    commitEverything(root, 'content');
    // Edited and not committed, new and untracked, new and only staged.
    await appendFile(path.join(root, 'content/b-d.md'), 'edited\n');
    await writeFile(path.join(root, 'content/aa.md'), 'untracked\n');
    await writeFile(path.join(root, 'content/ab.md'), 'staged\n');
    git(root, 'add', 'content/ab.md');

    const files = sorted([...committed, 'content/aa.md', 'content/ab.md']);
    const ids = await unchangedBlobIds(root, 'content', files);
    const byFile = Object.fromEntries(files.map((file, index) => [file, ids[index]]));
    expect(byFile).toEqual({
      'content/a.md': git(root, 'rev-parse', 'HEAD:content/a.md'),
      'content/aa.md': undefined,
      // Staged and unchanged since: the index's id is the working copy's.
      'content/ab.md': blobIdOf(Buffer.from('staged\n')),
      'content/b-d.md': undefined,
      'content/b.md': git(root, 'rev-parse', 'HEAD:content/b.md'),
      'content/b/c.md': git(root, 'rev-parse', 'HEAD:content/b/c.md'),
      'content/reports/x/y.md': git(root, 'rev-parse', 'HEAD:content/reports/x/y.md'),
    });
  });

  it('never gives a file another one\'s id where git and the loader sort names differently', async () => {
    // git sorts by UTF-8 bytes, the loader by UTF-16 code units: an emoji (a surrogate pair) comes
    // after a full-width letter for git and before it for the loader.
    const names = ['content/a.md', 'content/\u{1F600}.md', 'content/\uFF21.md', 'content/\uFF22.md'];
    const root = await writeContentTree(Object.fromEntries(names.map((file) => [file, `${file}\n`])));
    commitEverything(root, 'content');
    const files = sorted(names);
    const ids = await unchangedBlobIds(root, 'content', files);
    files.forEach((file, index) => {
      if (ids[index] !== undefined) expect(ids[index]).toBe(blobIdOf(Buffer.from(`${file}\n`)));
    });
    expect(ids[files.indexOf('content/a.md')]).toBe(blobIdOf(Buffer.from('content/a.md\n')));
  });

  it('gives none outside a git work tree', async () => {
    const root = await writeContentTree({ 'content/a.md': 'a\n' });
    expect(await unchangedBlobIds(root, 'content', ['content/a.md'])).toEqual([undefined]);
  });
});
