import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { partFileName } from '../../formats/download-resources.ts';
import { flattenRecord } from '../../formats/flat-columns.ts';
import { buildingDatabaseFile, keepDatabase, readKeptDatabase, removeAbandonedDatabases, type KeptDatabase, type LoadedFrom } from '../../kept/database.ts';
import { csvRow } from './csv.ts';
import { csvPieces, type CsvPieces } from './csv-pieces.ts';
import { writeSqliteDatabase, type SqliteTable, type TableRun } from './sqlite-database.ts';
import { copyBinaryDownload, type Piece, type WrittenDownload } from './split-files.ts';

/**
 * The downloads made from the NDJSON downloads of the same build (the same records, one per line),
 * in a thread of its own, so the build goes on with the API data meanwhile: the SQLite database,
 * and the CSV files. Each line is parsed and flattened once, for both: inserting a million rows is
 * long, making each CSV row on the build's thread cost it 2 s at 100k reports, and records read
 * from files already written cost this thread nothing to hand over.
 */

/** A table as the thread needs it: its definition and the NDJSON files of its rows, in order, with their SHA-256. */
export type NdjsonTable = Omit<SqliteTable, 'runs'> & {
  files: readonly { file: string; sha256: string }[];
  /**
   * The table's CSV download (its file name), and the numbers of the NDJSON files whose CSV pieces
   * are made here: the build links the others' from the last build (csv-from-ndjson.ts).
   */
  csv?: { fileName: string; make: readonly number[] } | undefined;
};

