import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { partFileName } from '../../formats/download-resources.ts';
import { flattenRecord } from '../../formats/flat-columns.ts';
import { buildingDatabaseFile, keepDatabase, readKeptDatabase, removeAbandonedDatabases, type KeptDatabase, type KeptRun, type LoadedFrom } from '../../kept/database.ts';
import { csvRow } from './csv.ts';
import { openSqliteDatabase, type SqliteTable, type SqliteTableDefinition, type SqliteWriter, type TableRun } from './sqlite-database.ts';
import { copyBinaryDownload, type Piece, type WrittenDownload } from './split-files.ts';
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

/** How many rows the database has, and how many of them were copied from the kept database. */
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
  /** The database's files and the text pieces, once written. */
  written: Promise<FromNdjson>;
  /** Stops the thread (when the build fails meanwhile) and removes the files it wrote. */
  cancel(): Promise<void>;
}

const buildingFile = (job: FromNdjsonStart) => (job.kept ? buildingDatabaseFile(job.kept.dir) : path.join(job.directory, `.${job.fileName}.building`));

/** Where the thread writes a piece of a text download, until the build names it. */
const pieceFile = (directory: string, fileName: string, section: number, file: number, index: number) => path.join(directory, `.${fileName}.from-ndjson-${section}-${file}-${index}`);

/**
 * Each line of the file's bytes, as text: NDJSON writes every record on a line of its own. Decoded
 * a line at a time, so that the thread holds the file once, not also as one string (of twice its
 * bytes when a report holds a character outside Latin-1).
 */
function* linesOf(bytes: Buffer): Generator<string> {
  for (const [start, end] of lineRangesOf(bytes)) yield bytes.toString('utf8', start, end);
}

/** Where each line of the bytes starts and ends (before its line end). */
function* lineRangesOf(bytes: Buffer): Generator<[number, number]> {
  for (let start = 0, end = bytes.indexOf(0x0a); end !== -1; start = end + 1, end = bytes.indexOf(0x0a, start)) yield [start, end];
}

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
 * The table's rows, file by file: copied from the kept database when it holds the rows of a file
 * with the same bytes, else parsed, flattened and inserted. Unless `piecesMade` (makeTablePieces
 * made them first), a file's text pieces are made on the way: its CSV rows from the flattened rows
 * (parsed for them alone when the database copies them), its JSON elements from its lines as they
 * are. `loaded` gets each file's SHA-256 and rows as they are known, the notes to keep the new
 * database with; `made` the pieces, text by text. Files before `from` were copied ahead.
 */
function* tableRuns(
  { name, files, columns }: NdjsonTable,
  job: FromNdjsonJob,
  kept: KeptDatabase | undefined,
  loaded: LoadedFrom[number]['files'],
  copied: { rows: number },
  made: readonly MadeText[],
  piecesMade: boolean,
  from = 0,
): Generator<TableRun> {
  const sections = sectionsOf(name, job, made);
  for (const [number, { file, sha256 }] of files.entries()) {
    if (number < from) continue; // copied ahead
    const last = number === files.length - 1;
    const making = piecesMade ? [] : makingOf(sections, job, number, files.length);
    const run = kept?.runOf(name, sha256);
    const bytes = !run || making.length > 0 ? readFileSync(file) : undefined;
    if (run) {
      copied.rows += run.count;
      loaded.push({ sha256, rows: run.count });
      if (making.length > 0) makePiecesOf(bytes!, making, columns, number, last);
      yield { kept: run };
      continue;
    }
    makeJsonElements(bytes!, making, number, last);
    const csvRows = making.filter((candidate) => candidate.rows === 'csv');
    const entry = { sha256, rows: 0 };
    loaded.push(entry);
    yield {
      rows: (function* () {
        for (const line of linesOf(bytes!)) {
          entry.rows++;
          const row = flattenRecord(JSON.parse(line), columns);
          if (csvRows.length > 0) {
            const text = csvRow(row);
            for (const { pieces } of csvRows) pieces.row(text);
          }
          yield row;
        }
        finishPieces(making, number, 'csv');
      })(),
    };
  }
}

/** Runs through `runs`, then calls `done`. */
function* thenCall<T>(runs: Iterable<T>, done: () => void): Generator<T> {
  yield* runs;
  done();
}

/** What the thread is given when it starts, before the NDJSON files are written: the tables without their files. */
export type FromNdjsonStart = Omit<FromNdjsonJob, 'tables' | 'texts'> & { tables: readonly SqliteTableDefinition[] };

/** The job as it comes: `now()` gives it once it has come (else undefined), `later()` waits for it. */
export interface JobToCome {
  now(): FromNdjsonJob | undefined;
  later(): Promise<FromNdjsonJob>;
}

