import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Piece } from './split-files.ts';

/**
 * The text a download makes of one NDJSON file's rows (a CSV row per record, or the record's line
 * as a JSON array's element), made in the thread that reads that file for the SQLite database too
 * (from-ndjson.ts). Written as pieces of at most `maxBytes`, cut between rows, each hashed as it
 * is written.
 */
export interface TextPieces {
  /** Adds a row: its text, then `end` (a separator or a line end), never cut apart. */
  row(text: string | Uint8Array, end?: string): void;
  /** Adds `tail` and what is left, and gives the pieces in order: one at least, the head alone for no rows. */
  finish(tail?: string): Piece[];
}

/**
 * A buffer that the pieces of one download fill file after file, grown to the largest piece: a
 * buffer per file, up to 25 MiB each and hundreds of them at a million reports, made the thread's
 * memory outside the heap swing by as much.
 */
export interface PieceBuffer {
  buffer: Buffer;
}

export const pieceBuffer = (): PieceBuffer => ({ buffer: Buffer.alloc(1024 * 1024) });

export function textPieces(fileName: string, maxBytes: number, pieceFile: (index: number) => string, head = '', filling: PieceBuffer = pieceBuffer()): TextPieces {
  let { buffer } = filling;
  let length = 0;
  const pieces: Piece[] = [];
  const flush = () => {
    const bytes = buffer.subarray(0, length);
    const file = pieceFile(pieces.length);
    writeFileSync(file, bytes);
    pieces.push({ file, bytes: length, sha256: createHash('sha256').update(bytes).digest('hex') });
    length = 0;
  };
  const add = (text: string | Uint8Array, end: string) => {
    const bytes = (typeof text === 'string' ? Buffer.byteLength(text) : text.length) + end.length;
    if (bytes > maxBytes) {
      throw new Error(
        `${fileName}: one record takes ${bytes} bytes, more than the ${maxBytes}-byte limit of a download file; ` +
          'records are never cut, so raise the limit (maxFileBytes) or shorten the record',
      );
    }
    if (length > 0 && length + bytes > maxBytes) flush();
    if (length + bytes > buffer.length) {
      const grown = Buffer.alloc(Math.max(length + bytes, 2 * buffer.length));
      buffer.copy(grown, 0, 0, length);
      buffer = filling.buffer = grown;
    }
    if (typeof text === 'string') length += buffer.write(text, length, 'utf8');
    else {
      buffer.set(text, length);
      length += text.length;
    }
    // Separators and line ends are ASCII.
    length += buffer.write(end, length, 'latin1');
  };
  if (head !== '') add(head, '');
  return {
    row: (text, end = '') => add(text, end),
    finish(tail = '') {
      if (tail !== '') add(tail, '');
      if (length > 0 || pieces.length === 0) flush();
      return pieces;
    },
  };
}
