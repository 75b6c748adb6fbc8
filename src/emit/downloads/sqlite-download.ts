import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { partFileName } from '../../domain/download-resources.ts';
import { flattenRecord, type CellValue } from '../../domain/flat-columns.ts';
import { writeSqliteDatabase, type SqliteTable } from './sqlite-database.ts';
import { moveBinaryDownload, type WrittenDownload } from './split-files.ts';

/**
 * The SQLite download, loaded from the NDJSON downloads of the same build (the same records, one
 * per line) in a thread of its own, so the build goes on with the API data meanwhile: inserting a
 * million rows is long, and the records are read from files already written rather than copied
 * from this thread, which would cost this thread as much as the inserts.
 */

/** A table as the thread needs it: its definition and the NDJSON files of its rows, in order. */
export type SqliteTableSource = Omit<SqliteTable, 'rows'> & { files: readonly string[] };

export interface SqliteDownloadJob {
  /** The downloads folder, where the NDJSON files are and the database goes. */
  directory: string;
  fileName: string;
  /** Files above this size are cut into parts. */
  maxBytes: number;
  tables: readonly SqliteTableSource[];
}

export interface SqliteDownload {
  /** The database's files, once written. */
  written: Promise<WrittenDownload>;
  /** Stops the thread (when the build fails meanwhile) and removes the files it wrote. */
  cancel(): Promise<void>;
}

const buildingFile = (job: SqliteDownloadJob) => path.join(job.directory, `.${job.fileName}.building`);

/** Each line of the files, parsed: NDJSON writes every record on a line of its own. */
function* ndjsonRecords(files: readonly string[]): Generator<unknown> {
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (let start = 0, end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
      yield JSON.parse(text.slice(start, end));
    }
  }
}

function* tableRows({ files, columns }: SqliteTableSource): Generator<CellValue[]> {
  for (const record of ndjsonRecords(files)) yield flattenRecord(record, columns);
}

/** Writes the database and cuts it into parts; what the thread runs. */
export async function writeSqliteDownload(job: SqliteDownloadJob): Promise<WrittenDownload> {
  const building = buildingFile(job);
  await writeSqliteDatabase(building, job.tables.map((table) => ({ ...table, rows: tableRows(table) })));
  return moveBinaryDownload(building, job.directory, job.fileName, job.maxBytes);
}

/** Starts writing the database in a worker thread. */
export function startSqliteDownload(job: SqliteDownloadJob): SqliteDownload {
  const worker = new Worker(new URL('./sqlite-worker.ts', import.meta.url), { workerData: job });
  const written = new Promise<WrittenDownload>((resolve, reject) => {
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
      // The database, its parts (numbered from 001 to 999) and the file it is built in.
      const own = new Set([path.basename(buildingFile(job)), job.fileName, ...Array.from({ length: 999 }, (_, index) => partFileName(job.fileName, index + 1))]);
      const left = (await readdir(job.directory)).filter((name) => own.has(name));
      await Promise.all(left.map((name) => rm(path.join(job.directory, name), { force: true })));
    },
  };
}
