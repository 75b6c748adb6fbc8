import { closeSync, writeSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { openScratchFile, textReader } from '../kept/scratch-file.ts';
import type { TextsMadeOnce } from '../domain/catalogue.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';

/**
 * Texts that several files of one build publish, each made the first time it is asked for, kept in
 * a scratch file and read back by position after (src/kept/scratch-file.ts): a report's published
 * JSON (report-texts.ts), which its bucket, its landmark's and the NDJSON download all hold, and a
 * landmark's entry in the nearby index, which each of its three levels holds. At a million reports
 * either kind weighs more than the heap would hold, so the texts stay out of it.
 *
 * While the build's heap leaves room, the first texts' batches are held in memory instead of the
 * file (memoryForTexts): the files that publish a report again ask for it out of the order it was
 * made in, one read each. In profiled cold builds at 10k landmarks / 100k reports those 200,000
 * reads took 1.3-1.4 s of the build's thread; held, the texts cost it 0.2 s to take and 0.4 s to
 * allocate (memory first touched is dear on the machine measured).
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

/**
 * The heap in use and the texts held in memory stay under this. A catalogue of 100k reports
 * leaves 258 MiB of heap in use when its files are made, and its report texts take 144 MB: all are
 * held. At a million reports none is, and the texts are read from the file: a full load leaves over
 * 1.2 GB of heap, its process tree near the 2.5 GiB it is kept under (docs/performance.md), and a
 * rebuild that makes every file again from the kept catalogue about 515 MB. That rebuild, holding
 * 250 MB of texts under a mark of 768 MiB, was no faster, its largest process 1.76-1.85 GiB
 * against 1.46-1.70 GiB holding none.
 */
const heapAndTextsBytes = 512 * 2 ** 20;

/** How many bytes of texts a build may hold in memory, given the heap it uses now. */
export const memoryForTexts = (): number => Math.max(0, heapAndTextsBytes - getHeapStatistics().used_heap_size);

/**
 * Texts kept in memory, up to `heldBytes` of them, then in a scratch file in `dir` (created if
 * needed); undefined when none can be opened, and each text is then made whenever asked for.
 */
export function openTextsKept(dir: string, heldBytes = 0): TextsKept | undefined {
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
  // Positions below heldEnd are in the batches held in memory, one batch per batchBytes of
  // positions (its tail unused); the file holds the positions after, from its start.
  const held: Buffer[] = [];
  let heldEnd = 0;
  // The texts made since the last write, from position `written`: read from here until they are written.
  let batch = Buffer.alloc(batchBytes);
  let written = 0;
  let batched = 0;
  let inBatch: { lengths: Uint32Array; position: number }[] = [];
  const flush = () => {
    if (written === heldEnd && heldEnd + batchBytes <= heldBytes) {
      held.push(batch);
      batch = Buffer.allocUnsafe(batchBytes);
      written = heldEnd += batchBytes;
    } else {
      let done = 0;
      try {
        while (done < batched) done += writeSync(descriptor, batch, done, batched - done, written - heldEnd + done);
        written += batched;
      } catch {
        // A full disk: the batch's texts are made again when asked for, as without the file.
        for (const { lengths, position } of inBatch) lengths[position] = 0;
      }
    }
    batched = 0;
    inBatch = [];
  };
  const textAt = (start: number, bytes: number, kind: string): Utf8Bytes => {
    if (start >= written) return batch.toString('latin1', start - written, start - written + bytes) as Utf8Bytes;
    if (start >= heldEnd) return readText(descriptor, start - heldEnd, bytes, `a text made earlier in the build (${kind})`) as Utf8Bytes;
    const offset = start % batchBytes;
    return held[Math.floor(start / batchBytes)]!.toString('latin1', offset, offset + bytes) as Utf8Bytes;
  };
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
      held.length = 0;
      closeSync(descriptor);
    },
  };
}
