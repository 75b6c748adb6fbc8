import { createHash, hash, type Hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, statSync, type BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { DigestFunction } from '../domain/input-digests.ts';

/** The SHA-256 of these bytes (or this text's UTF-8), in hex: how every store checks what it kept. */
export const sha256Hex = (contents: string | Uint8Array): string => createHash('sha256').update(contents).digest('hex');

/** The build's digest of what a record was made from (domain/input-digests.ts), for the full load and a rebuild alike. */
export const inputDigest: DigestFunction = (text) => hash('sha256', text, 'binary');

/**
 * Reads an open file to its end through `buffer`, feeding each hash, and says how many bytes it
 * had. One reused buffer: a buffer per file, a million records' worth of them, kept the collector busy.
 */
export function feedFile(descriptor: number, buffer: Uint8Array, hashes: readonly Hash[]): number {
  let total = 0;
  for (let bytes = readSync(descriptor, buffer); bytes > 0; bytes = readSync(descriptor, buffer)) {
    for (const hash of hashes) hash.update(buffer.subarray(0, bytes));
    total += bytes;
  }
  return total;
}

/** Calls `use` with the open file and its metadata; undefined when the file cannot be opened or read. */
export function withOpenFile<T>(file: string, use: (descriptor: number, stats: BigIntStats) => T): T | undefined {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, 'r');
    return use(descriptor, fstatSync(descriptor, { bigint: true }));
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/**
 * The SHA-256, in hex, of each slice of a file cut into pieces of `sizes` bytes, in order, read a
 * megabyte at a time; undefined when the file cannot be read or is not exactly that long.
 */
export function sha256OfSlices(file: string, sizes: readonly number[]): string[] | undefined {
  return withOpenFile(file, (descriptor, stats) => {
    if (stats.size !== BigInt(sizes.reduce((sum, size) => sum + size, 0))) return undefined;
    const buffer = new Uint8Array(1024 * 1024);
    return sizes.map((size) => {
      const hash = createHash('sha256');
      for (let left = size; left > 0; ) {
        const bytes = readSync(descriptor, buffer, 0, Math.min(left, buffer.length), null);
        if (bytes === 0) throw new Error(`${file} ended early`);
        hash.update(buffer.subarray(0, bytes));
        left -= bytes;
      }
      return hash.digest('hex');
    });
  });
}

/**
 * A file's identity on disk: inode, size and modification time (ns), as a string to compare and
 * store in JSON. Writing to a file, in place or by replacing it, changes it; a store notes the
 * identity of what it has just written and checked, and takes a file that still has it as
 * unchanged without reading it again (as git's index does).
 */
export const fileIdentity = (stats: BigIntStats): string => `${stats.ino}:${stats.size}:${stats.mtimeNs}`;

/**
 * A file modified less than this long before it is checked may be modified again within the same
 * tick of the file system's clock, leaving its modification time unchanged: such a file gets no
 * identity note (git calls this a "racily clean" entry). Two seconds also covers file systems that
 * keep times to the second.
 */
export const settledMs = 2000;

/** The file's identity, or undefined when it was modified too recently to be noted (see `settledMs`). */
export function settledIdentity(stats: BigIntStats): string | undefined {
  return Number(stats.mtimeNs / 1_000_000n) <= Date.now() - settledMs ? fileIdentity(stats) : undefined;
}

/** The identity of the file at `file`, or undefined when there is none. */
export function fileIdentityOf(file: string): string | undefined {
  try {
    return fileIdentity(statSync(file, { bigint: true }));
  } catch {
    return undefined;
  }
}

/** The SHA-256 of these bytes, as 32 bytes: for a digest stored in front of what it checks. */
export const sha256Bytes = (contents: Uint8Array): Buffer => createHash('sha256').update(contents).digest();

/**
 * Writes `pieces` into the open file after `place` bytes left for their digest, then fills that
 * place with `sealOf` the SHA-256 of every piece (exactly `place` bytes): how the stores write a
 * file too large to join into one buffer, with its digest first, so that a reader checks the file
 * before it reads any further. Pieces may be made as they are asked for (a generator); one is
 * written while the next is made: awaited one by one, the writes of the parse cache's save left
 * its thread idle for an eighth of it.
 */
export async function writeDigestFirst(handle: FileHandle, place: number, pieces: Iterable<string | Uint8Array>, sealOf: (digest: Buffer) => Uint8Array): Promise<void> {
  const hash = createHash('sha256');
  let position = place;
  let writing: Promise<void> = Promise.resolve();
  try {
    for (const piece of pieces) {
      hash.update(piece);
      const bytes = typeof piece === 'string' ? Buffer.byteLength(piece) : piece.byteLength;
      const at = position;
      position += bytes;
      await writing;
      writing = writeAt(handle, piece, bytes, at);
    }
  } catch (error) {
    // Pieces that fail to be made leave a write in flight: settled before the error is passed on,
    // so that its own failure is not left unhandled, which would stop the process.
    await writing.catch(() => undefined);
    throw error;
  }
  await writing;
  const seal = sealOf(hash.digest());
  if (seal.byteLength !== place) throw new Error(`a digest of ${seal.byteLength} bytes for a place of ${place}`);
  await writeAt(handle, seal, place, 0);
}

/** Writes all of `contents`, `bytes` long, at `position` in the file. */
async function writeAt(handle: FileHandle, contents: string | Uint8Array, bytes: number, position: number): Promise<void> {
  const { bytesWritten } = typeof contents === 'string' ? await handle.write(contents, position, 'utf8') : await handle.write(contents, 0, bytes, position);
  if (bytesWritten !== bytes) throw new Error(`wrote ${bytesWritten} of ${bytes} bytes`);
}
