import { createHash } from 'node:crypto';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { partFileName } from '../../domain/download-resources.ts';

/**
 * Writes a download as one file, or, when it is larger than the size limit, as numbered parts that
 * concatenate, in order, back into exactly the whole file (the Data Package rule for a resource
 * with several paths). Hashes are computed while writing, so nothing is read back.
 */

export interface WrittenFile {
  /** File name inside the downloads folder. */
  fileName: string;
  bytes: number;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
}

export interface WrittenDownload {
  /** The files in order: one when the download was not split. */
  files: WrittenFile[];
  /** Size and hash of the whole download, the concatenation of its files. */
  bytes: number;
  sha256: string;
}

/** Writes parts one after another, hashing each and the whole as they go. */
function partWriter(dir: string, fileName: string) {
  const whole = createHash('sha256');
  const files: WrittenFile[] = [];
  let total = 0;
  return {
    async writePart(bytes: Buffer): Promise<void> {
      const name = partFileName(fileName, files.length + 1);
      await writeFile(path.join(dir, name), bytes);
      whole.update(bytes);
      total += bytes.length;
      files.push({ fileName: name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    },
    async finish(): Promise<WrittenDownload> {
      if (files.length === 0) await this.writePart(Buffer.alloc(0));
      if (files.length === 1) {
        // Not split after all: the single part takes the plain name.
        await rename(path.join(dir, files[0]!.fileName), path.join(dir, fileName));
        files[0] = { ...files[0]!, fileName };
      }
      return { files, bytes: total, sha256: whole.digest('hex') };
    },
  };
}

/**
 * Writes text made of chunks that must stay whole (a line of NDJSON, a CSV row with its quoted line
 * breaks), so that every part of a split file ends at a record boundary. Chunks are only measured
 * as they come and encoded a part at a time: a million small encodes and hash updates cost more
 * than the rest of the work.
 */
export async function writeTextDownload(dir: string, fileName: string, chunks: Iterable<string>, maxBytes: number): Promise<WrittenDownload> {
  const writer = partWriter(dir, fileName);
  let pending: string[] = [];
  let pendingBytes = 0;
  for (const chunk of chunks) {
    const bytes = Buffer.byteLength(chunk, 'utf8');
    if (bytes > maxBytes) {
      throw new Error(
        `${fileName}: one record takes ${bytes} bytes, more than the ${maxBytes}-byte limit of a download file; ` +
          'records are never cut, so raise the limit (maxFileBytes) or shorten the record',
      );
    }
    if (pendingBytes > 0 && pendingBytes + bytes > maxBytes) {
      await writer.writePart(Buffer.from(pending.join(''), 'utf8'));
      pending = [];
      pendingBytes = 0;
    }
    pending.push(chunk);
    pendingBytes += bytes;
  }
  if (pendingBytes > 0) await writer.writePart(Buffer.from(pending.join(''), 'utf8'));
  return writer.finish();
}

/** Moves a binary file (the SQLite database) into the downloads, cut into parts where needed. */
export async function moveBinaryDownload(sourceFile: string, dir: string, fileName: string, maxBytes: number): Promise<WrittenDownload> {
  const writer = partWriter(dir, fileName);
  const handle = await open(sourceFile);
  try {
    const { size } = await handle.stat();
    for (let offset = 0; offset < size; offset += maxBytes) {
      const length = Math.min(maxBytes, size - offset);
      const slice = Buffer.alloc(length);
      const { bytesRead } = await handle.read(slice, 0, length, offset);
      if (bytesRead !== length) throw new Error(`${sourceFile}: expected ${length} bytes at offset ${offset}, read ${bytesRead}; was it changed while the build ran?`);
      await writer.writePart(slice);
    }
  } finally {
    await handle.close();
  }
  await rm(sourceFile);
  return writer.finish();
}
