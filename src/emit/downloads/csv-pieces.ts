import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { CellValue } from '../../formats/flat-columns.ts';
import { csvRow } from './csv.ts';
import type { Piece } from './split-files.ts';

/**
 * A table's CSV text made from the rows of one of its NDJSON files, in the thread that parses them
 * for the SQLite database too (from-ndjson.ts), so that each row is parsed and flattened once for
 * both. Written as pieces of at most `maxBytes`, cut between rows, each hashed as it is written;
 * the first file of a table carries the header row.
 */
export interface CsvPieces {
  row(values: readonly CellValue[]): void;
  /** Writes what is left (the header alone for a table without rows) and gives the pieces in order. */
  finish(): Piece[];
}

export function csvPieces(fileName: string, maxBytes: number, pieceFile: (index: number) => string, head: string | undefined): CsvPieces {
  let buffer = Buffer.alloc(1024 * 1024);
  let length = 0;
  const pieces: Piece[] = [];
  const flush = () => {
    const bytes = buffer.subarray(0, length);
    const file = pieceFile(pieces.length);
    writeFileSync(file, bytes);
    pieces.push({ file, bytes: length, sha256: createHash('sha256').update(bytes).digest('hex') });
    length = 0;
  };
  const add = (text: string) => {
    const bytes = Buffer.byteLength(text);
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
      buffer = grown;
    }
    length += buffer.write(text, length, 'utf8');
  };
  if (head !== undefined) add(head);
  return {
    row: (values) => add(csvRow(values)),
    finish() {
      if (length > 0 || pieces.length === 0) flush();
      return pieces;
    },
  };
}
