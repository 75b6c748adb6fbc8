import { readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { partFileName } from '../../formats/download-resources.ts';
import { flattenRecord } from '../../formats/flat-columns.ts';
import { buildingDatabaseFile, keepDatabase, readKeptDatabase, removeAbandonedDatabases, sortsBefore, type KeptDatabase, type LoadedFile, type LoadedFrom } from '../../kept/database.ts';
import { csvRow } from './csv.ts';
import { lineRangesOf, linesOf } from './ndjson-lines.ts';
import { rowChangesOf, type RowChanges } from './row-changes.ts';
import { writeSqliteDatabase, type SqliteTable, type TableRun } from './sqlite-database.ts';
import { binaryParts, copyBinaryDownload, type ListedDownload, type Piece, type WrittenDownload } from './split-files.ts';
import { textPieces, type TextPieces } from './text-pieces.ts';

/**
 * The downloads made from the NDJSON downloads of the same build (the same records, one per line),
 * in a thread of its own, so the build goes on with the API data meanwhile: the SQLite database,
 * the CSV files and the JSON file. Each line is parsed and flattened once, for the database and the
 * CSV rows, and copied as it is into the JSON file: inserting a million rows is long, making each
 * CSV row and JSON element on the build's thread cost it 2.8 s at 100k reports, and records read
 * from files already written cost this thread nothing to hand over.
 */

/** A table as the thread needs it: its definition and the NDJSON files of its rows, in order, with their SHA-256. */
export type NdjsonTable = Omit<SqliteTable, 'runs'> & { files: readonly { file: string; sha256: string }[] };

/**
 * A text download made of the NDJSON files' rows: a CSV row per record, or each line as an element
 * of a JSON array (a comma after every one but a table's last). A section per table it holds, with
 * the text before its first row and after its last, and the numbers of the NDJSON files whose
 * pieces are made here: the build links the others' from the last build (text-from-ndjson.ts).
 */
export interface TextJob {
  fileName: string;
  rows: 'csv' | 'json element';
  sections: readonly { table: string; head: string; tail: string; make: readonly number[] }[];
}

export interface FromNdjsonJob {
  /** The downloads folder, where the NDJSON files are and the database's parts and the text pieces go. */
  directory: string;
  /** The database's file name. */
  fileName: string;
  /** Files above this size are cut into parts. */
  maxBytes: number;
  tables: readonly NdjsonTable[];
  texts: readonly TextJob[];
  /**
   * Where the last build's database is kept (see src/kept/database.ts), and the fingerprint of the
   * code that may reuse it; without, every row is parsed and inserted.
   */
  kept?: { dir: string; fingerprint: string } | undefined;
}

/** How many rows the database has, and how many of them it kept from the last build's database. */
export interface DatabaseRows {
  total: number;
  copied: number;
}

/** "1,056,845 of 1,100,000 SQLite rows copied from the last build's database", for the build to print. */
export const databaseRowsInWords = ({ total, copied }: DatabaseRows): string =>
  `${copied.toLocaleString('en')} of ${total.toLocaleString('en')} SQLite rows copied from the last build's database`;

/** The pieces made of NDJSON files for a text download (TextJob.sections' make), section by section. */
export interface MadeText {
  fileName: string;
  sections: { file: number; pieces: Piece[] }[][];
}

export type FromNdjson = WrittenDownload & { rows: DatabaseRows; texts: MadeText[] };

export interface FromNdjsonThread {
  /** The text pieces, once made (before the database is done). */
  texts: Promise<MadeText[]>;
  /** The database's files and sizes, once it is written (before it is cut and hashed). */
  database: Promise<ListedDownload>;
  /** The database's files and the text pieces, once written. */
  written: Promise<FromNdjson>;
  /** Stops the thread (when the build fails meanwhile) and removes the files it wrote. */
  cancel(): Promise<void>;
}

const buildingFile = (job: FromNdjsonJob) => (job.kept ? buildingDatabaseFile(job.kept.dir) : path.join(job.directory, `.${job.fileName}.building`));

/** Where the thread writes a piece of a text download, until the build names it. */
const pieceFile = (directory: string, fileName: string, section: number, file: number, index: number) => path.join(directory, `.${fileName}.from-ndjson-${section}-${file}-${index}`);

/** A text download's pieces being made of one NDJSON file. */
interface Making {
  rows: TextJob['rows'];
  pieces: TextPieces;
  /** Written after its last row: the section's tail when the file is its table's last. */
  tail: string;
  made: MadeText['sections'][number];
}

/** The text sections made of one table's NDJSON files, each with the numbers of the files to make pieces of and where its pieces go. */
function sectionsOf(table: string, job: FromNdjsonJob, made: readonly MadeText[]) {
  return job.texts.flatMap((text, index) =>
    text.sections.flatMap((section, number) => (section.table === table ? [{ text, section, number, make: new Set(section.make), made: made[index]!.sections[number]! }] : [])),
  );
}

/** The pieces to make of the table's file `number` (of `count`): one per text section that makes it. */
function makingOf(sections: ReturnType<typeof sectionsOf>, job: FromNdjsonJob, number: number, count: number): Making[] {
  const last = number === count - 1;
  return sections
    .filter(({ make }) => make.has(number))
    .map(({ text, section, number: sectionNumber, made }) => ({
      rows: text.rows,
      pieces: textPieces(text.fileName, job.maxBytes, (index) => pieceFile(job.directory, text.fileName, sectionNumber, number, index), number === 0 ? section.head : ''),
      tail: last ? section.tail : '',
      made,
    }));
}

/** Ends the pieces of file `number` made of `rows`: their section's tail, if any, after the last. */
function finishPieces(making: readonly Making[], number: number, rows: TextJob['rows']): void {
  for (const { pieces, tail, made } of making.filter((candidate) => candidate.rows === rows)) made.push({ file: number, pieces: pieces.finish(tail) });
}

/** The JSON elements of a file's lines as they are, a comma after each but the table's last. */
function makeJsonElements(bytes: Buffer, making: readonly Making[], number: number, last: boolean): void {
  const elements = making.filter((candidate) => candidate.rows === 'json element');
  if (elements.length === 0) return;
  for (const [start, end] of lineRangesOf(bytes)) {
    const separator = last && end === bytes.length - 1 ? '\n' : ',\n';
    for (const { pieces } of elements) pieces.row(bytes.subarray(start, end), separator);
  }
  finishPieces(making, number, 'json element');
}

/** A file's pieces, its lines parsed for the CSV rows alone: no row of it goes into the database here. */
function makePiecesOf(bytes: Buffer, making: readonly Making[], columns: NdjsonTable['columns'], number: number, last: boolean): void {
  makeJsonElements(bytes, making, number, last);
  const csvRows = making.filter((candidate) => candidate.rows === 'csv');
  if (csvRows.length === 0) return;
  for (const line of linesOf(bytes)) {
    const text = csvRow(flattenRecord(JSON.parse(line), columns));
    for (const { pieces } of csvRows) pieces.row(text);
  }
  finishPieces(making, number, 'csv');
}

/** Every text piece of the table's files, before any of its rows goes into the database. */
function makeTablePieces({ name, files, columns }: NdjsonTable, job: FromNdjsonJob, made: readonly MadeText[]): void {
  const sections = sectionsOf(name, job, made);
  for (const [number, { file }] of files.entries()) {
    const making = makingOf(sections, job, number, files.length);
    if (making.length > 0) makePiecesOf(readFileSync(file), making, columns, number, number === files.length - 1);
  }
}

/**
 * The table's rows, file by file: kept in the kept database when it holds the rows of a file with
 * the same bytes, else parsed, flattened and inserted. Unless `piecesMade` (makeTablePieces
 * made them first), a file's text pieces are made on the way: its CSV rows from the flattened rows
 * (parsed for them alone when the database keeps them), its JSON elements from its lines as they
 * are. `loaded` gets each file's SHA-256 and rows as they are known, the notes to keep the new
 * database with; `made` the pieces, text by text.
 */
function* tableRuns(
  { name, files, columns, primaryKey }: NdjsonTable,
  job: FromNdjsonJob,
  kept: KeptDatabase | undefined,
  loaded: LoadedFile[],
  copied: { rows: number },
  made: readonly MadeText[],
  piecesMade: boolean,
  rowChanges?: RowChanges,
): Generator<TableRun> {
  const sections = sectionsOf(name, job, made);
  const keyColumn = columns.findIndex((column) => column.name === primaryKey);
  for (const [number, { file, sha256 }] of files.entries()) {
    const last = number === files.length - 1;
    const making = piecesMade ? [] : makingOf(sections, job, number, files.length);
    const run = kept?.runOf(name, sha256);
    const changed = rowChanges?.files.get(number);
    if (changed) {
      // Its pieces made first; only the rows whose lines changed are inserted, the others kept.
      copied.rows += changed.rows - changed.inserted.length;
      loaded.push({ sha256, rows: changed.rows, ...(changed.keys ? { keys: changed.keys } : {}) });
      // Read again for the lines to insert (row-changes.ts holds their numbers, not their text); not at all when there are none.
      if (changed.inserted.length > 0) yield { rows: linesNumbered(readFileSync(file), changed.inserted, (line) => flattenRecord(JSON.parse(line), columns)) };
      continue;
    }
    const bytes = !run || making.length > 0 ? readFileSync(file) : undefined;
    if (run) {
      copied.rows += run.count;
      loaded.push({ sha256, rows: run.count, ...(run.count > 0 ? { keys: [run.firstKey, run.lastKey] } : {}) });
      if (making.length > 0) makePiecesOf(bytes!, making, columns, number, last);
      yield { kept: run };
      continue;
    }
    makeJsonElements(bytes!, making, number, last);
    const csvRows = making.filter((candidate) => candidate.rows === 'csv');
    const entry: LoadedFile = { sha256, rows: 0 };
    loaded.push(entry);
    yield {
      rows: (function* () {
        let ordered = true;
        for (const line of linesOf(bytes!)) {
          entry.rows++;
          const row = flattenRecord(JSON.parse(line), columns);
          const key = String(row[keyColumn]);
          if (entry.keys && !sortsBefore(entry.keys[1], key)) ordered = false;
          entry.keys = entry.keys ? [entry.keys[0], key] : [key, key];
          if (csvRows.length > 0) {
            const text = csvRow(row);
            for (const { pieces } of csvRows) pieces.row(text);
          }
          yield row;
        }
        // Its keys do not bound its rows: the database is not kept (keepDatabase).
        if (!ordered) delete entry.keys;
        finishPieces(making, number, 'csv');
      })(),
    };
  }
}

/** `make` of each line of the bytes whose number is in `numbers` (ascending). */
function* linesNumbered<T>(bytes: Buffer, numbers: readonly number[], make: (line: string) => T): Generator<T> {
  let next = 0;
  let number = 0;
  for (const [start, end] of lineRangesOf(bytes)) {
    if (next === numbers.length) return;
    if (numbers[next] === number++) {
      next++;
      yield make(bytes.toString('utf8', start, end));
    }
  }
}

/** Runs through `runs`, then calls `done`. */
function* thenCall<T>(runs: Iterable<T>, done: () => void): Generator<T> {
  yield* runs;
  done();
}

/** What the thread tells the build before it is done, each as soon as it is known. */
export interface FromNdjsonEarly {
  /**
   * The text pieces, first when the kept database holds most rows, else with the last table's
   * rows, before the database is indexed and cut: the build names them meanwhile.
   */
  textsMade(texts: MadeText[]): void;
  /**
   * The database's files and sizes, once it is written: a rebuild's pages list them while it is
   * cut, which at a million reports takes 2-4 s (they were made after it, for 1.2 s).
   */
  databaseWritten(parts: ListedDownload): void;
}

/**
 * Writes the database and the text pieces, cuts the database into parts and keeps it for the next
 * build; what the thread runs. `early` is told what the build can go on with before it is done.
 */
export async function writeFromNdjson(job: FromNdjsonJob, early: Partial<FromNdjsonEarly> = {}): Promise<FromNdjson> {
  if (job.kept) {
    await mkdir(job.kept.dir, { recursive: true });
    removeAbandonedDatabases(job.kept.dir);
  }
  const found = job.kept ? readKeptDatabase(job.kept.dir, job.kept.fingerprint) : undefined;
  // Taken out of the store to be changed into the new database; none when another build took it first.
  const taken = found?.take();
  const kept = taken ? found : undefined;
  const building = buildingFile(job);
  const loadedFrom: LoadedFrom = job.tables.map(({ name }) => ({ name, files: [] }));
  const copied = { rows: 0 };
  const texts: MadeText[] = job.texts.map(({ fileName, sections }) => ({ fileName, sections: sections.map(() => []) }));
  let lettingGo: Promise<void> | undefined;
  try {
    let told = false;
    const tell = () => {
      if (!told) early.textsMade?.(texts);
      told = true;
    };
    // When the kept database holds the rows of most NDJSON files (a rebuild), the few pieces still
    // to make are made first, parsing the changed files once more: at a million reports, made while
    // the database was written, they were told 3.5 s later, and the build named and kept the CSV
    // and JSON files' pieces only then. Otherwise (most rows changed) each file is parsed once, for
    // its rows and its pieces together.
    const files = job.tables.flatMap((table) => table.files.map(({ sha256 }) => kept?.runOf(table.name, sha256)));
    const piecesFirst = files.filter(Boolean).length * 2 > files.length;
    if (piecesFirst) {
      for (const table of job.tables) makeTablePieces(table, job, texts);
      tell();
    }
    // When the kept database holds most files, the rows of the others are changed line by line.
    const rowChanges = job.tables.map((table) => (kept && piecesFirst ? rowChangesOf(table, kept) : undefined));
    const tables = job.tables.map((table, index) => {
      const runs = tableRuns(table, job, kept, loadedFrom[index]!.files, copied, texts, piecesFirst, rowChanges[index]);
      return { ...table, runs: index === job.tables.length - 1 ? thenCall(runs, tell) : runs };
    });
    const base = kept && {
      file: taken!,
      dropped: new Map(job.tables.map(({ name, files: tableFiles }, index) => [name, rowChanges[index] ? [] : kept.droppedRuns(name, tableFiles.map(({ sha256 }) => sha256))])),
      droppedKeys: new Map(job.tables.map(({ name }, index) => [name, rowChanges[index]?.deleted ?? []])),
    };
    await writeSqliteDatabase(building, tables, base);
    // Copied, the database taken is removed while the new one is cut.
    if (taken) lettingGo = rm(taken, { force: true }).catch(() => {});
    tell();
    const parts = binaryParts(job.fileName, statSync(building).size, job.maxBytes);
    early.databaseWritten?.(parts);
    const written = await copyBinaryDownload(building, job.directory, parts, found?.parts);
    try {
      const keptParts = written.files.map(({ fileName, bytes, sha256 }) => ({ file: path.join(job.directory, fileName), bytes, sha256 }));
      if (job.kept) keepDatabase(job.kept.dir, building, loadedFrom, job.kept.fingerprint, keptParts, job.tables.flatMap(({ files }) => files));
    } catch {
      // Only a faster next build depends on it: that build inserts every row.
    }
    const total = loadedFrom.reduce((sum, table) => sum + table.files.reduce((rows, file) => rows + file.rows, 0), 0);
    return { ...written, rows: { total, copied: copied.rows }, texts };
  } finally {
    await Promise.all([rm(building, { force: true }), lettingGo ?? (taken && rm(taken, { force: true }))]);
  }
}

/** What the thread posts: the text pieces once made and the database's files once written, then everything once done. */
export type ThreadMessage = { texts: MadeText[] } | { database: ListedDownload } | { written: FromNdjson };

/** Starts writing the downloads made from the NDJSON files in a worker thread. */
export function startFromNdjson(job: FromNdjsonJob): FromNdjsonThread {
  const worker = new Worker(new URL('./from-ndjson-worker.ts', import.meta.url), { workerData: job });
  let madeTexts!: (texts: MadeText[]) => void;
  let databaseWritten!: (parts: ListedDownload) => void;
  const texts = new Promise<MadeText[]>((resolve) => (madeTexts = resolve));
  const database = new Promise<ListedDownload>((resolve) => (databaseWritten = resolve));
  const written = new Promise<FromNdjson>((resolve, reject) => {
    worker.on('message', (message: ThreadMessage) => {
      if ('written' in message) resolve(message.written);
      else if ('texts' in message) madeTexts(message.texts);
      else databaseWritten(message.database);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread writing the downloads made from the NDJSON files stopped early (exit code ${code})`)));
  });
  // A thread that fails before telling them rejects them too.
  const textsOrFailure = Promise.race([texts, written.then((done) => done.texts)]);
  const databaseOrFailure = Promise.race([database, written.then(({ files, bytes }) => ({ files, bytes }))]);
  // None is awaited by a build that fails meanwhile, which cancels the thread: no unhandled error.
  for (const promise of [written, textsOrFailure, databaseOrFailure]) promise.catch(() => {});
  return {
    texts: textsOrFailure,
    database: databaseOrFailure,
    written,
    async cancel() {
      await worker.terminate();
      // The file it is built in, the database and its parts (numbered from 001 to 999), the text pieces.
      await rm(buildingFile(job), { force: true });
      const own = new Set([job.fileName, ...Array.from({ length: 999 }, (_, index) => partFileName(job.fileName, index + 1))]);
      const pieces = job.texts.map(({ fileName }) => `.${fileName}.from-ndjson-`);
      const left = (await readdir(job.directory)).filter((name) => own.has(name) || pieces.some((prefix) => name.startsWith(prefix)));
      await Promise.all(left.map((name) => rm(path.join(job.directory, name), { force: true })));
    },
  };
}
