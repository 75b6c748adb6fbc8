import path from 'node:path';
import type { OutputStore } from '../../kept/output-files.ts';
import type { MadeText } from './from-ndjson.ts';
import { nameThePieces, reusePieces, type Piece, type WrittenDownload, type WrittenFile } from './split-files.ts';

/**
 * A text download made from NDJSON files in the thread of from-ndjson.ts (the CSV files, the JSON
 * file): a section per table it holds, and in each a piece per NDJSON file (several past the size
 * limit), so its parts end where the NDJSON parts do. Before the thread starts, the pieces the last
 * build kept for an NDJSON file with the same bytes, in the same place, are linked from the output
 * store: only the others are made. Once the thread is done, what it made is kept, and every piece
 * is named as the download's file or parts (split-files.ts).
 */

/** A table's part of the download: its NDJSON files, and the text before its first row and after its last. */
export interface TextSectionFromNdjson {
  table: string;
  files: readonly WrittenFile[];
  head: string;
  tail: string;
}

export interface TextFromNdjson {
  /** By section, the numbers of the NDJSON files whose pieces the thread makes. */
  make: number[][];
  /** Keeps the pieces the thread made and names them all. */
  finish(made: MadeText['sections']): Promise<WrittenDownload>;
}

export async function textFromNdjson(
  directory: string,
  fileName: string,
  sections: readonly TextSectionFromNdjson[],
  maxBytes: number,
  store: OutputStore | undefined,
): Promise<TextFromNdjson> {
  let linked = 0;
  const nextPieceFile = () => path.join(directory, `.${fileName}.linked-${linked++}`);
  // A piece is made from the NDJSON file's bytes, and from the section's head or tail when it is its first or last.
  const keyOf = (store: OutputStore, section: number, file: number, index: number, ends: boolean) => {
    const { table, files, head, tail } = sections[section]!;
    const first = file === 0;
    const last = file === files.length - 1;
    return store.keyOf(`${fileName} ${table} from NDJSON file${first ? ' first' : ''}${last ? ' last' : ''} limit ${maxBytes} piece ${index}${ends ? ' ends the file' : ''}`, [
      Buffer.from(files[file]!.sha256, 'hex'),
      Buffer.from(first ? head : ''),
      Buffer.from(last ? tail : ''),
    ]);
  };
  const pieces: (Piece[] | undefined)[][] = [];
  for (const [section, { files }] of sections.entries()) {
    const own: (Piece[] | undefined)[] = [];
    for (const file of files.keys()) own.push(store && (await reusePieces(store, (index, ends) => keyOf(store, section, file, index, ends), nextPieceFile))?.pieces);
    pieces.push(own);
  }
  return {
    make: pieces.map((own) => [...own.keys()].filter((file) => own[file] === undefined)),
    async finish(made) {
      for (const [section, files] of made.entries()) {
        for (const { file, pieces: own } of files) {
          pieces[section]![file] = own;
          if (store) for (const [index, piece] of own.entries()) await store.keep(keyOf(store, section, file, index, index === own.length - 1), piece.file, undefined, piece.sha256);
        }
      }
      const missing = sections.flatMap(({ files }, section) => files.filter((_, file) => pieces[section]![file] === undefined).map(({ fileName }) => fileName));
      if (missing.length > 0) throw new Error(`${fileName}: nothing made from ${missing.join(', ')} (report this as a bug)`);
      return nameThePieces(directory, fileName, pieces.flat(2) as Piece[], maxBytes);
    },
  };
}
