import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { DataFile } from '../../src/api/data-products/product.ts';
import { emitDataFiles } from '../../src/emit/emit-api-data.ts';
import type { Utf8Bytes } from '../../src/domain/json-texts.ts';
import { openOutputStore } from '../../src/kept/output-files.ts';

const folder = '/_data/emitted/';
const fileOf = (index: number, bytes: number): DataFile => ({ sitePath: `${folder}${index}.json`, contents: () => `${index}`.padEnd(bytes, ' ') });

/** Each written file's size, by name. */
async function sizesIn(site: string): Promise<Record<string, number>> {
  const directory = path.join(site, ...folder.split('/').filter(Boolean));
  const names = await readdir(directory).catch(() => []);
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, (await stat(path.join(directory, name))).size] as const)));
}

/**
 * A failing file, or list of files, among files of 256 KB: emitDataFiles must say why only once
 * nothing it started is still writing. The build removes the site being made when a step fails,
 * and a write still going on would put a file back into it, or fail on the removed folder after the
 * build has said why it stopped.
 */
const stopsOnceWritten = (failing: (files: DataFile[]) => Iterable<DataFile>, message: string) => async () => {
  const site = await mkdtemp(path.join(tmpdir(), 'lcr-emit-'));
  const fileBytes = 256 * 1024;
  await expect(emitDataFiles(failing(Array.from({ length: 400 }, (_, index) => fileOf(index, fileBytes))), site)).rejects.toThrow(message);
  const atFailure = await sizesIn(site);
  await sleep(200);
  expect(await sizesIn(site)).toEqual(atFailure);
  // Stopped at the failure, not written through to the end; what was written, written whole.
  expect(Object.keys(atFailure).length).toBeGreaterThan(0);
  expect(Object.keys(atFailure).length).toBeLessThan(399);
  expect(Object.values(atFailure).every((size) => size === fileBytes)).toBe(true);
};

describe('emitDataFiles', () => {
  it('makes a file only while little text is in flight, also when many files wait on the store at once', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'lcr-emit-'));
    const store = await openOutputStore(await mkdtemp(path.join(tmpdir(), 'lcr-emit-store-')), 'code v1');
    // Files of 17 MB, as a coarse level of the nearby index at a million reports: two fit in the
    // writer's 32 MB in flight, a third waits. Each is pieces of one string, so only what is written
    // takes memory. Every file asks the store first, as a build's do.
    const piece = 'x'.repeat(1024 * 1024) as Utf8Bytes;
    const bytes = 17 * piece.length;
    const madeBeforeWritten: number[] = [];
    const files = Array.from({ length: 6 }, (_, index): DataFile => ({
      sitePath: `${folder}${index}.json`,
      madeFrom: () => [new TextEncoder().encode(`file ${index}`)],
      contents: () => {
        const target = (earlier: number) => path.join(site, ...folder.split('/').filter(Boolean), `${earlier}.json`);
        const whole = (earlier: number) => existsSync(target(earlier)) && statSync(target(earlier)).size === bytes;
        madeBeforeWritten.push(Array.from({ length: index }, (_, earlier) => earlier).filter((earlier) => !whole(earlier)).length);
        return Array.from({ length: 17 }, () => piece);
      },
    }));
    await emitDataFiles(files, site, store);
    expect(Object.values(await sizesIn(site))).toEqual(Array.from({ length: 6 }, () => bytes));
    // At most one file made and not yet written when the next is made; without the wait, all five.
    expect(Math.max(...madeBeforeWritten)).toBeLessThanOrEqual(1);
  });

  it('writes every file it is given, many more than it writes at once', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'lcr-emit-'));
    await emitDataFiles(
      Array.from({ length: 600 }, (_, index) => fileOf(index, 100 + index)),
      site,
    );
    const sizes = await sizesIn(site);
    expect(Object.keys(sizes)).toHaveLength(600);
    for (let index = 0; index < 600; index++) expect(sizes[`${index}.json`]).toBe(100 + index);
  });

  it('writes each file with its own bytes while the buffers files are written from are used again', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'lcr-emit-'));
    const store = await openOutputStore(await mkdtemp(path.join(tmpdir(), 'lcr-emit-store-')), 'code v1');
    // Sizes around the buffers' (powers of two from 64 KiB), each file a letter of its own, as
    // pieces or as one text with characters outside ASCII; kept by the store, which hashes them.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const sizeOf = (index: number) => [1_000, 65_536, 65_537, 200_000, 131_072, 70_000][index % 6]!;
    const textOf = (index: number) => (index % 2 === 0 ? letters[index % 26]!.repeat(sizeOf(index)) : `é${letters[index % 26]!.repeat(sizeOf(index))}`);
    const files = Array.from({ length: 300 }, (_, index): DataFile => ({
      sitePath: `${folder}${index}.json`,
      madeFrom: () => [new TextEncoder().encode(`file ${index}`)],
      contents: () => (index % 2 === 0 ? [textOf(index).slice(0, 500), textOf(index).slice(500)] as Utf8Bytes[] : textOf(index)),
    }));
    await emitDataFiles(files, site, store);
    const directory = path.join(site, ...folder.split('/').filter(Boolean));
    for (let index = 0; index < files.length; index++) expect(await readFile(path.join(directory, `${index}.json`), 'utf8')).toBe(textOf(index));
  });

  it(
    'stops at a file whose contents cannot be made, once every file it started is written',
    stopsOnceWritten(
      (files) =>
        files.map((file, index) =>
          index === 150
            ? {
                ...file,
                contents: () => {
                  throw new Error('no contents for file 150');
                },
              }
            : file,
        ),
      'no contents for file 150',
    ),
  );

  it(
    'stops when the list of files fails, once every file it started is written',
    stopsOnceWritten(function* (files) {
      for (const [index, file] of files.entries()) {
        if (index === 150) throw new Error('the list failed at file 150');
        yield file;
      }
    }, 'the list failed at file 150'),
  );
});
