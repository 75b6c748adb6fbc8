import { closeSync, writeSync } from 'node:fs';
import { openScratchFile, textReader } from '../kept/scratch-file.ts';
import type { TextsMadeOnce } from '../domain/catalogue.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';

/**
 * Texts that several files of one build publish, each made the first time it is asked for, kept in
 * a scratch file and read back by position after (src/kept/scratch-file.ts): a report's published
 * JSON (report-texts.ts), which its bucket, its landmark's and the NDJSON download all hold, and a
 * landmark's entry in the nearby index, which each of its three levels holds. At a million reports
 * either kind weighs more than the heap would hold, so the texts stay out of it.
 */
export interface TextsKept {
  /** What the catalogue gives the files that publish the texts (Catalogue.madeOnce). */
  madeOnce: TextsMadeOnce;
  close(): void;
}

/** Texts kept in a scratch file in `dir` (created if needed); undefined when none can be opened, and each text is then made whenever asked for. */
export function openTextsKept(dir: string): TextsKept | undefined {
  let descriptor: number;
  try {
    descriptor = openScratchFile(dir, 'texts-made-once');
  } catch {
    return undefined; // only a faster build depends on it
  }
  let end = 0;
  let open = true;
  // Texts are made into one reused buffer as UTF-8, written from it and taken from it as bytes,
  // one character per byte (json-texts.ts). A Buffer per text counts as memory outside the heap:
  // with one each, the text downloads of a million reports took 327 s instead of 171.
  let encoded = Buffer.alloc(64 * 1024);
  const encode = (text: string) => {
    // At most three bytes per UTF-16 code unit.
    if (text.length * 3 > encoded.length) encoded = Buffer.alloc(text.length * 3);
    return encoded.write(text, 'utf8');
  };
  const made = (bytes: number) => encoded.toString('latin1', 0, bytes) as Utf8Bytes;
  const readText = textReader('latin1');
  // For each kind, where each position's text starts and how many bytes it takes; 0 bytes: not made yet.
  const kinds = new Map<string, { starts: Float64Array; lengths: Uint32Array }>();
  const madeOnce: TextsMadeOnce = (kind, count) => {
    let table = kinds.get(kind);
    // Asked for with another count, a kind names other records: their texts start afresh.
    if (!table || table.starts.length !== count) kinds.set(kind, (table = { starts: new Float64Array(count), lengths: new Uint32Array(count) }));
    const { starts, lengths } = table;
    return (position, make) => {
      if (!open || !(position >= 0 && position < count)) return made(encode(make()));
      if (lengths[position]! > 0) return readText(descriptor, starts[position]!, lengths[position]!, `a text made earlier in the build (${kind})`) as Utf8Bytes;
      const bytes = encode(make());
      let written = 0;
      try {
        written = writeSync(descriptor, encoded, 0, bytes, end);
      } catch {
        // A full disk: made again when asked for, as without the file.
      }
      if (written === bytes) {
        starts[position] = end;
        lengths[position] = bytes;
        end += bytes;
      }
      return made(bytes);
    };
  };
  return {
    madeOnce,
    close() {
      if (!open) return;
      open = false;
      closeSync(descriptor);
    },
  };
}