/** A kept run copied ahead: the table and NDJSON file it was guessed to be the rows of. */
interface Guess {
  table: number;
  file: number;
  sha256: string;
  run: KeptRun;
}

const markOf = (guess: number) => `guess ${guess}`;

/**
 * Copies the kept database's runs in its order, each after a mark, on the guess that every NDJSON
 * file keeps its bytes and place, until `known()` says the job has come; returns the runs copied.
 */
function copyAhead(writer: SqliteWriter, tables: readonly SqliteTableDefinition[], kept: KeptDatabase, known: () => boolean): Guess[] {
  const guessed: Guess[] = [];
  for (const [table, { name }] of tables.entries()) {
    const keptTable = kept.tables[table];
    if (keptTable?.name !== name) return guessed;
    for (const [file, { sha256, run }] of keptTable.files.entries()) {
      if (known()) return guessed;
      writer.mark(markOf(guessed.length));
      writer.append(table, { kept: run });
      guessed.push({ table, file, sha256, run });
    }
  }
  return guessed;
}

/** Each NDJSON file of the job, table after table: the runs of the database in order. */
function runsOf(job: FromNdjsonJob, tables: readonly SqliteTableDefinition[]): { table: number; file: number; sha256: string }[] {
  // The database was opened with the tables it started with: the job must bring the same, in the same order.
  const names = job.tables.map(({ name, columns }) => `${name} (${columns.map((column) => column.name).join(', ')})`);
  const started = tables.map(({ name, columns }) => `${name} (${columns.map((column) => column.name).join(', ')})`);
  if (names.join('; ') !== started.join('; ')) throw new Error(`the database was begun with the tables ${started.join('; ')}, and given ${names.join('; ')} (report this as a bug)`);
  return job.tables.flatMap(({ files }, table) => files.map(({ sha256 }, file) => ({ table, file, sha256 })));
}

/** How many of the runs copied ahead are the database's first runs: the same table, file and bytes, in the same order. */
function guessesHeld(guessed: readonly Guess[], runs: ReturnType<typeof runsOf>): number {
  let held = 0;
  while (held < guessed.length && held < runs.length && runs[held]!.table === guessed[held]!.table && runs[held]!.file === guessed[held]!.file && runs[held]!.sha256 === guessed[held]!.sha256) held++;
  return held;
}

/**
 * Writes the database and the text pieces, cuts the database into parts and keeps it for the next
 * build; what the thread runs. `textsMade` gets the text pieces as soon as they are made (first
 * when the kept database holds most rows, else with the last table's rows), before the database is
 * indexed, cut and hashed: the build then names them and has their wholes hashed meanwhile, which
 * at a million reports a rebuild otherwise waits 3 s for at its end.
 */
export async function writeFromNdjson(job: FromNdjsonJob, textsMade: (texts: MadeText[]) => void = () => {}): Promise<FromNdjson> {
  return writeOnceKnown(job, { now: () => job, later: async () => job }, textsMade);
}

/**
 * writeFromNdjson, begun before the NDJSON files are written: meanwhile, the rows of the kept
 * database are copied ahead, run after run, each after a mark; once the job comes, the database
 * goes back to the first run whose NDJSON file changed or moved, and goes on from there. A
 * one-report rebuild at a million reports started this thread once the NDJSON files were written,
 * 8 s in, and waited for it last: its copy of 1.1 million kept rows took 3 s of it, on cores the
 * rest of the build kept busy, while the second core was half idle as the kept catalogue was read.
 */
