import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue } from '../../domain/catalogue.ts';
import { attributionLine, dataLicense } from '../../domain/data-license.ts';
import { downloadTables, landmarksTable, type DownloadTable, type TableRows } from '../../formats/download-records.ts';
import {
  downloadPaths,
  downloadResources,
  downloadsDirectory,
  maxDownloadFileBytes,
  downloadPartRuns,
  rowsPerDownloadPart,
  type DownloadResource,
} from '../../formats/download-resources.ts';
import { flatColumns, flattenRecord } from '../../formats/flat-columns.ts';
import { landmarkFeatureOf } from '../../formats/landmark-features.ts';
import { changesFeed } from './changes-feed.ts';
import { csvRow } from './csv.ts';
import { datapackageOf, type Datapackage, type TableColumns } from './datapackage.ts';
import { startSqliteDownload, type DatabaseRows, type SqliteDownload } from './sqlite-download.ts';
import type { OutputStore } from '../../kept/output-files.ts';
import { writeTextDownload, type TextDownloadOptions, type TextSection, type WrittenDownload } from './split-files.ts';

/**
 * The bulk downloads under /data/, so that nobody has to crawl the API to get everything: CSV and
 * NDJSON per table, one JSON file, a SQLite database, the Atom feed of changes, and datapackage.json
 * describing them all. Every byte derives from the catalogue: the same content gives the same files.
 * The text files are written on this thread; the SQLite database is loaded from the NDJSON files
 * in a thread of its own (sqlite-download.ts), while the caller's other work goes on.
 */

export interface BulkDownloadOptions {
  siteUrl: string;
  /** Files above this size are split into parts; a parameter so that tests can force a split. */
  maxFileBytes?: number;
  /** Rows per part on average (rowsPerDownloadPart); a parameter so that tests can make several. */
  rowsPerPart?: number;
  /** Where parts made from unchanged rows are kept between builds. */
  store?: OutputStore;
  /** Where the SQLite database is kept between builds, and the fingerprint of the code making it (see kept-database.ts). */
  keptDatabase?: { dir: string; fingerprint: string };
}

/** A table's rows and the runs of them that make the parts of its downloads. */
interface TableInDownloads {
  rows: TableRows<unknown>;
  runs: readonly [number, number][];
}

/** What every text download of a catalogue shares: each table's rows, cut into runs once for all formats. */
interface DownloadContext {
  catalogue: Catalogue;
  table(table: DownloadTable<unknown>): TableInDownloads;
}

/** A table's rows as a section of a text download, each row's text made from its record by `text`. */
function tableSection(
  { rows, runs }: TableInDownloads,
  text: (record: unknown, last: boolean) => string,
  around: { head?: string; tail?: string } = {},
): TextSection {
  return {
    head: around.head ?? '',
    tail: around.tail ?? '',
    count: rows.count,
    rowText: (index, last) => text(rows.at(index), last),
    runs,
    digests: rows.digests,
  };
}

/** A JSON array element per line, so diffs stay readable and a split never cuts a record. */
const jsonElement = (value: unknown, last: boolean) => `${JSON.stringify(value)}${last ? '' : ','}\n`;

const csvSection = ({ table, columns }: TableColumns, context: DownloadContext) =>
  tableSection(context.table(table), (record) => csvRow(flattenRecord(record, columns)), { head: csvRow(columns.map((column) => column.name)) });

const ndjsonSection = ({ table }: TableColumns, context: DownloadContext) =>
  tableSection(context.table(table), (record) => `${JSON.stringify(record)}\n`);

/** Valid JSON with one record per line: {"license", "attribution", "landmarks": [...], "reports": [...]}. */
function everythingJsonSections(tables: readonly TableColumns[], context: DownloadContext): TextSection[] {
  const header = { license: { name: dataLicense.id, title: dataLicense.title, path: dataLicense.url }, attribution: attributionLine };
  return tables.map(({ table }, index) =>
    tableSection(context.table(table), jsonElement, {
      head: `${index === 0 ? `${JSON.stringify(header).slice(0, -1)},\n` : ''}${JSON.stringify(table.name)}:[\n`,
      tail: index < tables.length - 1 ? '],\n' : ']}\n',
    }),
  );
}

/**
 * A FeatureCollection with one feature per line, so a split never cuts a feature and the parts
 * concatenate back into the whole file. License and attribution are foreign members, which
 * RFC 7946 allows and GIS tools ignore.
 */
function geojsonSection(context: DownloadContext): TextSection {
  const { catalogue } = context;
  const header = { type: 'FeatureCollection', license: dataLicense.id, attribution: attributionLine };
  const landmarks = context.table(landmarksTable as DownloadTable<unknown>);
  const features = { ...landmarks, rows: { ...landmarks.rows, at: (index: number) => landmarkFeatureOf(catalogue.landmarks[index]!) } };
  return tableSection(features, jsonElement, { head: `${JSON.stringify(header).slice(0, -1)},"features":[\n`, tail: ']}\n' });
}

/** A download written as text on this thread: all but the SQLite database. */
type TextResource = DownloadResource & { format: Exclude<DownloadResource['format'], 'sqlite'> };

