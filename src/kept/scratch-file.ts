import { closeSync, mkdirSync, openSync, readSync, unlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Scratch files that hold texts for the length of one build, read back by position: the parse
 * workers' report bodies (src/load/body-spool.ts) and the texts several files publish, such as each
 * report's published JSON (src/emit/texts-made-once.ts). At a million reports either weighs
 * gigabytes, which the heap would not hold.
 *
 * A scratch file is unlinked as soon as it is opened: it vanishes with the process, however it
 * ends, and holds no disk once its descriptor is closed. Nothing reads it in a later build.
 */

/** Opens a new scratch file in `dir` (made if needed), named after `label` while it has a name; its descriptor. */
export function openScratchFile(dir: string, label: string): number {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `.${label}-${process.pid}-${Date.now()}`);
  const descriptor = openSync(file, 'wx+');
  try {
    unlinkSync(file);
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
  return descriptor;
}

/** How much a reader reads ahead once texts are asked for in the order they lie in the file. */
const readAhead = 256 * 1024;

/**
 * A reader of texts by position through one buffer, grown to the longest text read: a Buffer per
 * text counts as memory outside the heap, which V8 answers with full collections (at a million
 * reports they came two to three times as often, each marking a 1.2 GB heap). A text is decoded
 * from UTF-8, or, with 'latin1', taken as its bytes, one character per byte.
 *
 * A text that starts where the last one read ended is read with the next 256 KiB of its file, from
 * which the texts after it are then taken: the downloads ask for every report in the order the
 * texts were written, and a read per text cost more than the rest of the reading. Scratch files
 * are only appended to, so bytes read ahead never change.
 */
export function textReader(encoding: 'utf8' | 'latin1' = 'utf8'): (descriptor: number, start: number, bytes: number, what: string) => string {
  let buffer = Buffer.alloc(readAhead);
  // The buffer holds the bytes [from, to) of the file `held`; the last text read ended at `lastEnd`.
  let held = -1;
  let from = 0;
  let to = 0;
  let lastEnd = -1;
  return (descriptor, start, bytes, what) => {
    const end = start + bytes;
    if (descriptor !== held || start < from || end > to) {
      const wanted = descriptor === held && start === lastEnd ? Math.max(bytes, readAhead) : bytes;
      if (wanted > buffer.length) buffer = Buffer.alloc(wanted);
      let done = 0;
      while (done < bytes) {
        const got = readSync(descriptor, buffer, done, wanted - done, start + done);
        if (got === 0) throw new Error(`a file the build reads from ended early reading ${what}: was it changed while the build ran?`);
        done += got;
      }
      [held, from, to] = [descriptor, start, start + done];
    }
    lastEnd = end;
    return buffer.toString(encoding, start - from, end - from);
  };
}

/** The position of `key` among `count` keys sorted ascending, each read by `keyAt`; -1 when it is not among them. */
export function sortedPosition(count: number, keyAt: (index: number) => string, key: string): number {
  let low = 0;
  let high = count - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = keyAt(middle);
    if (found === key) return middle;
    if (found < key) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
