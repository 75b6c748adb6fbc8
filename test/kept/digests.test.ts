import { mkdtemp, open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Bytes, writeDigestFirst } from '../../src/kept/digests.ts';

describe('writeDigestFirst', () => {
  it('writes every piece after the place left for the digest, and the digest of them all in that place', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-digests-')), 'written');
    const handle = await open(file, 'w');
    const pieces = ['first line\n', Buffer.from('second, as bytes\n'), 'é and more\n'.repeat(5000)];
    await writeDigestFirst(handle, 32, pieces, (digest) => digest);
    await handle.close();
    const bytes = await readFile(file);
    const body = Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
    expect(bytes.subarray(32)).toEqual(body);
    expect(bytes.subarray(0, 32)).toEqual(sha256Bytes(body));
  });

  it('passes on the error of pieces that fail to be made, with the write before them settled, not left unhandled', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-digests-')), 'written');
    const handle = await open(file, 'w');
    await handle.close(); // every write now fails
    function* pieces() {
      yield 'written in flight\n';
      throw new Error('the second piece could not be made');
    }
    // An unhandled rejection of the write in flight fails the run, whatever this test expects.
    await expect(writeDigestFirst(handle, 32, pieces(), (digest) => digest)).rejects.toThrow('the second piece could not be made');
  });

  it('refuses a seal that does not fill the place left for it', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-digests-')), 'written');
    const handle = await open(file, 'w');
    await expect(writeDigestFirst(handle, 65, ['text\n'], (digest) => Buffer.from(digest.toString('hex')))).rejects.toThrow('a digest of 64 bytes for a place of 65');
    await handle.close();
  });
});
