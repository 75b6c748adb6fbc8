import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopiesInOneBuffer, ReusedBuffer, reusedBufferReads } from '../../src/kept/reused-buffers.ts';

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
  it('stay as copied when what they were copied from is written over, each of its type, and past the buffer too', () => {
    const copies = new CopiesInOneBuffer(64);
    const read = Buffer.alloc(64);
    const text = copies.bytes(read.fill('a', 0, 5).subarray(0, 5));
    // After 5 bytes: a Float64Array's copy must start at a multiple of 8 to be a view of the buffer.
    const times = copies.typed(new Float64Array([1.5, -2]));
    const ends = copies.typed(new Uint32Array([7, 8, 9]));
    // 5 + 3 (aligned) + 16 + 12 bytes used of 64: this one does not fit, and is a copy of its own.
    const large = copies.typed(new Int32Array(10).fill(-1));
    read.fill('x');
    expect(text.toString()).toBe('aaaaa');
    expect([times instanceof Float64Array, [...times]]).toEqual([true, [1.5, -2]]);
    expect([ends instanceof Uint32Array, [...ends]]).toEqual([true, [7, 8, 9]]);
    expect([large instanceof Int32Array, [...large]]).toEqual([true, new Array(10).fill(-1)]);
    expect(times.buffer).toBe(ends.buffer);
    expect(large.buffer).not.toBe(ends.buffer);
  });
});

describe('a reused buffer', () => {
  it('keeps what was written as it grows, says where each text ends, and starts again when emptied', () => {
    const buffer = new ReusedBuffer();
    // Longer than the buffer's first megabyte together: it grows while written to.
    const texts = ['Façade', 'x'.repeat(700_000), '清水寺 🏗️', 'y'.repeat(700_000)];
    const ends = texts.map((text, index) => buffer.write(text, 'utf8', index, texts.length));
    const bytes = Buffer.from(buffer.bytes());
    expect(texts.map((_, index) => bytes.toString('utf8', index === 0 ? 0 : ends[index - 1], ends[index]))).toEqual(texts);
    buffer.empty();
    expect(buffer.write('\ud800 alone', 'utf16le', 0, 1)).toBe(14);
    expect(Buffer.from(buffer.bytes()).toString('utf16le')).toBe('\ud800 alone');
  });
});
