import type { Catalogue } from '../../domain/catalogue.ts';
import type { DownloadTable, TableRows } from '../../formats/download-records.ts';
import type { FlatColumn } from '../../formats/flat-columns.ts';
import type { DatapackageResource } from './datapackage.ts';
import type { TextSection } from './split-files.ts';
import { jsonBytesOf, utf8BytesOf, type Utf8Bytes } from '../../domain/json-texts.ts';

/**
 * A download format, declared whole in one file of formats/ and listed once in
 * download-formats.ts: its name, media type, files, what datapackage.json says of them and how they
 * are written. The build, datapackage.json, the download page and the assets' `_headers` all read
 * the list, so a new format is one file and one line, and the compiler refuses one that lacks a part.
 */
export interface DownloadFormat {
  /** datapackage.json's `format`, and the extension of its files: the asset server types downloads by it. */
  name: string;
  /** How the download page names the format. */
  label: string;
  mediaType: string;
  /** UTF-8 text (said in Content-Type and in datapackage.json), or bytes. */
  text: boolean;
  /** The files of this format under /data/, in the order datapackage.json lists them. */
  resources: readonly DownloadResource[];
  /** A resource's description in datapackage.json. */
  describe(resource: DownloadResource, table: TableColumns | undefined): string;
  /** What else datapackage.json says of a resource (a CSV dialect and Table Schema, a JSON Schema); a plain data resource without. */
  datapackage?(resource: DownloadResource, table: TableColumns | undefined): DatapackageExtras;
  writer: TextWriter | ThreadWriter;
}

/** One download: a file under /data/, or the parts that join into it. */
export interface DownloadResource {
  /** Resource name in datapackage.json. */
  name: string;
  /** File name under /data/ when the file is not split. */
  fileName: string;
  title: string;
  /** The table it holds, for the downloads of one table. */
  table?: 'landmarks' | 'reports';
}

export type DatapackageExtras = Partial<Pick<DatapackageResource, 'profile' | 'dialect' | 'schema' | 'jsonSchema'>>;

export interface TableColumns {
  table: DownloadTable<unknown>;
  columns: readonly FlatColumn[];
}

/** A table's rows and the runs of them that make the parts of its downloads. */
export interface TableInDownloads {
  rows: TableRows<unknown>;
  runs: readonly [number, number][];
}

/** What every download of a catalogue shares: each table's rows, cut into runs once for all formats. */
export interface DownloadContext {
  catalogue: Catalogue;
  siteUrl: string;
  tables: readonly TableColumns[];
  table(table: DownloadTable<unknown>): TableInDownloads;
}

/** A download written as text on the build's thread, section by section (split-files.ts cuts it into parts). */
export interface TextWriter {
  kind: 'text';
  sections(resource: DownloadResource, context: DownloadContext): TextSection[];
}

/**
 * A download made from the NDJSON files, in the thread of from-ndjson.ts that reads each of them
 * once for every such download. It starts as soon as they are written, so the build goes on
 * meanwhile. The database holds every table; a text download, the tables it holds (the resource's
 * table, or all of them), each as a section: its rows written as `rows` says, between the text
 * `around` gives.
 */
export type ThreadWriter =
  | { kind: 'thread'; makes: 'database' }
  | {
      kind: 'thread';
      makes: 'text';
      rows: 'csv' | 'json element';
      around(table: TableColumns, index: number, tables: readonly TableColumns[]): { head?: string; tail?: string };
    };

/** A row of a table as a text download writes it: its record, or the record's JSON text. */
export interface TableRow {
  record(): unknown;
  /** The record's JSON text as UTF-8 bytes: the table's own when it has one (TableRows.jsonAt). */
  json(): Utf8Bytes;
}

/** A table's rows as a section of a text download, each row's text made by `text`. */
export function tableSection(
  { rows, runs }: TableInDownloads,
  text: (row: TableRow, last: boolean) => Utf8Bytes,
  around: { head?: string; tail?: string } = {},
): TextSection {
  const jsonAt = rows.jsonAt ?? ((index: number) => jsonBytesOf(rows.at(index)));
  return {
    head: utf8BytesOf(around.head ?? ''),
    tail: utf8BytesOf(around.tail ?? ''),
    count: rows.count,
    rowText: (index, last) => text({ record: () => rows.at(index), json: () => jsonAt(index) }, last),
    runs,
    digests: rows.digests,
    keyHashAt: rows.keyHashAt,
  };
}

/** A JSON array element per line, so diffs stay readable and a split never cuts a record. */
export const jsonElement = (row: TableRow, last: boolean): Utf8Bytes => `${row.json()}${last ? '' : ','}\n` as Utf8Bytes;

/** The columns of the table a resource holds. */
export const tableOf = (resource: DownloadResource, tables: readonly TableColumns[]): TableColumns | undefined =>
  tables.find((candidate) => candidate.table.name === resource.table);
