import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copiesInOneBuffer, reusedBufferReads } from '../../src/kept/reused-buffers.ts';

describe('reads into reused buffers', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lcr-reused-buffers-'));
    await writeFile(path.join(dir, 'a'), 'the first file, the longer one');
    await writeFile(path.join(dir, 'b'), 'the second');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('give a file whole, or its first bytes when asked for fewer, and nothing for a missing one', async () => {
    const read = reusedBufferReads(2);
    expect((await read(path.join(dir, 'a')))?.toString()).toBe('the first file, the longer one');
    expect((await read(path.join(dir, 'b'), 7))?.toString()).toBe('the sec');
    expect((await read(path.join(dir, 'b'), 100))?.toString()).toBe('the second');
    expect(await read(path.join(dir, 'missing'))).toBeUndefined();
  });
});

describe('copies into one buffer', () => {
  it('stay as copied when what they were copied from is written over, beyond the copies expected too', () => {
    const copy = copiesInOneBuffer(2);
    const source = Buffer.from('first');
    const copies = [copy(source)];
    source.write('xxxxx');
    // The first copy sized the buffer for two of its length: longer ones need another.
    for (const text of ['second', 'a third, far longer than the first', '4th']) copies.push(copy(Buffer.from(text)));
    expect(copies.map((bytes) => bytes.toString())).toEqual(['first', 'second', 'a third, far longer than the first', '4th']);
  });
});
