import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOutputStore } from '../../src/kept/output-files.ts';

const digest = (text: string) => Buffer.from(text.padEnd(16, '.'));

/** One build's use of the store: each file is reused when kept, otherwise written and kept. */
async function build(storeDir: string, siteDir: string, files: Record<string, string>, fingerprint = 'code v1') {
  const store = await openOutputStore(storeDir, fingerprint);
  for (const [name, contents] of Object.entries(files)) {
    const target = path.join(siteDir, name);
    const key = store.keyOf(`/${name}`, [digest(contents)]);
    if (await store.reuse(key, target)) continue;
    await writeFile(target, contents);
    await store.keep(key, target, contents);
  }
  await store.close();
  return store;
}

async function folders() {
  const root = await mkdtemp(path.join(tmpdir(), 'output-store-'));
  return { storeDir: path.join(root, 'store'), site: (name: string) => mkdtemp(path.join(root, `${name}-`)) };
}

describe('the output store', () => {
  it('gives a later build the files made from the same inputs, and makes the others', async () => {
    const { storeDir, site } = await folders();
    const first = await build(storeDir, await site('first'), { 'a.json': 'A', 'b.json': 'B' });
    expect(first.counts).toEqual({ reused: 0, made: 2 });

    const secondSite = await site('second');
    const second = await build(storeDir, secondSite, { 'a.json': 'A', 'b.json': 'B2' });
    expect(second.counts).toEqual({ reused: 1, made: 1 });
    expect(await readFile(path.join(secondSite, 'a.json'), 'utf8')).toBe('A');
    expect(await readFile(path.join(secondSite, 'b.json'), 'utf8')).toBe('B2');
  });

  it('makes a file again when its kept bytes changed, and says so', async () => {
    const { storeDir, site } = await folders();
    const firstSite = await site('first');
    await build(storeDir, firstSite, { 'a.json': '{"name":"A"}' });
    // The published file and the kept one are the same file: an edit in place reaches the store.
    await writeFile(path.join(firstSite, 'a.json'), '{"name":"edited by hand"}');

    const secondSite = await site('second');
    const second = await build(storeDir, secondSite, { 'a.json': '{"name":"A"}' });
    expect(second.counts).toEqual({ reused: 0, made: 1 });
    expect(second.notes.join()).toContain('1 kept output file(s) no longer matched their hash and were made again');
    expect(await readFile(path.join(secondSite, 'a.json'), 'utf8')).toBe('{"name":"A"}');

    // The file made again took the damaged one's place in the store: the next build reuses it.
    const thirdSite = await site('third');
    const third = await build(storeDir, thirdSite, { 'a.json': '{"name":"A"}' });
    expect(third.counts).toEqual({ reused: 1, made: 0 });
    expect(await readFile(path.join(thirdSite, 'a.json'), 'utf8')).toBe('{"name":"A"}');
  });

  it('makes a file again when it was written to after a build checked it, even at the same size', async () => {
    const { storeDir, site } = await folders();
    const firstSite = await site('first');
    await build(storeDir, firstSite, { 'a.json': '{"name":"A"}' });
    // An hour old when the second build checks it, so that build notes its identity on disk.
    const anHourAgo = (Date.now() - 3_600_000) / 1000;
    await utimes(path.join(firstSite, 'a.json'), anHourAgo, anHourAgo);
    expect((await build(storeDir, await site('second'), { 'a.json': '{"name":"A"}' })).counts).toEqual({ reused: 1, made: 0 });

    await writeFile(path.join(firstSite, 'a.json'), '{"name":"B"}');
    const thirdSite = await site('third');
    const third = await build(storeDir, thirdSite, { 'a.json': '{"name":"A"}' });
    expect(third.counts).toEqual({ reused: 0, made: 1 });
    expect(third.notes.join()).toContain('1 kept output file(s) no longer matched their hash');
    expect(await readFile(path.join(thirdSite, 'a.json'), 'utf8')).toBe('{"name":"A"}');
  });

  it('reads a file again when it was checked too soon after a write to tell the next write apart', async () => {
    const { storeDir, site } = await folders();
    const firstSite = await site('first');
    await build(storeDir, firstSite, { 'a.json': '{"name":"A"}' });
    // Not settled when the second build checks it: modified less than 2 s before, or, as here, at
    // a time ahead of the clock (a minute, so that a slow machine cannot make it settled). A write
    // in the same tick of the file system's clock leaves the modification time as it is, which
    // the edit below mimics.
    const unsettled = (Date.now() + 60_000) / 1000;
    await utimes(path.join(firstSite, 'a.json'), unsettled, unsettled);
    await build(storeDir, await site('second'), { 'a.json': '{"name":"A"}' });
    await writeFile(path.join(firstSite, 'a.json'), '{"name":"B"}');
    await utimes(path.join(firstSite, 'a.json'), unsettled, unsettled);

    const thirdSite = await site('third');
    expect((await build(storeDir, thirdSite, { 'a.json': '{"name":"A"}' })).counts).toEqual({ reused: 0, made: 1 });
    expect(await readFile(path.join(thirdSite, 'a.json'), 'utf8')).toBe('{"name":"A"}');
  });

  it('takes a file it wrote itself as checked in the next build, without reading it again', async () => {
    const { storeDir, site } = await folders();
    const firstSite = await site('first');
    const file = path.join(firstSite, 'a.json');
    // The build's own write, at a whole second so that the edit below can give the same time back.
    const written = Math.floor(Date.now() / 1000) - 10;
    const store = await openOutputStore(storeDir, 'code v1');
    const key = store.keyOf('/a.json', [digest('{"name":"A"}')]);
    await writeFile(file, '{"name":"A"}');
    await utimes(file, written, written);
    await store.keep(key, file, '{"name":"A"}');
    await store.close();
    // An edit that keeps the size and the time, as one in the same tick of the clock would. Seen
    // only by reading the file, which the next build does not do: the note taken as the file was
    // kept stands for a check (without it, the edit is found and the file made again).
    await writeFile(file, '{"name":"B"}');
    await utimes(file, written, written);

    const secondSite = await site('second');
    expect((await build(storeDir, secondSite, { 'a.json': '{"name":"A"}' })).counts).toEqual({ reused: 1, made: 0 });
    expect(await readFile(path.join(secondSite, 'a.json'), 'utf8')).toBe('{"name":"B"}');
  });

  it('makes a file again, quietly, when another build removed the kept one', async () => {
    const { storeDir, site } = await folders();
    await build(storeDir, await site('first'), { 'a.json': 'A' });
    for (const name of await readdir(path.join(storeDir, 'files'))) await rm(path.join(storeDir, 'files', name));

    const secondSite = await site('second');
    const second = await build(storeDir, secondSite, { 'a.json': 'A' });
    expect(second.counts).toEqual({ reused: 0, made: 1 });
    expect(second.notes).toEqual([]);
    expect(await readFile(path.join(secondSite, 'a.json'), 'utf8')).toBe('A');
  });

  it('reuses nothing made by other code, says so before any file is asked for, and ignores an unreadable index', async () => {
    const { storeDir, site } = await folders();
    const first = await build(storeDir, await site('first'), { 'a.json': 'A' });
    expect(first.keptByThisCode).toBe(false);
    expect((await build(storeDir, await site('again'), { 'b.json': 'B' })).keptByThisCode).toBe(true);
    const second = await build(storeDir, await site('second'), { 'a.json': 'A' }, 'code v2');
    expect(second.counts).toEqual({ reused: 0, made: 1 });
    expect(second.keptByThisCode).toBe(false);
    expect((await build(storeDir, await site('back'), { 'a.json': 'A' })).keptByThisCode).toBe(false);

    await writeFile(path.join(storeDir, 'manifest.json'), '{"format":3,"body":');
    const third = await build(storeDir, await site('third'), { 'a.json': 'A' }, 'code v2');
    expect(third.counts).toEqual({ reused: 0, made: 1 });
    expect(third.notes.join()).toContain('damaged, and was not used');
  });

  it('removes what a killed build left half-kept, and leaves what a running build is keeping', async () => {
    const { storeDir, site } = await folders();
    await build(storeDir, await site('first'), { 'a.json': 'A' });
    // Above the largest process id Linux hands out (2^22), so no process of this name is running.
    const killed = `${'1'.repeat(64)}.99999999.incoming`;
    const running = `${'2'.repeat(64)}.${process.pid}.incoming`;
    for (const name of [killed, running]) await writeFile(path.join(storeDir, 'files', name), 'a file being kept');

    await build(storeDir, await site('second'), { 'a.json': 'A' });
    const left = await readdir(path.join(storeDir, 'files'));
    expect(left).not.toContain(killed);
    expect(left).toContain(running);
    expect(left).toHaveLength(2); // and a.json's kept file
  });

  it('keeps only the files the last build used', async () => {
    const { storeDir, site } = await folders();
    await build(storeDir, await site('first'), { 'a.json': 'A', 'b.json': 'B', 'c.json': 'C' });
    await build(storeDir, await site('second'), { 'a.json': 'A' });
    expect(await readdir(path.join(storeDir, 'files'))).toHaveLength(1);
    expect((await build(storeDir, await site('third'), { 'a.json': 'A', 'b.json': 'B' })).counts).toEqual({ reused: 1, made: 1 });
  });

  it('keeps a value for the next build that asks for it, under the code that made it, and drops it when a build does not', async () => {
    const { storeDir } = await folders();
    const withValues = async (asked: string[], fingerprint = 'code v1') => {
      const store = await openOutputStore(storeDir, fingerprint);
      const found = asked.map((name) => store.keptValue(store.keyOf(`value ${name}`, [digest(name)])));
      asked.forEach((name, index) => found[index] === undefined && store.keepValue(store.keyOf(`value ${name}`, [digest(name)]), { keys: [name, 'b'] }));
      await store.close();
      return found;
    };
    expect(await withValues(['x', 'y'])).toEqual([undefined, undefined]);
    expect(await withValues(['x', 'y'])).toEqual([{ keys: ['x', 'b'] }, { keys: ['y', 'b'] }]);
    expect(await withValues(['x'], 'code v2')).toEqual([undefined]);
    // The build with code v2 kept only its own value: neither of v1's is left.
    expect(await withValues(['x', 'y'])).toEqual([undefined, undefined]);
  });

  it('keeps bytes a later build reads back, for one build more only when kept again or retained, and never damaged ones', async () => {
    const { storeDir } = await folders();
    const open = () => openOutputStore(storeDir, 'code v1');
    const keyOf = (store: Awaited<ReturnType<typeof open>>, name: string) => store.keyOf(`layout ${name}`, [digest(name)]);
    const first = await open();
    await first.keepBytes(keyOf(first, 'a'), Buffer.from('rows of a'));
    await first.keepBytes(keyOf(first, 'b'), Buffer.from('rows of b'));
    await first.close();

    const second = await open();
    expect(Buffer.from((await second.readKept(keyOf(second, 'a')))!).toString()).toBe('rows of a');
    // Read, not kept again: gone after this build. Retained unread: there for the next.
    expect(second.retain(keyOf(second, 'b'))).toBe(true);
    expect(second.retain(keyOf(second, 'never kept'))).toBe(false);
    await second.close();

    const third = await open();
    expect(await third.readKept(keyOf(third, 'a'))).toBeUndefined();
    expect(Buffer.from((await third.readKept(keyOf(third, 'b')))!).toString()).toBe('rows of b');
    await third.keepBytes(keyOf(third, 'b'), Buffer.from('rows of b'));
    await third.close();

    await writeFile(path.join(storeDir, 'files', keyOf(third, 'b')), 'rows of b, edited');
    const fourth = await open();
    expect(await fourth.readKept(keyOf(fourth, 'b'))).toBeUndefined();
    expect(fourth.notes).toEqual([]);
    await fourth.close();
    expect(fourth.notes.join()).toContain('1 kept output file(s) no longer matched their hash');
  });
});
