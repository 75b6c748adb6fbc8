import { describe, expect, it } from 'vitest';
import { WriteBuffers } from '../../src/emit/write-buffers.ts';

// The data files are written from these buffers: one handed to two files at once would write one
// file's bytes into the other's, and a site with corrupted data files would be published.
describe('the data files’ write buffers', () => {
  it('never hands out a buffer still in use, and each is exactly the length asked for', () => {
    const buffers = new WriteBuffers(1 << 20);
    buffers.give(buffers.take(100_000)); // one given back: the first of the next files takes it, and only that one
    const [first, second, third] = [buffers.take(100_000), buffers.take(90_000), buffers.take(100_000)];
    first.fill(1);
    second.fill(2);
    third.fill(3);
    expect([first.equals(Buffer.alloc(100_000, 1)), second.equals(Buffer.alloc(90_000, 2)), third.equals(Buffer.alloc(100_000, 3))]).toEqual([true, true, true]);
  });

  it('hands a buffer given back to a later file that fits, the smallest that does', () => {
    const buffers = new WriteBuffers(1 << 24);
    const large = buffers.take(3 << 20);
    const small = buffers.take(200_000);
    buffers.give(large);
    buffers.give(small);
    expect(buffers.take(150_000).buffer).toBe(small.buffer);
    expect(buffers.take(2 << 20).buffer).toBe(large.buffer);
    // None given back fits: a new one.
    const fresh = buffers.take(5 << 20);
    expect([large.buffer, small.buffer]).not.toContain(fresh.buffer);
  });

  it('keeps no more given-back bytes than its bound: past it, a buffer is left to the collector', () => {
    const buffers = new WriteBuffers(1 << 20); // room for one buffer of 1 MiB, not two
    const [one, two] = [buffers.take(1 << 20), buffers.take(1 << 20)];
    buffers.give(one);
    buffers.give(two);
    const [again, another] = [buffers.take(1 << 20), buffers.take(1 << 20)];
    expect(again.buffer).toBe(one.buffer);
    expect([one.buffer, two.buffer]).not.toContain(another.buffer);
  });
});
