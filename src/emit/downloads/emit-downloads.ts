import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue } from '../../domain/catalogue.ts';
import { attributionLine, dataLicense } from '../../domain/data-license.ts';
import { downloadTables } from '../../domain/download-records.ts';
import { downloadPaths, downloadResources, downloadsDirectory, maxDownloadFileBytes, type DownloadResource } from '../../domain/download-resources.ts';
import { flatColumns, flattenRecord } from '../../domain/flat-columns.ts';
import { landmarkFeatureOf } from '../../domain/landmark-features.ts';
import { changesFeed } from './changes-feed.ts';
import { csvRow } from './csv.ts';
import { datapackageOf, type Datapackage, type TableColumns } from './datapackage.ts';
import { writeSqliteDatabase } from './sqlite-database.ts';
import { moveBinaryDownload, writeTextDownload, type WrittenDownload } from './split-files.ts';

/**
 * The bulk downloads under /data/, so that nobody has to crawl the API to get everything: CSV and
 * NDJSON per table, one JSON file, a SQLite database, the Atom feed of changes, and datapackage.json
 * describing them all. Every byte derives from the catalogue: the same content gives the same files.
 */

export interface BulkDownloadOptions {
  siteUrl: string;
  /** Files above this size are split into parts; a parameter so that tests can force a split. */
  maxFileBytes?: number;
}

function* csvLines({ table, columns }: TableColumns, catalogue: Catalogue): Generator<string> {
  yield csvRow(columns.map((column) => column.name));
  for (const record of table.records(catalogue)) yield csvRow(flattenRecord(record, columns));
}

function* ndjsonLines({ table }: TableColumns, catalogue: Catalogue): Generator<string> {
  for (const record of table.records(catalogue)) yield `${JSON.stringify(record)}\n`;
}

/** Valid JSON with one record per line, so diffs stay readable and a split never cuts a record. */
function* everythingJsonLines(tables: readonly TableColumns[], catalogue: Catalogue): Generator<string> {
  const header = { license: { name: dataLicense.id, title: dataLicense.title, path: dataLicense.url }, attribution: attributionLine };
  yield `${JSON.stringify(header).slice(0, -1)},\n`;
  for (const [tableIndex, { table }] of tables.entries()) {
    yield `${JSON.stringify(table.name)}:[\n`;
    let previous: string | undefined;
    for (const record of table.records(catalogue)) {
      if (previous !== undefined) yield `${previous},\n`;
      previous = JSON.stringify(record);
    }
    if (previous !== undefined) yield `${previous}\n`;
    yield tableIndex < tables.length - 1 ? '],\n' : ']}\n';
  }
}

/**
 * A FeatureCollection with one feature per line, so a split never cuts a feature and the parts
 * concatenate back into the whole file. License and attribution are foreign members, which
 * RFC 7946 allows and GIS tools ignore.
 */
function* geojsonLines(catalogue: Catalogue): Generator<string> {
  const header = { type: 'FeatureCollection', license: dataLicense.id, attribution: attributionLine };
  yield `${JSON.stringify(header).slice(0, -1)},"features":[\n`;
  let previous: string | undefined;
  for (const landmark of catalogue.landmarks) {
    if (previous !== undefined) yield `${previous},\n`;
    previous = JSON.stringify(landmarkFeatureOf(landmark));
  }
  if (previous !== undefined) yield `${previous}\n`;
  yield ']}\n';
}

async function writeResource(
  resource: DownloadResource,
  context: { catalogue: Catalogue; tables: readonly TableColumns[]; directory: string; siteUrl: string; maxFileBytes: number },
): Promise<WrittenDownload> {
  const { catalogue, tables, directory, maxFileBytes } = context;
  const table = tables.find((candidate) => candidate.table.name === resource.table);
  const text = (lines: Iterable<string>) => writeTextDownload(directory, resource.fileName, lines, maxFileBytes);
  switch (resource.format) {
    case 'csv':
      return text(csvLines(table!, catalogue));
    case 'ndjson':
      return text(ndjsonLines(table!, catalogue));
    case 'json':
      return text(everythingJsonLines(tables, catalogue));
    case 'geojson':
      return text(geojsonLines(catalogue));
    case 'atom':
      // A hundred short entries stay far below 25 MiB; lines as chunks keep even a tiny test limit honest.
      return text(changesFeed(catalogue.reports, context.siteUrl).split(/(?<=\n)/));
    case 'sqlite': {
      const building = path.join(directory, `.${resource.fileName}.building`);
      await writeSqliteDatabase(
        building,
        tables.map(({ table: { name, primaryKey, foreignKey, records }, columns }) => ({
          name,
          columns,
          primaryKey,
          foreignKey,
          rows: (function* () {
            for (const record of records(catalogue)) yield flattenRecord(record, columns);
          })(),
        })),
      );
      return moveBinaryDownload(building, directory, resource.fileName, maxFileBytes);
    }
  }
}

/** Writes every download and datapackage.json into `directory` (created if needed); returns the datapackage. */
export async function emitBulkDownloads(catalogue: Catalogue, directory: string, options: BulkDownloadOptions): Promise<Datapackage> {
  const maxFileBytes = options.maxFileBytes ?? maxDownloadFileBytes;
  await mkdir(directory, { recursive: true });
  const tables: TableColumns[] = downloadTables.map((table) => ({ table: table as TableColumns['table'], columns: flatColumns(table.schema) }));
  const written = new Map<string, WrittenDownload>();
  for (const resource of downloadResources) {
    written.set(resource.name, await writeResource(resource, { catalogue, tables, directory, siteUrl: options.siteUrl, maxFileBytes }));
  }
  const datapackage = datapackageOf({ siteUrl: options.siteUrl, tables, written, maxFileBytes });
  await writeFile(path.join(directory, path.basename(downloadPaths.datapackage)), `${JSON.stringify(datapackage, null, 2)}\n`);
  return datapackage;
}

/**
 * Emits the downloads beside `staging`, runs `buildPages` (Astro, which empties its output folder
 * first) with their datapackage for the download page, then moves the downloads into
 * `staging/data/`. Nothing is left behind if any step fails.
 */
export async function withBulkDownloads<T>(
  catalogue: Catalogue,
  options: BulkDownloadOptions & { staging: string },
  buildPages: (datapackage: Datapackage) => Promise<T>,
): Promise<T> {
  const directory = `${options.staging}.downloads`;
  await rm(directory, { recursive: true, force: true });
  try {
    const result = await buildPages(await emitBulkDownloads(catalogue, directory, options));
    const target = path.join(options.staging, ...downloadsDirectory.split('/').filter(Boolean));
    await mkdir(target, { recursive: true });
    for (const file of await readdir(directory)) await rename(path.join(directory, file), path.join(target, file));
    return result;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
