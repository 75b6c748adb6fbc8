import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue } from '../../domain/catalogue.ts';
import { downloadTables, type DownloadTable } from '../../formats/download-records.ts';
import { downloadPaths, maxDownloadFileBytes, downloadPartRuns, rowsPerDownloadPart } from '../../formats/download-resources.ts';
import { flatColumns } from '../../formats/flat-columns.ts';
import { datapackageOf, listedResources, type Datapackage, type ListedResource } from './datapackage.ts';
import type { DownloadContext, TableColumns, TableInDownloads } from './download-format.ts';
import { downloadResources } from './download-formats.ts';
import { startFromNdjson, type DatabaseRows, type TextJob } from './from-ndjson.ts';
import { ndjsonFormat } from './formats/ndjson.ts';
import type { OutputStore } from '../../kept/output-files.ts';
import { textBuffers, writeTextDownload, type ListedDownload, type TextDownloadOptions, type WrittenDownload } from './split-files.ts';
import { textFromNdjson, type TextFromNdjson, type TextSectionFromNdjson } from './text-from-ndjson.ts';

/**
 * The bulk downloads under /data/, so that nobody has to crawl the API to get everything: every
 * format of download-formats.ts, and datapackage.json describing them all. Every byte derives from
 * the catalogue: the same content gives the same files. The text files are written on this
 * thread, in the list's order but for the NDJSON files, which come first: the downloads made from
 * them (the SQLite database, the CSV files and the JSON file) are made in a thread of their own,
 * started as soon as they are written, while the rest and the caller's other work go on.
 */

export interface BulkDownloadOptions {
  siteUrl: string;
  /** Files above this size are split into parts; a parameter so that tests can force a split. */
  maxFileBytes?: number;
  /** Rows per part on average (rowsPerDownloadPart); a parameter so that tests can make several. */
  rowsPerPart?: number;
  /** Where parts made from unchanged rows are kept between builds. */
  store?: OutputStore;
  /** Where the SQLite database is kept between builds, and the fingerprint of the code making it (see src/kept/database.ts). */
  keptDatabase?: { dir: string; fingerprint: string };
  /**
   * Runs on this thread after `meanwhile`, once every download's files and sizes are known, while
   * the database is cut (see emitBulkDownloads).
   */
  listed?: (resources: ListedResource[]) => Promise<void>;
}

/** The NDJSON files first: the thread making the other downloads from them starts once they are written. */
const textInWritingOrder = <T extends { format: unknown }>(texts: readonly T[]): T[] => [
  ...texts.filter((resource) => resource.format === ndjsonFormat),
  ...texts.filter((resource) => resource.format !== ndjsonFormat),
];

/**
 * Writes every download and datapackage.json into `directory` (created if needed); returns the
 * datapackage. `meanwhile` runs on this thread while the downloads made from the NDJSON files are
 * written in their own, then `options.listed`; both are done when it returns, whether it succeeds or not.
 */
export async function emitBulkDownloads(
  catalogue: Catalogue,
  directory: string,
  options: BulkDownloadOptions,
  meanwhile: () => Promise<void> = async () => {},
): Promise<{ datapackage: Datapackage; databaseRows: DatabaseRows }> {
  const maxFileBytes = options.maxFileBytes ?? maxDownloadFileBytes;
  await mkdir(directory, { recursive: true });
  const tables: TableColumns[] = downloadTables.map((table) => ({ table: table as TableColumns['table'], columns: flatColumns(table.schema) }));
  const written = new Map<string, WrittenDownload>();
  // One set of buffers for the text downloads, written one after another below.
  const text: TextDownloadOptions = { maxBytes: maxFileBytes, store: options.store, buffers: textBuffers() };
  const rowsPerPart = options.rowsPerPart ?? rowsPerDownloadPart;
  const tablesInDownloads = new Map<string, TableInDownloads>();
  const table = (downloadTable: DownloadTable<unknown>) => {
    let found = tablesInDownloads.get(downloadTable.name);
    if (!found) {
      const rows = downloadTable.rows(catalogue);
      found = { rows, runs: downloadPartRuns(rows.count, rows.keyHashAt, rowsPerPart) };
      tablesInDownloads.set(downloadTable.name, found);
    }
    return found;
  };
  const context: DownloadContext = { catalogue, siteUrl: options.siteUrl, tables, table };
  const textResources = downloadResources.filter((resource) => resource.format.writer.kind === 'text');
  let fromNdjson: DownloadsFromNdjson | undefined;
  let databaseRows: DatabaseRows = { total: 0, copied: 0 };
  let listing: Promise<void> | undefined;
  try {
    // At a million reports, the thread's work is the last a one-report rebuild waits for.
    for (const resource of textInWritingOrder(textResources)) {
      const { writer } = resource.format;
      if (writer.kind !== 'text') continue;
      written.set(resource.name, await writeTextDownload(directory, resource.fileName, writer.sections(resource, context), text));
      if (!fromNdjson && ndjsonFormat.resources.every(({ name }) => written.has(name))) {
        fromNdjson = await startDownloadsFromNdjson(tables, written, directory, maxFileBytes, options);
      }
    }
    await meanwhile();
    if (!fromNdjson) throw new Error('the NDJSON downloads were never all written, so neither was what is made from them');
    if (options.listed) {
      const texts = [...written];
      listing = fromNdjson.listed.then((fromThread) => options.listed!(listedResources(new Map<string, ListedDownload>([...texts, ...fromThread]))));
      listing.catch(() => {}); // awaited below, after the thread, or before this fails
    }
    const made = await fromNdjson.written;
    for (const [name, download] of made.downloads) written.set(name, download);
    databaseRows = made.rows;
    await listing;
  } catch (error) {
    await Promise.allSettled([fromNdjson?.cancel(), listing]);
    throw error;
  }
  const datapackage = datapackageOf({ siteUrl: options.siteUrl, tables, written, maxFileBytes });
  await writeFile(path.join(directory, path.basename(downloadPaths.datapackage)), `${JSON.stringify(datapackage, null, 2)}\n`);
  return { datapackage, databaseRows };
}