const isTextResource = (resource: DownloadResource): resource is TextResource => resource.format !== 'sqlite';

async function writeTextResource(
  resource: TextResource,
  context: DownloadContext & { tables: readonly TableColumns[]; directory: string; siteUrl: string; text: TextDownloadOptions },
): Promise<WrittenDownload> {
  const { catalogue, tables, directory } = context;
  const table = tables.find((candidate) => candidate.table.name === resource.table);
  const text = (sections: TextSection[]) => writeTextDownload(directory, resource.fileName, sections, context.text);
  switch (resource.format) {
    case 'csv':
      return text([csvSection(table!, context)]);
    case 'ndjson':
      return text([ndjsonSection(table!, context)]);
    case 'json':
      return text(everythingJsonSections(tables, context));
    case 'geojson':
      return text([geojsonSection(context)]);
    case 'atom': {
      // A hundred short entries stay far below 25 MiB; lines as rows keep even a tiny test limit honest.
      const lines = changesFeed(catalogue.reports, context.siteUrl).split(/(?<=\n)/);
      return text([{ head: '', tail: '', count: lines.length, rowText: (index) => lines[index]! }]);
    }
  }
}

/** The SQLite database of the tables, from their NDJSON downloads once `written` holds them all; undefined until then. */
function startSqliteWhenReady(
  tables: readonly TableColumns[],
  written: ReadonlyMap<string, WrittenDownload>,
  directory: string,
  { maxBytes, kept }: { maxBytes: number; kept: BulkDownloadOptions['keptDatabase'] },
): SqliteDownload | undefined {
  const ndjsonFiles = tables.map(({ table }) => {
    const ndjson = downloadResources.find((resource) => resource.format === 'ndjson' && resource.table === table.name)!;
    return written.get(ndjson.name)?.files.map(({ fileName, sha256 }) => ({ file: path.join(directory, fileName), sha256 }));
  });
  if (ndjsonFiles.some((files) => files === undefined)) return undefined;
  return startSqliteDownload({
    directory,
    fileName: sqliteResource.fileName,
    maxBytes,
    tables: tables.map(({ table: { name, primaryKey, foreignKey }, columns }, index) => ({ name, columns, primaryKey, foreignKey, files: ndjsonFiles[index]! })),
    kept,
  });
}

const sqliteResource = downloadResources.find((resource) => resource.format === 'sqlite')!;

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
  const written = new Map<string, WrittenDownload>();
  const text: TextDownloadOptions = { maxBytes: maxFileBytes, store: options.store };
  const rowsPerPart = options.rowsPerPart ?? rowsPerDownloadPart;
  const tablesInDownloads = new Map<string, TableInDownloads>();
  const table = (downloadTable: DownloadTable<unknown>) => {
    let found = tablesInDownloads.get(downloadTable.name);
    if (!found) {
      const rows = downloadTable.rows(catalogue);
      found = { rows, runs: downloadPartRuns(rows.count, rows.keyAt, rowsPerPart) };
      tablesInDownloads.set(downloadTable.name, found);
    }
    return found;
  };
  let sqlite: SqliteDownload | undefined;
  let databaseRows: DatabaseRows | undefined;
  try {
    for (const resource of downloadResources.filter(isTextResource)) {
      written.set(resource.name, await writeTextResource(resource, { catalogue, table, tables, directory, siteUrl: options.siteUrl, text }));
      // Started as soon as its NDJSON files are written, so it runs beside the rest.
      sqlite ??= startSqliteWhenReady(tables, written, directory, { maxBytes: maxFileBytes, kept: options.keptDatabase });
    }
    await meanwhile();
    const { rows, ...database } = await sqlite!.written;
    written.set(sqliteResource.name, database);
    databaseRows = rows;
  } catch (error) {
    await sqlite?.cancel();
    throw error;
  }
  const datapackage = datapackageOf({ siteUrl: options.siteUrl, tables, written, maxFileBytes });
  await writeFile(path.join(directory, path.basename(downloadPaths.datapackage)), `${JSON.stringify(datapackage, null, 2)}\n`);
  return { datapackage, databaseRows: databaseRows! };
}

/**
 * Emits the downloads beside `staging` (running `meanwhile` while the SQLite database is written),
 * runs `buildPages` (Astro, which empties its output folder first) with their datapackage for the
 * download page, then moves the downloads into `staging/data/`. Nothing is left behind if any step
 * fails.
 */
export async function withBulkDownloads<T>(
  catalogue: Catalogue,
  options: BulkDownloadOptions & { staging: string },
  meanwhile: () => Promise<void>,
  buildPages: (datapackage: Datapackage) => Promise<T>,
): Promise<{ pages: T; databaseRows: DatabaseRows }> {
  const directory = `${options.staging}.downloads`;
  await rm(directory, { recursive: true, force: true });
  try {
    const { datapackage, databaseRows } = await emitBulkDownloads(catalogue, directory, options, meanwhile);
    const pages = await buildPages(datapackage);
    const target = path.join(options.staging, ...downloadsDirectory.split('/').filter(Boolean));
    await mkdir(target, { recursive: true });
    for (const file of await readdir(directory)) await rename(path.join(directory, file), path.join(target, file));
    return { pages, databaseRows };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
