import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bucketFiles } from '../../src/api/data-products/hash-buckets.ts';
import { fnv1aOf } from '../../src/domain/buckets.ts';
import { DigestList } from '../../src/domain/input-digests.ts';
import { utf8BytesOf } from '../../src/domain/json-texts.ts';
import { emitDataFiles } from '../../src/emit/emit-api-data.ts';
import { keptLinesKey, linesInWords, openKeptLines } from '../../src/emit/kept-lines.ts';
import { openOutputStore } from '../../src/kept/output-files.ts';

/** Records by key, each with a text that its digest is made from, as a report's is from its file. */
type Records = Record<string, string>;

const bucketCount = 4;
const pathOf = (index: number) => `/_data/records/${index}.jsonl`;

/** The record files of `records` in hash buckets, counting each record's JSON made into `made`. */
function filesOf(records: Records, made: string[]) {
  const keys = Object.keys(records).sort();
  const digests = new DigestList();
  for (const key of keys) digests.push(createHash('sha256').update(`${key}\n${records[key]}`).digest());
  const keyHashes = Uint32Array.from(keys, fnv1aOf);
  return bucketFiles(keys, (position) => keys[position]!, keyHashes, bucketCount, pathOf, digests, (key) => {
    made.push(key);
    return utf8BytesOf(JSON.stringify({ key, text: records[key] }));
  });
}

/** One build of the record files into a site of its own, with the store and its kept lines as the build uses them. */
async function build(storeDir: string, records: Records) {
  const site = await mkdtemp(path.join(tmpdir(), 'kept-lines-site-'));
  const store = await openOutputStore(storeDir, 'code v1');
  const lines = await openKeptLines(store);
  const made: string[] = [];
  await emitDataFiles(filesOf(records, made), site, store, lines);
  await lines.save();
  await store.close();
  return { site, made: made.sort(), counts: { ...lines.counts }, files: await filesIn(site) };
}

/** The same files made with nothing kept: what every build must write. */
async function madeAfresh(records: Records) {
  const site = await mkdtemp(path.join(tmpdir(), 'kept-lines-fresh-'));
  await emitDataFiles(filesOf(records, []), site);
  return filesIn(site);
}

async function filesIn(site: string): Promise<Record<string, string>> {
  const folder = path.join(site, '_data', 'records');
  const names = (await readdir(folder)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(path.join(folder, name), 'utf8')] as const)));
}

/** 400 records, some of whose texts hold characters past ASCII, so that copied lines are UTF-8 bytes, not characters. */
const recordsOf = (count = 400): Records => Object.fromEntries(Array.from({ length: count }, (_, index) => [`r${index}`, index % 7 === 0 ? `Tōkyō n°${index} — 東京` : `text ${index}`]));

const storeDir = () => mkdtemp(path.join(tmpdir(), 'kept-lines-store-')).then((dir) => path.join(dir, 'store'));

describe('lines of keyed-records files kept between builds', () => {
  it('makes only the changed records of a file made again, and writes the file a build without the store writes', async () => {
    const dir = await storeDir();
    const records = recordsOf();
    const first = await build(dir, records);
    expect(first.made).toHaveLength(400);
    expect(first.counts).toEqual({ copied: 0, made: 400 });

    const changed = { ...records, r7: 'changed: Zürich', r100: 'changed too' };
    const second = await build(dir, changed);
    expect(second.made).toEqual(['r100', 'r7']);
    expect(second.files).toEqual(await madeAfresh(changed));
    // Every other record of the files made again was copied.
    expect(second.counts.made).toBe(2);
    expect(second.counts.copied).toBeGreaterThan(0);
    expect(linesInWords(second.counts)).toBe(`${second.counts.copied} of ${second.counts.copied + 2} records in the keyed files made again copied from the last build's`);

    // The lines of the files made again are noted in turn: the next build copies from them.
    const third = await build(dir, { ...changed, r7: 'changed again' });
    expect(third.made).toEqual(['r7']);
    expect(third.files).toEqual(await madeAfresh({ ...changed, r7: 'changed again' }));
  });

  it('copies a record by its key when records before it in its file were added or removed', async () => {
    const dir = await storeDir();
    const records = recordsOf();
    await build(dir, records);
    const after: Records = { ...records, r400: 'added', r401: 'added too' };
    delete after.r5;
    const second = await build(dir, after);
    expect(second.made).toEqual(['r400', 'r401']);
    expect(second.files).toEqual(await madeAfresh(after));
  });

  it('makes a file whole when the file the last build made no longer has its bytes', async () => {
    const dir = await storeDir();
    const records = recordsOf();
    const first = await build(dir, records);
    // The published file and the kept one are the same file: an edit in place reaches the store.
    const [name] = Object.keys(first.files);
    const file = path.join(first.site, '_data', 'records', name!);
    const lines = (await readFile(file, 'utf8')).split('\n');
    const keys = JSON.parse(lines[0]!) as string[];
    await writeFile(file, [lines[0], ...lines.slice(1, -1).map((line) => line.replace('text', 'TEXT')), ''].join('\n'));

    const changed = { ...records, [keys[0]!]: 'changed' };
    const second = await build(dir, changed);
    expect(second.made).toEqual([...keys].sort());
    expect(second.files).toEqual(await madeAfresh(changed));
  });

  it('stops with the error of files whose contents cannot be made, the files after them not left waiting', async () => {
    const dir = await storeDir();
    const records = recordsOf();
    await build(dir, records);
    const changed = Object.fromEntries(Object.entries(records).map(([key, text]) => [key, `${text} changed`]));
    const store = await openOutputStore(dir, 'code v1');
    const lines = await openKeptLines(store);
    // Two failing files: more than the last build's files held at once.
    const files = [...filesOf(changed, [])].map((file, index) =>
      index < 2
        ? {
            ...file,
            contents: () => {
              throw new Error(`no contents for file ${index}`);
            },
          }
        : file,
    );
    const site = await mkdtemp(path.join(tmpdir(), 'kept-lines-site-'));
    // Either may fail first: each waits on the store, which answers in its own order.
    await expect(emitDataFiles(files, site, store, lines)).rejects.toThrow(/^no contents for file [01]$/);
  });

  it('makes every file whole when the kept line inputs are damaged', async () => {
    const dir = await storeDir();
    const records = recordsOf();
    await build(dir, records);
    const filesDir = path.join(dir, 'files');
    await writeFile(path.join(filesDir, keptLinesKey(await openOutputStore(dir, 'code v1'))), 'not the table it was');

    const changed = { ...records, r7: 'changed' };
    const second = await build(dir, changed);
    expect(second.counts.copied).toBe(0);
    expect(second.files).toEqual(await madeAfresh(changed));
  });
});