/** The downloads made from the NDJSON files in the thread of from-ndjson.ts, by resource name, and the database's rows. */
interface DownloadsFromNdjson {
  /** Their files and sizes, once the texts are named and the database written. */
  listed: Promise<Map<string, ListedDownload>>;
  written: Promise<{ downloads: Map<string, WrittenDownload>; rows: DatabaseRows }>;
  /** Stops the thread and removes what it and the pieces linked for it left in the downloads folder. */
  cancel(): Promise<void>;
}

/**
 * Starts the thread making the downloads declared `kind: 'thread'` from the NDJSON files written:
 * the database, and the text downloads, less the pieces the last build kept (text-from-ndjson.ts).
 */
async function startDownloadsFromNdjson(
  tables: readonly TableColumns[],
  textWritten: ReadonlyMap<string, WrittenDownload>,
  directory: string,
  maxBytes: number,
  options: BulkDownloadOptions,
): Promise<DownloadsFromNdjson> {
  const databases = downloadResources.filter(({ format: { writer } }) => writer.kind === 'thread' && writer.makes === 'database');
  if (databases.length !== 1) throw new Error(`download-formats.ts declares ${databases.length} databases; the thread of from-ndjson.ts makes exactly one`);
  const database = databases[0]!;
  const ndjsonFilesOf = (table: string) => textWritten.get(ndjsonFormat.resources.find((resource) => resource.table === table)!.name)!.files;
  const texts: { name: string; job: Omit<TextJob, 'sections'>; sections: TextSectionFromNdjson[]; pieces: TextFromNdjson }[] = [];
  for (const resource of downloadResources) {
    const { writer } = resource.format;
    if (writer.kind !== 'thread' || writer.makes !== 'text') continue;
    const held = resource.table === undefined ? tables : tables.filter(({ table }) => table.name === resource.table);
    const sections = held.map((table, index) => {
      const { head = '', tail = '' } = writer.around(table, index, held);
      return { table: table.table.name, files: ndjsonFilesOf(table.table.name), head, tail };
    });
    const pieces = await textFromNdjson(directory, resource.fileName, sections, maxBytes, options.store);
    texts.push({ name: resource.name, job: { fileName: resource.fileName, rows: writer.rows }, sections, pieces });
  }
  const thread = startFromNdjson({
    directory,
    fileName: database.fileName,
    maxBytes,
    tables: tables.map(({ table: { name, primaryKey, foreignKey }, columns }) => ({
      name,
      columns,
      primaryKey,
      foreignKey,
      files: ndjsonFilesOf(name).map(({ fileName, sha256 }) => ({ file: path.join(directory, fileName), sha256 })),
    })),
    texts: texts.map(({ job, sections, pieces }) => ({ ...job, sections: sections.map(({ table, head, tail }, index) => ({ table, head, tail, make: pieces.make[index]! })) })),
    kept: options.keptDatabase,
  });
  // The texts are named as soon as they are made: the database is still being finished.
  const named = thread.texts.then((made) => Promise.all(texts.map(async ({ name, pieces }, index): Promise<[string, WrittenDownload]> => [name, await pieces.finish(made[index]!.sections)])));
  const written = Promise.all([thread.written, named]).then(([{ rows, files, bytes }, named]) => ({
    downloads: new Map<string, WrittenDownload>([[database.name, { files, bytes }], ...named]),
    rows,
  }));
  const listed = Promise.all([thread.database, named]).then(([parts, named]) => new Map<string, ListedDownload>([[database.name, parts], ...named]));
  for (const promise of [written, listed]) promise.catch(() => {}); // awaited unless the build failed first, which cancels
  return {
    listed,
    written,
    async cancel() {
      await thread.cancel();
      const own = texts.map(({ job }) => `.${job.fileName}.`);
      const left = (await readdir(directory)).filter((name) => own.some((prefix) => name.startsWith(prefix)));
      await Promise.all(left.map((name) => rm(path.join(directory, name), { force: true })));
    },
  };
}
