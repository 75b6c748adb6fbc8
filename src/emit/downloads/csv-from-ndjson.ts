import path from 'node:path';
import type { OutputStore } from '../../kept/output-files.ts';
import type { MadeCsv } from './from-ndjson.ts';
import { nameThePieces, reusePieces, type Piece, type WrittenFile, type WrittenText } from './split-files.ts';
import type { WholeHashes } from './whole-hashes.ts';

/**
 * A table's CSV download, made from its NDJSON files in the thread of from-ndjson.ts: a piece per
 * NDJSON file (several past the size limit), so its parts end where the NDJSON parts do. Before the
 * thread starts, the pieces the last build kept for an NDJSON file with the same bytes are linked
 * from the output store: only the others are made. Once the thread is done, what it made is kept,
 * and every piece is named as the download's file or parts (split-files.ts).
 */
export interface CsvFromNdjson {
  /** The numbers of the NDJSON files whose pieces the thread makes (NdjsonTable.csv.make). */
  make: number[];
  /** Keeps the pieces the thread made and names them all. */
  finish(made: MadeCsv['made'], wholeHashes: WholeHashes): Promise<WrittenText>;
}

export async function csvFromNdjson(directory: string, fileName: string, ndjsonFiles: readonly WrittenFile[], maxBytes: number, store: OutputStore | undefined): Promise<CsvFromNdjson> {
  let linked = 0;
  const nextPieceFile = () => path.join(directory, `.${fileName}.linked-${linked++}`);
  // The NDJSON file's bytes make the rows; its place says whether the pieces start with the header.
  const keyOf = (store: OutputStore, file: number, index: number, ends: boolean) =>
    store.keyOf(`${fileName} from NDJSON file${file === 0 ? ' first' : ''} limit ${maxBytes} piece ${index}${ends ? ' ends the file' : ''}`, [
      Buffer.from(ndjsonFiles[file]!.sha256, 'hex'),
    ]);
  const pieces: (Piece[] | undefined)[] = [];
  for (const number of ndjsonFiles.keys()) {
    pieces.push(store && (await reusePieces(store, (index, ends) => keyOf(store, number, index, ends), nextPieceFile))?.pieces);
  }
  return {
    make: [...pieces.keys()].filter((number) => pieces[number] === undefined),
    async finish(made, wholeHashes) {
      for (const { file, pieces: own } of made) {
        pieces[file] = own;
        if (store) for (const [index, piece] of own.entries()) await store.keep(keyOf(store, file, index, index === own.length - 1), piece.file, undefined, piece.sha256);
      }
      const missing = [...pieces.keys()].filter((number) => pieces[number] === undefined);
      if (missing.length > 0) throw new Error(`${fileName}: no CSV made from NDJSON file${missing.length > 1 ? 's' : ''} ${missing.map((number) => ndjsonFiles[number]!.fileName).join(', ')} (report this as a bug)`);
      return nameThePieces(directory, fileName, pieces.flat() as Piece[], maxBytes, wholeHashes);
    },
  };
}
