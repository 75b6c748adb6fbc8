import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
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
 * Bytes gathered before each write. A piece is written as it is filled, not held whole: a buffer
 * per piece, up to 25 MiB for each of the downloads the thread makes at once, raised the build's
 * peak at a million reports.
 */
const chunkBytes = 256 * 1024;

interface OpenPiece {
  file: string;
  descriptor: number;
  bytes: number;
  hash: Hash;
}

export function textPieces(fileName: string, maxBytes: number, pieceFile: (index: number) => string, head = ''): TextPieces {
  const chunk = Buffer.allocUnsafe(chunkBytes);
  let filled = 0;
  let open: OpenPiece | undefined;
  const pieces: Piece[] = [];
  const write = (piece: OpenPiece, bytes: Uint8Array) => {
    writeSync(piece.descriptor, bytes);
    piece.hash.update(bytes);
  };
  const drain = (piece: OpenPiece) => {
    if (filled > 0) write(piece, chunk.subarray(0, filled));
    filled = 0;
  };
  const close = (piece: OpenPiece) => {
    drain(piece);
    closeSync(piece.descriptor);
    pieces.push({ file: piece.file, bytes: piece.bytes, sha256: piece.hash.digest('hex') });
    open = undefined;
  };
  const start = (): OpenPiece => {
    const file = pieceFile(pieces.length);
    return (open = { file, descriptor: openSync(file, 'w'), bytes: 0, hash: createHash('sha256') });
  };
  /** Copies `text` (`size` bytes once encoded) into the chunk, or writes it at once when it does not fit in one. */
  const put = (piece: OpenPiece, text: string | Uint8Array, size: number) => {
    if (filled + size > chunk.length) drain(piece);
    if (size > chunk.length) write(piece, typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
    else if (typeof text === 'string') filled += chunk.write(text, filled, 'utf8');
    else {
      chunk.set(text, filled);
      filled += size;
    }
  };
  const add = (text: string | Uint8Array, end: string) => {
    const size = typeof text === 'string' ? Buffer.byteLength(text) : text.length;
    const bytes = size + end.length;
    if (bytes > maxBytes) {
      throw new Error(
        `${fileName}: one record takes ${bytes} bytes, more than the ${maxBytes}-byte limit of a download file; ` +
          'records are never cut, so raise the limit (maxFileBytes) or shorten the record',
      );
    }
    if (open && open.bytes > 0 && open.bytes + bytes > maxBytes) close(open);
    const piece = open ?? start();
    put(piece, text, size);
    // Separators and line ends are ASCII: one byte a character.
    put(piece, end, end.length);
    piece.bytes += bytes;
  };
  if (head !== '') add(head, '');
  return {
    row: (text, end = '') => add(text, end),
    finish(tail = '') {
      if (tail !== '') add(tail, '');
      close(open ?? start());
      return pieces;
    },
  };
}
