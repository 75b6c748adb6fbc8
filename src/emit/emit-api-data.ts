import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataStoreOver, type DataStore } from '../api/data-products.ts';
import type { DataFile } from '../api/data-products/product.ts';
import type { OutputStore } from '../kept/output-files.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';

/** Writes a file below `outDir` at a site path such as `/_data/landmarks/0.json`. */
export async function writeSiteFile(outDir: string, sitePath: string, contents: string | Uint8Array): Promise<void> {
  const target = path.join(outDir, ...sitePath.split('/').filter(Boolean));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, contents);
}

/**
 * Writes data files into the site being built, as they are made, or as a previous build made them
 * when `store` kept a file made from the same records. One at a time, each written at once: a
 * file is made on this thread anyway, and written through Node's pool of I/O threads (64 at once,
 * each an open, a write and a close), the 11,600 files of a cold build kept this thread busier
 * than writing them itself, while the pool's threads took the second core from the database's
 * thread (performance-history.md, "Data files written at once").
 */
export async function emitDataFiles(dataFiles: Iterable<DataFile>, outDir: string, store?: OutputStore): Promise<void> {
  // Each folder made once, not once per file: 11,600 calls took a second of a profiled cold build.
  const folders = new Set<string>();
  for (const { sitePath, contents, madeFrom } of dataFiles) {
    const key = store && madeFrom ? store.keyOf(sitePath, madeFrom()) : undefined;
    const target = path.join(outDir, ...sitePath.split('/').filter(Boolean));
    if (key !== undefined && (await store!.reuse(key, target))) continue;
    const text = contents();
    // Encoded once, for the file and for the store's hash, which would encode the text again.
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : bytesOfPieces(text);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileSync(target, bytes);
    if (key !== undefined) await store!.keep(key, target, bytes);
  }
}

/**
 * UTF-8 bytes given in pieces of one character per byte, copied one after another into a buffer.
 * Joined into one string first, each bucket file of a million reports was a string of hundreds of
 * kilobytes, twice (joined, then flattened with its newline), which the collector frees only in a
 * full collection: at the build's peak of memory, gigabytes of them grew the heap toward its limit.
 */
function bytesOfPieces(pieces: readonly Utf8Bytes[]): Buffer {
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const piece of pieces) offset += bytes.latin1Write(piece, offset);
  return bytes;
}

/** The data store over a built site's files, as the Worker reads them (the build runs operations on it for examples). */
export function builtDataStore(siteDir: string): DataStore {
  return dataStoreOver(async <T>(sitePath: string) => JSON.parse(await readFile(path.join(siteDir, ...sitePath.split('/').filter(Boolean)), 'utf8')) as T);
}
