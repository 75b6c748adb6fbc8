import { writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataStoreOverFiles, type DataStore } from '../api/data-products.ts';
import type { DataFile } from '../api/data-products/product.ts';
import type { OutputStore } from '../kept/output-files.ts';
import type { KeptLines } from './kept-lines.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';
import { WriteBuffers } from './write-buffers.ts';

/** Writes a file below `outDir` at a site path such as `/_data/manifest.json`. */
export async function writeSiteFile(outDir: string, sitePath: string, contents: string | Uint8Array): Promise<void> {
  const target = path.join(outDir, ...sitePath.split('/').filter(Boolean));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, contents);
}

/**
 * Writes data files into the site being built, as they are made, or as a previous build made them
 * when `store` kept a file made from the same records. With `lines`, a keyed-records file made
 * again copies the lines of its records that did not change from the file the last build made.
 */
export async function emitDataFiles(dataFiles: Iterable<DataFile>, outDir: string, store?: OutputStore, lines?: KeptLines): Promise<void> {
  let textInFlight = 0;
  const buffers = new WriteBuffers(keptBufferBytes);
  /** Files waiting for text in flight to be written before they make their own. */
  const textWritten: (() => void)[] = [];
  // Each folder made once, not once per file: 11,600 calls took a second of a profiled cold build.
  const folders = new Map<string, Promise<unknown>>();
  const folderOf = (target: string) => {
    const folder = path.dirname(target);
    let made = folders.get(folder);
    if (!made) folders.set(folder, (made = mkdir(folder, { recursive: true })));
    return made;
  };
  const emit = async ({ sitePath, contents, madeFrom }: DataFile) => {
    const key = store && madeFrom ? store.keyOf(sitePath, madeFrom()) : undefined;
    const target = path.join(outDir, ...sitePath.split('/').filter(Boolean));
    if (key !== undefined && (await store!.reuse(key, target))) {
      lines?.reused(sitePath, key);
      return;
    }
    const source = key !== undefined ? await lines?.source(sitePath, key) : undefined;
    // Made only while little text is in flight: every file started waits here, not only the next
    // one the loop starts, since up to 64 are past their reuse check at once. Nothing waited for
    // here waits in turn: the text in flight is being written.
    while (textInFlight > textInFlightLimit) await new Promise<void>((resolve) => textWritten.push(resolve));
    let text: ReturnType<DataFile['contents']>;
    try {
      text = contents(source);
    } finally {
      // The last build's file is let go of, also when the contents could not be made: the next file waits for it.
      source?.made();
    }
    const length = typeof text === 'string' ? text.length : text.reduce((sum, piece) => sum + piece.length, 0);
    textInFlight += length;
    // Encoded once, for the file and for the store's hash, which would encode the text again.
    const bytes = typeof text === 'string' ? utf8Into(buffers, text) : bytesOfPieces(buffers, text, length);
    try {
      await folderOf(target);
      if (bytes.byteLength <= mostBytesWrittenAtOnce) writeFileSync(target, bytes);
      else await writeFile(target, bytes);
      if (key !== undefined) await store!.keep(key, target, bytes);
    } finally {
      // Nothing reads the bytes once the file is written and kept, nor after either failed.
      buffers.give(bytes);
      textInFlight -= length;
      for (const resolve of textWritten.splice(0)) resolve();
    }
  };
  // Bounded concurrency: enough to keep the disk busy without holding thousands of files at once
  // (their text is bounded where each is made, above: at a million reports a file of the nearby
  // index's coarse levels is 4 MB, and a level's 32 files could all be in flight at once). A new
  // file starts as soon as one is done, not when a whole batch is: waiting for a batch's slowest
  // write left this thread idle for a third of the time it spent on data files.
  let running = 0;
  let failure: { error: unknown } | undefined;
  // The loop waits on one promise, woken by the next file done. It raced every file in flight
  // instead, which gave each of them a reaction per file started after it: some 64 per file, a
  // million at a million reports, and all but one of them a promise resolved twice. In profiles,
  // the data files and the downloads beside them took 3.0 s of a one-report rebuild's thread at
  // 100k / 1M instead of 6.8, and 7.05 s of a cold build's at 10k / 100k instead of 8.8.
  let wake: (() => void) | undefined;
  const settled = () => {
    running--;
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const nextSettled = () => new Promise<void>((resolve) => (wake = resolve));
  try {
    for (const file of dataFiles) {
      while (failure === undefined && running >= filesInFlight) await nextSettled();
      if (failure !== undefined) break;
      running++;
      emit(file).then(settled, (error: unknown) => {
        failure ??= { error };
        settled();
      });
    }
  } finally {
    // Nothing may still be writing into the site when this returns, nor when the caller removes it after a failure.
    while (running > 0) await nextSettled();
  }
  if (failure !== undefined) throw failure.error;
}

/**
 * UTF-8 bytes given in pieces of one character per byte, copied one after another into a buffer.
 * Joined into one string first, each bucket file of a million reports was a string of hundreds of
 * kilobytes, twice (joined, then flattened with its newline), which the collector frees only in a
 * full collection: at the build's peak of memory, gigabytes of them grew the heap toward its limit.
 */
function bytesOfPieces(buffers: WriteBuffers, pieces: readonly Utf8Bytes[], length: number): Buffer {
  const bytes = buffers.take(length);
  let offset = 0;
  for (const piece of pieces) offset += bytes.latin1Write(piece, offset);
  return bytes;
}

/** A text's UTF-8 bytes, in a buffer of `buffers`. */
function utf8Into(buffers: WriteBuffers, text: string): Buffer {
  const bytes = buffers.take(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 0, 'utf8');
  return bytes;
}

/**
 * Files up to this size are written on this thread, at once. Most data files are a few dozen
 * kilobytes, and writing one to the page cache takes less than its open, write and close handed to
 * Node's thread pool in turn, each waking a thread and taking its answer back on this one; a
 * larger file is written there, while this thread makes the next ones.
 */
const mostBytesWrittenAtOnce = 256 * 1024;
const filesInFlight = 64;
/** Characters of text written at once, about 32 MB. */
const textInFlightLimit = 32 * 2 ** 20;
/**
 * Bytes of given-back write buffers kept for later files. In flight at once are the limit above
 * plus the file that passed it, each in a buffer up to twice its bytes. Kept to the limit alone,
 * the buffers of a million reports' largest files (4-6 MB, in 8 MB buffers) were dropped and
 * allocated again: 494 MB in 172 buffers for the data files of a build after `npm run validate`;
 * kept to four times it, 204 MB in 117.
 */
const keptBufferBytes = 4 * textInFlightLimit;

/** The data store over a built site's files, as the Worker reads them (the build runs operations on it for examples). */
export function builtDataStore(siteDir: string): DataStore {
  return dataStoreOverFiles((sitePath) => readFile(path.join(siteDir, ...sitePath.split('/').filter(Boolean))));
}