export interface FromNdjsonJob {
  /** The downloads folder, where the NDJSON files are and the database's parts and CSV pieces go. */
  directory: string;
  /** The database's file name. */
  fileName: string;
  /** Files above this size are cut into parts. */
  maxBytes: number;
  tables: readonly NdjsonTable[];
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

/** The CSV pieces made of a table's NDJSON files, by the files' numbers (NdjsonTable.csv.make). */
export interface MadeCsv {
  table: string;
  made: { file: number; pieces: Piece[] }[];
}

export type FromNdjson = WrittenDownload & { rows: DatabaseRows; csv: MadeCsv[] };

export interface FromNdjsonThread {
  /** The database's files and the CSV pieces, once written. */
  written: Promise<FromNdjson>;
  /** Stops the thread (when the build fails meanwhile) and removes the files it wrote. */
  cancel(): Promise<void>;
}

const buildingFile = (job: FromNdjsonJob) => (job.kept ? buildingDatabaseFile(job.kept.dir) : path.join(job.directory, `.${job.fileName}.building`));

/** Where the thread writes the `index`th CSV piece of an NDJSON file, until the build names it. */
const csvPieceFile = (directory: string, csvFileName: string, file: number, index: number) => path.join(directory, `.${csvFileName}.from-ndjson-${file}-${index}`);
const isCsvPieceOf = (csvFileName: string) => (name: string) => name.startsWith(`.${csvFileName}.from-ndjson-`);

/** Each line of the file, parsed: NDJSON writes every record on a line of its own. */
function* ndjsonRecords(file: string): Generator<unknown> {
  const text = readFileSync(file, 'utf8');
  for (let start = 0, end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
    yield JSON.parse(text.slice(start, end));
  }
}

/**
 * The table's rows, file by file: copied from the kept database when it holds the rows of a file
 * with the same bytes, else parsed; parsed too, for its CSV pieces alone, when those are made and
 * the rows copied. `loaded` gets each file's SHA-256 and rows as they are known, the notes to keep
 * the new database with; `made` the CSV pieces.
 */
function* tableRuns(
  { name, files, columns, csv }: NdjsonTable,
  job: FromNdjsonJob,
  kept: KeptDatabase | undefined,
  loaded: LoadedFrom[number]['files'],
  copied: { rows: number },
  made: MadeCsv['made'],
): Generator<TableRun> {
  const csvMade = new Set(csv?.make);
  const head = csvRow(columns.map((column) => column.name));
  const csvOf = (file: number): CsvPieces | undefined =>
    csv && csvMade.has(file) ? csvPieces(csv.fileName, job.maxBytes, (index) => csvPieceFile(job.directory, csv.fileName, file, index), file === 0 ? head : undefined) : undefined;
  for (const [number, { file, sha256 }] of files.entries()) {
    const pieces = csvOf(number);
    const run = kept?.runOf(name, sha256);
    if (run) {
      copied.rows += run.count;
      loaded.push({ sha256, rows: run.count });
      if (pieces) {
        for (const record of ndjsonRecords(file)) pieces.row(flattenRecord(record, columns));
        made.push({ file: number, pieces: pieces.finish() });
      }
      yield { kept: run };
      continue;
    }
    const entry = { sha256, rows: 0 };
    loaded.push(entry);
    yield {
      rows: (function* () {
        for (const record of ndjsonRecords(file)) {
          entry.rows++;
          const row = flattenRecord(record, columns);
          pieces?.row(row);
          yield row;
        }
        if (pieces) made.push({ file: number, pieces: pieces.finish() });
      })(),
    };
  }
}

/** Writes the database and the CSV pieces, cuts the database into parts and keeps it for the next build; what the thread runs. */
export async function writeFromNdjson(job: FromNdjsonJob): Promise<FromNdjson> {
  if (job.kept) {
    await mkdir(job.kept.dir, { recursive: true });
    removeAbandonedDatabases(job.kept.dir);
  }
  const kept = job.kept ? readKeptDatabase(job.kept.dir, job.kept.fingerprint) : undefined;
  const building = buildingFile(job);
  const loadedFrom: LoadedFrom = job.tables.map(({ name }) => ({ name, files: [] }));
  const copied = { rows: 0 };
  const csv: MadeCsv[] = job.tables.map(({ name }) => ({ table: name, made: [] }));
  try {
    const tables = job.tables.map((table, index) => ({ ...table, runs: tableRuns(table, job, kept, loadedFrom[index]!.files, copied, csv[index]!.made) }));
    await writeSqliteDatabase(building, tables, kept?.file);
    const written = await copyBinaryDownload(building, job.directory, job.fileName, job.maxBytes);
    try {
      if (job.kept) keepDatabase(job.kept.dir, building, written.sha256, loadedFrom, job.kept.fingerprint);
    } catch {
      // Only a faster next build depends on it: that build inserts every row.
    }
    const total = loadedFrom.reduce((sum, table) => sum + table.files.reduce((rows, file) => rows + file.rows, 0), 0);
    return { ...written, rows: { total, copied: copied.rows }, csv };
  } finally {
    await rm(building, { force: true });
  }
}

/** Starts writing the downloads made from the NDJSON files in a worker thread. */
export function startFromNdjson(job: FromNdjsonJob): FromNdjsonThread {
  const worker = new Worker(new URL('./from-ndjson-worker.ts', import.meta.url), { workerData: job });
  const written = new Promise<FromNdjson>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread writing ${job.fileName} and the CSV files stopped early (exit code ${code})`)));
  });
  // A build that fails meanwhile cancels the thread and never awaits this: that is no unhandled error.
  written.catch(() => {});
  return {
    written,
    async cancel() {
      await worker.terminate();
      // The file it is built in, the database and its parts (numbered from 001 to 999), the CSV pieces.
      await rm(buildingFile(job), { force: true });
      const own = new Set([job.fileName, ...Array.from({ length: 999 }, (_, index) => partFileName(job.fileName, index + 1))]);
      const csvPieceNames = job.tables.flatMap(({ csv }) => (csv ? [isCsvPieceOf(csv.fileName)] : []));
      const left = (await readdir(job.directory)).filter((name) => own.has(name) || csvPieceNames.some((isPiece) => isPiece(name)));
      await Promise.all(left.map((name) => rm(path.join(job.directory, name), { force: true })));
    },
  };
}
