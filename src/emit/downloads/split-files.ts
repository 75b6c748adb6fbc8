import { createHash } from 'node:crypto';
import { link, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { partFileName } from '../../formats/download-resources.ts';
import type { DigestList } from '../../domain/input-digests.ts';
import type { KeptPart } from '../../kept/database.ts';
import { fileIdentityOf } from '../../kept/digests.ts';
import type { OutputStore } from '../../kept/output-files.ts';
import type { Utf8Bytes } from '../../domain/json-texts.ts';
import { lastRunOf, runLayout, type LastRun } from './run-rows.ts';

/**
 * Writes a download as one file, or, when it is larger than the size limit, as numbered parts that
 * concatenate, in order, back into exactly the whole file (the Data Package rule for a resource
 * with several paths). Each file's hash is computed while writing it, or kept with it. A split
 * download has no hash of its whole: that meant reading every byte of it again on a rebuild that
 * changed one part (see WrittenDownload).
 */

export interface WrittenFile {
  /** File name inside the downloads folder. */
  fileName: string;
  bytes: number;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
}

/** A download's files with their sizes, known before their hashes: what the download page lists. */
export interface ListedDownload {
  files: Omit<WrittenFile, 'sha256'>[];
  bytes: number;
}

/**
 * A download's files, each with its hash, and the size of the whole. The whole of a split download
 * is not hashed: at a million reports the split downloads are 5.5 GB, which a one-report rebuild
 * that rewrote a few parts read again for their wholes (3 s of its CPU even with the parts before
 * the change read ahead, and a thread of code). Each part's hash checks its share of the whole.
 */
export interface WrittenDownload {
  /** The files in order: one when the download was not split. */
  files: WrittenFile[];
  /** Size of the whole download, the concatenation of its files. */
  bytes: number;
}

/** Writes parts one after another, hashing each as it goes, or links a kept file with the same bytes. */
function partWriter(dir: string, kept: readonly (KeptPart | undefined)[]) {
  const files: WrittenFile[] = [];
  let total = 0;
  let keptBytes: Buffer | undefined;
  /** Whether `bytes` are those of `part`, still the file it was when kept. */
  const sameAsKept = async (part: KeptPart, bytes: Buffer): Promise<boolean> => {
    if (fileIdentityOf(part.file) !== part.identity) return false;
    const handle = await open(part.file).catch(() => undefined);
    if (!handle) return false;
    try {
      if ((await handle.stat()).size !== bytes.length) return false;
      // One buffer for every part compared: they are all the same size but the last.
      const into = keptBytes && keptBytes.length >= bytes.length ? keptBytes : (keptBytes = Buffer.allocUnsafe(bytes.length));
      const { bytesRead } = await handle.read(into, 0, bytes.length, 0);
      return bytesRead === bytes.length && into.subarray(0, bytesRead).equals(bytes);
    } finally {
      await handle.close();
    }
  };
  return {
    /** Writes `bytes` as the next part, named `name`; they must stay as they are until it resolves. */
    async writePart(bytes: Buffer, name: string): Promise<void> {
      const keptPart = kept[files.length];
      total += bytes.length;
      if (keptPart && (await sameAsKept(keptPart, bytes))) {
        const linked = await link(keptPart.file, path.join(dir, name)).then(
          () => true,
          () => false, // written below
        );
        if (linked) {
          files.push({ fileName: name, bytes: bytes.length, sha256: keptPart.sha256 });
          return;
        }
      }
      // Written in Node's thread pool while this thread hashes the bytes.
      const writing = writeFile(path.join(dir, name), bytes);
      files.push({ fileName: name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      await writing;
    },
    written: (): WrittenDownload => ({ files, bytes: total }),
  };
}

/**
 * One table's rows in a text download, with the text around them: a CSV header, the brackets of a
 * JSON array. The rows' texts are made only for the parts that cannot be reused. Every text of a
 * section is UTF-8 bytes, one character per byte (json-texts.ts): a part is written by copying them.
 */
export interface TextSection {
  /** Written before the first row. */
  head: Utf8Bytes;
  /** Written after the last row. */
  tail: Utf8Bytes;
  count: number;
  /** The row's text; `last` is for JSON, whose last element takes no comma. */
  rowText(index: number, last: boolean): Utf8Bytes;
  /** The runs of rows [start, end) that make the parts (downloadPartRuns); without, text is cut by size only. */
  runs?: readonly (readonly [number, number])[];
  /** The input digests of the rows' records: a part made from rows that kept theirs is reused. */
  digests?: DigestList | undefined;
  /** The hash of the key a row is cut at (TableRows.keyHashAt): a run's first row names it from one build to the next. */
  keyHashAt?: ((index: number) => number) | undefined;
}

export interface TextDownloadOptions {
  /** The size limit of one file. */
  maxBytes: number;
  store?: OutputStore | undefined;
  /** What to write in (textBuffers), shared by the downloads a build writes one after another. */
  buffers: TextBuffers;
}

/**
 * The buffers writeTextDownload fills its pieces in (two: one holds the piece handed on last while
 * the other is filled) and reads a run's last pieces into. Each is grown once, when a piece does not
 * fit, to the largest a piece can be (the limit of a file). Memory outside the heap is what V8
 * answers with full collections, one for every 64 MB allocated since the last: made for each
 * download and grown by doubling, they were 170–360 MB of it in a one-report rebuild at a million
 * reports, three to six collections of an 800 MB heap.
 */
export interface TextBuffers {
  filling: [Buffer, Buffer];
  lastRun: Buffer;
}

export const textBuffers = (): TextBuffers => ({ filling: [Buffer.allocUnsafe(64 * 1024), Buffer.allocUnsafe(64 * 1024)], lastRun: Buffer.allocUnsafe(0) });

/** A piece of a download: a run of rows' text, or part of one, that a file of the download holds whole. */
export interface Piece {
  /** Where the piece waits, in the downloads folder, until it gets its final name. */
  file: string;
  bytes: number;
  sha256: string;
}

/**
 * Links the pieces the last build kept for a run (`pieceKey` of each, the last one's saying it ends
 * the run), in order, each to a file `nextPieceFile` names; undefined, with nothing left behind,
 * unless every piece up to the one that ends the run was kept intact.
 */
export async function reusePieces(
  store: OutputStore,
  pieceKey: (index: number, ends: boolean) => string,
  nextPieceFile: () => string,
): Promise<{ pieces: Piece[]; keys: string[] } | undefined> {
  const pieces: Piece[] = [];
  const keys: string[] = [];
  /** Links the piece kept under `key`; false when none is kept intact. */
  const take = async (key: string): Promise<boolean> => {
    const file = nextPieceFile();
    const kept = await store.reuse(key, file);
    if (kept === undefined) return false;
    pieces.push({ file, ...kept });
    keys.push(key);
    return true;
  };
  for (let index = 0; ; index++) {
    if (await take(pieceKey(index, true))) return { pieces, keys };
    if (!(await take(pieceKey(index, false)))) {
      await Promise.all(pieces.map((piece) => rm(piece.file, { force: true })));
      return undefined;
    }
  }
}

/**
 * Writes a text download from its sections. Each run of rows (downloadPartRuns) becomes a piece,
 * or several when it exceeds the size limit (cut between rows, never inside one). A run's pieces
 * are linked from the output store when the last build made them from rows with the same digests,
 * and made otherwise. Pieces that fit in one file together are joined into it; otherwise each is a
 * numbered part. Text is encoded a piece at a time: a million small encodes and hash updates cost
 * more than the rest of the work.
 */
export async function writeTextDownload(dir: string, fileName: string, sections: readonly TextSection[], options: TextDownloadOptions): Promise<WrittenDownload> {
  const { maxBytes, store } = options;
  const pieces: Piece[] = [];
  let pieceFiles = 0;
  const nextPieceFile = () => path.join(dir, `.${fileName}.piece-${pieceFiles++}`);

  const writePiece = async (bytes: Uint8Array): Promise<Piece> => {
    const piece = { file: nextPieceFile(), bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    await writeFile(piece.file, bytes);
    pieces.push(piece);
    return piece;
  };

  // Pieces are filled in two buffers, reused from piece to piece and grown to the largest: one
  // holds the piece handed on last (`held` in writeRun) while the other is filled. A string and a
  // buffer per piece, up to 25 MiB each and hundreds of them at a million reports, kept the
  // collector marking the whole heap again and again (36 s of a 54 s stage).
  const shared = options.buffers;
  const buffers = shared.filling;
  let filling = 0;

  /**
   * Writes the chunks as pieces of at most maxBytes, and hands each to `written` with its bytes,
   * its number in the run and whether it ends the run (known only once the next chunk is seen).
   */
  const writeRun = async (chunks: Iterable<Chunk>, written: (piece: Piece, bytes: Uint8Array, index: number, ends: boolean) => Promise<void>) => {
    let pendingBytes = 0;
    let count = 0;
    let held: { piece: Piece; bytes: Uint8Array; index: number } | undefined;
    const flush = async () => {
      if (held) await written(held.piece, held.bytes, held.index, false);
      const bytes = buffers[filling]!.subarray(0, pendingBytes);
      filling = 1 - filling;
      held = { piece: await writePiece(bytes), bytes, index: count++ };
      pendingBytes = 0;
    };
    for (const chunk of chunks) {
      const bytes = chunk.length;
      if (bytes > maxBytes) {
        throw new Error(
          `${fileName}: one record takes ${bytes} bytes, more than the ${maxBytes}-byte limit of a download file; ` +
            'records are never cut, so raise the limit (maxFileBytes) or shorten the record',
        );
      }
      if (pendingBytes > 0 && pendingBytes + bytes > maxBytes) await flush();
      let buffer = buffers[filling]!;
      if (pendingBytes + bytes > buffer.length) {
        // Straight to the largest a piece can be (see TextBuffers).
        const grown = Buffer.allocUnsafe(maxBytes);
        buffer.copy(grown, 0, 0, pendingBytes);
        buffers[filling] = buffer = grown;
      }
      if (typeof chunk === 'string') buffer.write(chunk, pendingBytes, 'latin1');
      else buffer.set(chunk, pendingBytes);
      pendingBytes += bytes;
    }
    if (pendingBytes > 0 || count === 0) await flush();
    await written(held!.piece, held!.bytes, held!.index, true);
  };

  /** The last build's run kept under `address`, from its layout and pieces (run-rows.ts), read into one buffer reused from run to run; undefined when it is not kept whole. */
  const lastRun = async (address: string): Promise<LastRun | undefined> => {
    const kept = store!.keptValue(address) as KeptRun | undefined;
    const layout = kept && (await store!.readKept(kept.layout));
    if (!kept || !layout) return undefined;
    let length = 0;
    /** Room for a piece of `size` bytes after those read so far: grown, with them, when there is none. */
    const room = (size: number) => {
      if (length + size > shared.lastRun.length) {
        const grown = Buffer.allocUnsafe(Math.max(length + size, maxBytes));
        shared.lastRun.copy(grown, 0, 0, length);
        shared.lastRun = grown;
      }
      return shared.lastRun.subarray(length);
    };
    for (const key of kept.pieces) {
      const bytes = await store!.readKept(key, room);
      if (!bytes) return undefined;
      length += bytes.length;
    }
    return lastRunOf(layout, shared.lastRun.subarray(0, length));
  };

  for (const [sectionIndex, section] of sections.entries()) {
    for (const [start, end] of section.runs ?? [[0, section.count]]) {
      const first = start === 0;
      const last = end === section.count;
      const { digests, keyHashAt } = section;
      // Everything that shapes a piece besides its rows' digests and the code (which the store adds).
      const role = `${fileName} section ${sectionIndex}${first ? ' first' : ''}${last ? ' last' : ''} limit ${maxBytes}`;
      if (!store || !digests) {
        await writeRun(runChunks(section, start, end), async () => {});
        continue;
      }
      const pieceKey = (index: number, ends: boolean) => store.keyOf(`${role} piece ${index}${ends ? ' ends the run' : ''}`, [digests.range(start, end)]);
      const layoutKey = store.keyOf(`${role} layout`, [digests.range(start, end)]);
      // Where the run is found from one build to the next, whatever its rows became: its role and first row.
      const address = keyHashAt ? store.keyOf(`${role} run starting at`, [new Uint8Array(Uint32Array.of(keyHashAt(start)).buffer)]) : undefined;
      const reused = await reusePieces(store, pieceKey, nextPieceFile);
      if (reused) {
        pieces.push(...reused.pieces);
        // The run's layout goes on with its pieces, for the build in which some of its rows change.
        if (address && store.retain(layoutKey)) store.keepValue(address, { layout: layoutKey, pieces: reused.keys } satisfies KeptRun);
        continue;
      }
      const copied = address ? await lastRun(address) : undefined;
      const lengths = new Uint32Array(end - start);
      const keys: string[] = [];
      await writeRun(runChunks(section, start, end, copied, lengths), async (piece, bytes, index, ends) => {
        keys.push(pieceKey(index, ends));
        await store.keep(keys.at(-1)!, piece.file, bytes, piece.sha256);
      });
      if (!address) continue;
      const lastRow = last ? end - 1 - start : undefined;
      await store.keepBytes(layoutKey, runLayout(first ? section.head.length : 0, digests.range(start, end), lengths, lastRow));
      store.keepValue(address, { layout: layoutKey, pieces: keys } satisfies KeptRun);
    }
  }
  return nameThePieces(dir, fileName, pieces, maxBytes);
}

/** What the output store keeps of a run under its address: the keys of its layout and of its pieces, in order. */
interface KeptRun {
  layout: string;
  pieces: string[];
}

/** A run's text, a part at a time: UTF-8 bytes as a string of one character per byte, or as bytes. */
type Chunk = Utf8Bytes | Uint8Array;

/**
 * The run's texts in order: its section's head and tail where it has them, and each row's text,
 * copied from the last build's run when that made it from the same digest, else made. Each row's
 * length goes into `lengths` (for the run's layout).
 */
function* runChunks(section: TextSection, start: number, end: number, copied?: LastRun, lengths?: Uint32Array): Generator<Chunk> {
  if (start === 0) yield section.head;
  for (let index = start; index < end; index++) {
    const lastOfSection = index === section.count - 1;
    const text = (!lastOfSection && copied?.rowText(section.digests!.at(index))) || section.rowText(index, lastOfSection);
    if (lengths) lengths[index - start] = text.length;
    yield text;
  }
  if (end === section.count) yield section.tail;
}

/** One file when the pieces fit in one together, hashed here; else each piece as a numbered part, hashed when it was made. */
export async function nameThePieces(dir: string, fileName: string, pieces: readonly Piece[], maxBytes: number): Promise<WrittenDownload> {
  const bytes = pieces.reduce((sum, piece) => sum + piece.bytes, 0);
  if (bytes <= maxBytes) {
    const target = path.join(dir, fileName);
    let sha256 = pieces[0]?.sha256 ?? createHash('sha256').digest('hex');
    if (pieces.length === 1) await rename(pieces[0]!.file, target);
    else {
      const joined = Buffer.concat(await Promise.all(pieces.map((piece) => readFile(piece.file))));
      sha256 = createHash('sha256').update(joined).digest('hex');
      await writeFile(target, joined);
    }
    await Promise.all(pieces.map((piece) => rm(piece.file, { force: true })));
    return { files: [{ fileName, bytes, sha256 }], bytes };
  }
  const files: WrittenFile[] = pieces.map((piece, index) => ({ fileName: partFileName(fileName, index + 1), bytes: piece.bytes, sha256: piece.sha256 }));
  await Promise.all(pieces.map((piece, index) => rename(piece.file, path.join(dir, files[index]!.fileName))));
  return { files, bytes };
}

/**
 * The files a binary download of `size` bytes is cut into: slices of `maxBytes` in order, or one
 * file of the plain name when it fits in one. Known as soon as the file is written, before it is
 * cut and hashed: the download page lists them meanwhile.
 */
export function binaryParts(fileName: string, size: number, maxBytes: number): ListedDownload {
  if (size <= maxBytes) return { files: [{ fileName, bytes: size }], bytes: size };
  const files = Array.from({ length: Math.ceil(size / maxBytes) }, (_, index) => ({ fileName: partFileName(fileName, index + 1), bytes: Math.min(maxBytes, size - index * maxBytes) }));
  return { files, bytes: size };
}

/**
 * Copies a binary file (the SQLite database) into the downloads as the files of `parts`
 * (binaryParts). A part with the bytes of the `kept` file in its place is linked to it, neither
 * written nor hashed (src/kept/database.ts).
 */
export async function copyBinaryDownload(sourceFile: string, dir: string, parts: ListedDownload, kept: readonly (KeptPart | undefined)[] = []): Promise<WrittenDownload> {
  const writer = partWriter(dir, kept);
  const handle = await open(sourceFile);
  try {
    const { size } = await handle.stat();
    if (size !== parts.bytes) throw new Error(`${sourceFile}: ${size} bytes, not the ${parts.bytes} it was listed with; was it changed while the build ran?`);
    // Two buffers: the next part is read into one while the other is compared, or written and hashed.
    const largest = Math.max(...parts.files.map((part) => part.bytes));
    const buffers = [Buffer.allocUnsafe(largest), Buffer.allocUnsafe(largest)];
    const readPart = async (offset: number, length: number, buffer: Buffer) => {
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      if (bytesRead !== length) throw new Error(`${sourceFile}: expected ${length} bytes at offset ${offset}, read ${bytesRead}; was it changed while the build ran?`);
      return buffer.subarray(0, length);
    };
    // A read that fails while the part before is written is reported when it is awaited, not as unhandled meanwhile.
    const started = (read: Promise<Buffer>) => (read.catch(() => {}), read);
    let offset = 0;
    let reading = started(readPart(0, parts.files[0]!.bytes, buffers[0]!));
    for (const [index, part] of parts.files.entries()) {
      const bytes = await reading;
      offset += part.bytes;
      const next = parts.files[index + 1];
      if (next) reading = started(readPart(offset, next.bytes, buffers[(index + 1) % 2]!));
      await writer.writePart(bytes, part.fileName);
    }
  } finally {
    await handle.close();
  }
  return writer.written();
}
