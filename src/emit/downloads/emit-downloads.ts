import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue } from '../../domain/catalogue.ts';
import { downloadTables, type DownloadTable } from '../../formats/download-records.ts';
import { downloadPaths, maxDownloadFileBytes, downloadPartRuns, rowsPerDownloadPart } from '../../formats/download-resources.ts';
import { flatColumns } from '../../formats/flat-columns.ts';
import { datapackageOf, type Datapackage } from './datapackage.ts';
import type { DownloadContext, TableColumns, TableInDownloads } from './download-format.ts';
import { downloadResources } from './download-formats.ts';
import type { DatabaseRows, SqliteDownload } from './sqlite-download.ts';
import type { OutputStore } from '../../kept/output-files.ts';
import { writeTextDownload, type TextDownloadOptions, type WrittenDownload, type WrittenText } from './split-files.ts';
import { startWholeHashes } from './whole-hashes.ts';

/**
 * The bulk downloads under /data/, so that nobody has to crawl the API to get everything: every
 * format of download-formats.ts, and datapackage.json describing them all. Every byte derives from
 * the catalogue: the same content gives the same files. The text files are written on this
 * thread, in the list's order but for those a download in a thread of its own is made from (the
 * SQLite database, from the NDJSON files), which come first: it starts as soon as they are
 * written, while the rest and the caller's other work go on. So does the hashing of a split
 * download's whole (whole-hashes.ts).
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
}

/**
 * Writes every download and datapackage.json into `directory` (created if needed); returns the
 * datapackage. `meanwhile` runs on this thread while the SQLite database is written in its own.
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
  const textWritten = new Map<string, WrittenText>();
  const wholeHashes = startWholeHashes();
  const text: TextDownloadOptions = { maxBytes: maxFileBytes, store: options.store, wholeHashes };
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
  const job = { tables, written: textWritten, directory, maxBytes: maxFileBytes, kept: options.keptDatabase };
  const waiting = downloadResources.flatMap((resource) => (resource.format.writer.kind === 'thread' ? [{ resource, writer: resource.format.writer }] : []));
  const started = new Map<string, SqliteDownload>();
  const startWhenReady = () => {
    for (const { resource, writer } of waiting) {
      if (started.has(resource.name)) continue;
      const download = writer.start(resource, job);
      if (download) started.set(resource.name, download);
    }
  };
  const databaseRows: DatabaseRows = { total: 0, copied: 0 };
  const written = new Map<string, WrittenDownload>();
  // The downloads a thread makes its own from are written first: at a million reports the SQLite
  // thread's work is the last a one-report rebuild waits for, and it starts once they are written.
  const inputs = new Set(waiting.flatMap(({ writer }) => writer.inputs));
  const textResources = downloadResources.filter((resource) => resource.format.writer.kind === 'text');
  const inWritingOrder = [...textResources.filter((resource) => inputs.has(resource.format)), ...textResources.filter((resource) => !inputs.has(resource.format))];
  try {
    for (const resource of inWritingOrder) {
      const { writer } = resource.format;
      if (writer.kind !== 'text') continue;
      textWritten.set(resource.name, await writeTextDownload(directory, resource.fileName, writer.sections(resource, context), text));
      // Started as soon as the files they read are written, so they run beside the rest.
      startWhenReady();
    }
    await meanwhile();
    for (const [name, { sha256, ...files }] of textWritten) written.set(name, { ...files, sha256: await sha256 });
    for (const { resource } of waiting) {
      const download = started.get(resource.name);
      if (!download) throw new Error(`${resource.name} (${resource.fileName}) never started: the downloads it is made from were not written`);
      const { rows, ...files } = await download.written;
      written.set(resource.name, files);
      databaseRows.total += rows.total;
      databaseRows.copied += rows.copied;
    }
  } catch (error) {
    await Promise.all([...started.values()].map((download) => download.cancel()));
    throw error;
  } finally {
    await wholeHashes.close();
  }
  const datapackage = datapackageOf({ siteUrl: options.siteUrl, tables, written, maxFileBytes });
  await writeFile(path.join(directory, path.basename(downloadPaths.datapackage)), `${JSON.stringify(datapackage, null, 2)}\n`);
  return { datapackage, databaseRows };
}