export async function writeOnceKnown(start: FromNdjsonStart, toCome: JobToCome, textsMade: (texts: MadeText[]) => void = () => {}): Promise<FromNdjson> {
  if (start.kept) {
    await mkdir(start.kept.dir, { recursive: true });
    removeAbandonedDatabases(start.kept.dir);
  }
  const kept = start.kept ? readKeptDatabase(start.kept.dir, start.kept.fingerprint) : undefined;
  const building = buildingFile(start);
  let job = toCome.now();
  const writer = await openSqliteDatabase(building, start.tables, kept?.file, { undoable: !job && kept !== undefined });
  try {
    const guessed = job || !kept ? [] : copyAhead(writer, start.tables, kept, () => (job ??= toCome.now()) !== undefined);
    job ??= await toCome.later();
    const runs = runsOf(job, start.tables);
    const held = guessesHeld(guessed, runs);
    if (held < guessed.length) writer.backTo(markOf(held));
    const loadedFrom: LoadedFrom = job.tables.map(({ name }) => ({ name, files: [] }));
    const copied = { rows: 0 };
    for (const { table, sha256, run } of guessed.slice(0, held)) {
      loadedFrom[table]!.files.push({ sha256, rows: run.count });
      copied.rows += run.count;
    }
    const texts: MadeText[] = job.texts.map(({ fileName, sections }) => ({ fileName, sections: sections.map(() => []) }));
    let told = false;
    const tell = () => {
      if (!told) textsMade(texts);
      told = true;
    };
    // When the kept database holds the rows of most NDJSON files (a rebuild), the few pieces still
    // to make are made first, parsing the changed files once more: at a million reports, made while
    // the kept rows were copied, they were told 3.5 s later, and the hashing of the CSV and JSON
    // files' wholes, which the build then waits for, began as late. So are they when runs were
    // copied ahead, which made none. Otherwise (most rows changed) each file is parsed once, for
    // its rows and its pieces together.
    const files = job.tables.flatMap((table) => table.files.map(({ sha256 }) => kept?.runOf(table.name, sha256)));
    const piecesFirst = held > 0 || files.filter(Boolean).length * 2 > files.length;
    if (piecesFirst) {
      for (const table of job.tables) makeTablePieces(table, job, texts);
      tell();
    }
    // From the first run not copied ahead on.
    const resume = runs[held] ?? { table: job.tables.length, file: 0 };
    for (const [index, table] of job.tables.entries()) {
      if (index < resume.table) continue;
      const runs = tableRuns(table, job, kept, loadedFrom[index]!.files, copied, texts, piecesFirst, index === resume.table ? resume.file : 0);
      for (const run of index === job.tables.length - 1 ? thenCall(runs, tell) : runs) writer.append(index, run);
    }
    writer.finish();
    tell();
    const written = await copyBinaryDownload(building, start.directory, start.fileName, start.maxBytes, kept?.parts);
    try {
      const parts = written.files.map(({ fileName, sha256 }) => ({ file: path.join(start.directory, fileName), sha256 }));
      if (start.kept) keepDatabase(start.kept.dir, building, written.sha256, loadedFrom, start.kept.fingerprint, parts);
    } catch {
      // Only a faster next build depends on it: that build inserts every row.
    }
    const total = loadedFrom.reduce((sum, table) => sum + table.files.reduce((rows, file) => rows + file.rows, 0), 0);
    return { ...written, rows: { total, copied: copied.rows }, texts };
  } finally {
    writer.close();
    await rm(building, { force: true });
  }
}

/** What the thread posts: the text pieces once made, then everything once written. */
export type ThreadMessage = { texts: MadeText[] } | { written: FromNdjson };

/**
 * Starts the thread writing the downloads made from the NDJSON files: it copies the kept database's
 * rows ahead (writeOnceKnown) until `begin` gives it the job, and writes the rest then.
 */
export function startFromNdjson(start: FromNdjsonStart): FromNdjsonThread & { begin(job: FromNdjsonJob): void; readonly begun: boolean } {
  const { port1: toThread, port2: fromBuild } = new MessageChannel();
  const worker = new Worker(new URL('./from-ndjson-worker.ts', import.meta.url), { workerData: { start, port: fromBuild }, transferList: [fromBuild] });
  let begun: FromNdjsonJob | undefined;
  let madeTexts!: (texts: MadeText[]) => void;
  const texts = new Promise<MadeText[]>((resolve) => (madeTexts = resolve));
  const written = new Promise<FromNdjson>((resolve, reject) => {
    worker.on('message', (message: ThreadMessage) => ('written' in message ? resolve(message.written) : madeTexts(message.texts)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread writing the downloads made from the NDJSON files stopped early (exit code ${code})`)));
  });
  // A thread that fails before the texts are made rejects them too.
  const textsOrFailure = Promise.race([texts, written.then((done) => done.texts)]);
  // Neither is awaited by a build that fails meanwhile, which cancels the thread: no unhandled error.
  for (const promise of [written, textsOrFailure]) promise.catch(() => {});
  void written.finally(() => toThread.close()).catch(() => {});
  return {
    begin(job) {
      begun = job;
      toThread.postMessage(job);
    },
    get begun() {
      return begun !== undefined;
    },
    texts: textsOrFailure,
    written,
    async cancel() {
      await worker.terminate();
      toThread.close();
      // The file it is built in, the database and its parts (numbered from 001 to 999), the text pieces.
      await rm(buildingFile(start), { force: true });
      const own = new Set([start.fileName, ...Array.from({ length: 999 }, (_, index) => partFileName(start.fileName, index + 1))]);
      const pieces = (begun?.texts ?? []).map(({ fileName }) => `.${fileName}.from-ndjson-`);
      const left = (await readdir(start.directory).catch(() => [])).filter((name) => own.has(name) || pieces.some((prefix) => name.startsWith(prefix)));
      await Promise.all(left.map((name) => rm(path.join(start.directory, name), { force: true })));
    },
  };
}
