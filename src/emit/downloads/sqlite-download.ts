import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { partFileName } from '../../formats/download-resources.ts';
import { flattenRecord } from '../../formats/flat-columns.ts';
import { buildingDatabaseFile, keepDatabase, readKeptDatabase, removeAbandonedDatabases, type KeptDatabase, type LoadedFrom } from '../../kept/database.ts';
import { writeSqliteDatabase, type SqliteTable, type TableRun } from './sqlite-database.ts';
import { copyBinaryDownload, type WrittenDownload } from './split-files.ts';

/**
 * The SQLite download, loaded from the NDJSON downloads of the same build (the same records, one
 * per line) in a thread of its own, so the build goes on with the API data meanwhile: inserting a
 * million rows is long, and the records are read from files already written rather than copied
 * from this thread, which would cost this thread as much as the inserts.
 */

/** A table as the thread needs it: its definition and the NDJSON files of its rows, in order, with their SHA-256. */
export type SqliteTableSource = Omit<SqliteTable, 'runs'> & { files: readonly { file: string; sha256: string }[] };

export interface SqliteDownloadJob {
  /** The downloads folder, where the NDJSON files are and the database's parts go. */
  directory: string;
  fileName: string;
  /** Files above this size are cut into parts. */
  maxBytes: number;
  tables: readonly SqliteTableSource[];
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

export type WrittenDatabase = WrittenDownload & { rows: DatabaseRows };

export interface SqliteDownload {
  /** The database's files, once written. */
  written: Promise<WrittenDatabase>;
  /** Stops the thread (when the build fails meanwhile) and removes the files it wrote. */
  cancel(): Promise<void>;
}

const buildingFile = (job: SqliteDownloadJob) => (job.kept ? buildingDatabaseFile(job.kept.dir) : path.join(job.directory, `.${job.fileName}.building`));

/** Each line of the file, parsed: NDJSON writes every record on a line of its own. */
function* ndjsonRecords(file: string): Generator<unknown> {
  const text = readFileSync(file, 'utf8');
  for (let start = 0, end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
    yield JSON.parse(text.slice(start, end));
  }
}

/**
 * The table's rows, file by file: copied from the kept database when it holds the rows of a file
 * with the same bytes, else parsed. `loaded` gets each file's SHA-256 and rows as they are known,
 * the notes to keep the new database with.
 */
function* tableRuns({ name, files, columns }: SqliteTableSource, kept: KeptDatabase | undefined, loaded: LoadedFrom[number]['files'], copied: { rows: number }): Generator<TableRun> {
  for (const { file, sha256 } of files) {
    const run = kept?.runOf(name, sha256);
    if (run) {
      copied.rows += run.count;
      loaded.push({ sha256, rows: run.count });
      yield { kept: run };
      continue;
    }
    const entry = { sha256, rows: 0 };
    loaded.push(entry);
    yield {
      rows: (function* () {
        for (const record of ndjsonRecords(file)) {
          entry.rows++;
          yield flattenRecord(record, columns);
        }
      })(),
    };
  }
}

/** Writes the database, cuts it into parts and keeps it for the next build; what the thread runs. */
export async function writeSqliteDownload(job: SqliteDownloadJob): Promise<WrittenDatabase> {
  if (job.kept) {
    await mkdir(job.kept.dir, { recursive: true });
    removeAbandonedDatabases(job.kept.dir);
  }
  const kept = job.kept ? readKeptDatabase(job.kept.dir, job.kept.fingerprint) : undefined;
  const building = buildingFile(job);
  const loadedFrom: LoadedFrom = job.tables.map(({ name }) => ({ name, files: [] }));
  const copied = { rows: 0 };
  try {
    const tables = job.tables.map((table, index) => ({ ...table, runs: tableRuns(table, kept, loadedFrom[index]!.files, copied) }));
    await writeSqliteDatabase(building, tables, kept?.file);
    const written = await copyBinaryDownload(building, job.directory, job.fileName, job.maxBytes);
    try {
      if (job.kept) keepDatabase(job.kept.dir, building, written.sha256, loadedFrom, job.kept.fingerprint);
    } catch {
      // Only a faster next build depends on it: that build inserts every row.
    }
    const total = loadedFrom.reduce((sum, table) => sum + table.files.reduce((rows, file) => rows + file.rows, 0), 0);
    return { ...written, rows: { total, copied: copied.rows } };
  } finally {
    await rm(building, { force: true });
  }
}

/** Starts writing the database in a worker thread. */
export function startSqliteDownload(job: SqliteDownloadJob): SqliteDownload {
  const worker = new Worker(new URL('./sqlite-worker.ts', import.meta.url), { workerData: job });
  const written = new Promise<WrittenDatabase>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread writing ${job.fileName} stopped early (exit code ${code})`)));
  });
  // A build that fails meanwhile cancels the thread and never awaits this: that is no unhandled error.
  written.catch(() => {});
  return {
    written,
    async cancel() {
      await worker.terminate();
      // The file it is built in, the database and its parts (numbered from 001 to 999).
      await rm(buildingFile(job), { force: true });
      const own = new Set([job.fileName, ...Array.from({ length: 999 }, (_, index) => partFileName(job.fileName, index + 1))]);
      const left = (await readdir(job.directory)).filter((name) => own.has(name));
      await Promise.all(left.map((name) => rm(path.join(job.directory, name), { force: true })));
    },
  };
}
