import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moveInto } from '../../src/emit/staging.ts';

/** Writes `files` (path → text) under `root`. */
async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
}

/** Every file under `root`, with its text. */
async function treeOf(root: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) tree[path.relative(root, path.join(entry.parentPath, entry.name))] = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return tree;
}

describe('the data made beside staging joins the pages', () => {
  it('moves every file in, joining the folders both hold', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'staging-'));
    const pages = path.join(root, 'pages');
    const data = path.join(root, 'data');
    await writeTree(pages, { 'index.html': 'home', 'map/world.svg': 'map', 'data.html': 'downloads page' });
    await writeTree(data, { '_data/a.json': '{}', 'map/cells.json': '[]', 'data/reports.csv': 'id', '.well-known/ai-plugin.json': '{}' });
    await moveInto(data, pages);
    expect(await treeOf(pages)).toEqual({
      'index.html': 'home',
      'map/world.svg': 'map',
      'map/cells.json': '[]',
      'data.html': 'downloads page',
      '_data/a.json': '{}',
      'data/reports.csv': 'id',
      '.well-known/ai-plugin.json': '{}',
    });
  });

  it('refuses a file both hold, and keeps the pages\' one', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'staging-'));
    const pages = path.join(root, 'pages');
    const data = path.join(root, 'data');
    await writeTree(pages, { 'sitemaps/index.xml': 'from the pages' });
    await writeTree(data, { 'sitemaps/index.xml': 'from the data' });
    await expect(moveInto(data, pages)).rejects.toThrow('sitemaps/index.xml was written both by the pages and by the data of the build');
    expect(await readFile(path.join(pages, 'sitemaps/index.xml'), 'utf8')).toBe('from the pages');
  });
});
