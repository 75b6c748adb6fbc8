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

/**
 * Texts are written to the scratch file a batch of about this many bytes at a time: a write per
 * text, a million of them at a million reports, took 3.5-4.4 s here where batches take 1.2 s.
 */
const batchBytes = 1024 * 1024;

/** Texts kept in a scratch file in `dir` (created if needed); undefined when none can be opened, and each text is then made whenever asked for. */
export function openTextsKept(dir: string): TextsKept | undefined {
  let descriptor: number;
  try {
    descriptor = openScratchFile(dir, 'texts-made-once');
  } catch {
    return undefined; // only a faster build depends on it
  }
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
  // The texts made since the last write, at the file's end: read from here until they are written.
  const batch = Buffer.alloc(batchBytes);
  let written = 0;
  let batched = 0;
  let inBatch: { lengths: Uint32Array; position: number }[] = [];
  const flush = () => {
    let done = 0;
    try {
      while (done < batched) done += writeSync(descriptor, batch, done, batched - done, written + done);
      written += batched;
    } catch {
      // A full disk: the batch's texts are made again when asked for, as without the file.
      for (const { lengths, position } of inBatch) lengths[position] = 0;
    }
    batched = 0;
    inBatch = [];
  };
  const textAt = (start: number, bytes: number, kind: string) =>
    (start >= written ? batch.toString('latin1', start - written, start - written + bytes) : readText(descriptor, start, bytes, `a text made earlier in the build (${kind})`)) as Utf8Bytes;
  const madeOnce: TextsMadeOnce = (kind, count) => {
    let table = kinds.get(kind);
    // Asked for with another count, a kind names other records: their texts start afresh.
    if (!table || table.starts.length !== count) kinds.set(kind, (table = { starts: new Float64Array(count), lengths: new Uint32Array(count) }));
    const { starts, lengths } = table;
    return (position, make) => {
      if (!open || !(position >= 0 && position < count)) return made(encode(make()));
      if (lengths[position]! > 0) return textAt(starts[position]!, lengths[position]!, kind);
      const bytes = encode(make());
      // A text longer than a batch is not kept: none is, in the data this build makes.
      if (bytes > batchBytes) return made(bytes);
      if (batched + bytes > batchBytes) flush();
      encoded.copy(batch, batched, 0, bytes);
      starts[position] = written + batched;
      lengths[position] = bytes;
      inBatch.push({ lengths, position });
      batched += bytes;
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
