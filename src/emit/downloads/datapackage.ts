import { attributionLine, dataLicense } from '../../domain/data-license.ts';
import type { DownloadTable } from '../../formats/download-records.ts';
import { landmarkFeatureProperties } from '../../formats/landmark-features.ts';
import { downloadFormats, downloadPaths, downloadResources, type DownloadResource } from '../../formats/download-resources.ts';
import { recordJsonSchema, type FlatColumn } from '../../formats/flat-columns.ts';
import { siteUrls } from '../../domain/urls.ts';
import { changesFeedLength } from './changes-feed.ts';
import { csvDialect } from './csv.ts';
import type { WrittenDownload } from './split-files.ts';

/**
 * datapackage.json (Frictionless Data Package, v1 with the v2 `sha256:` hashes): one descriptor
 * that names every download with its size and hash, and gives the CSV tables a Table Schema whose
 * field types and descriptions come from the zod schemas. Relative paths, so the folder can be
 * mirrored as is.
 */

export interface TableSchemaField {
  name: string;
  type: FlatColumn['type'];
  format?: 'uri';
  description: string;
  constraints?: { required?: true; enum?: readonly string[] };
}

export interface TableSchema {
  fields: TableSchemaField[];
  primaryKey: string;
  foreignKeys?: { fields: string; reference: { resource: string; fields: string } }[];
  missingValues: string[];
}

export interface DatapackageFile {
  path: string;
  bytes: number;
  hash: string;
}

export interface DatapackageResource {
  name: string;
  title: string;
  description: string;
  /** One file name, or the parts that concatenate into the whole, in order. */
  path: string | string[];
  profile: 'tabular-data-resource' | 'data-resource';
  format: string;
  mediatype: string;
  encoding?: 'utf-8';
  /** Size and hash of the whole resource (all parts concatenated). */
  bytes: number;
  hash: string;
  /** Each part with its own size and hash, when the resource is split. */
  parts?: DatapackageFile[];
  dialect?: typeof csvDialect;
  schema?: TableSchema;
  jsonSchema?: unknown;
}

export interface Datapackage {
  profile: 'data-package';
  name: string;
  title: string;
  description: string;
  homepage: string;
  licenses: { name: string; title: string; path: string }[];
  attribution: string;
  contributors: { title: string; role: string }[];
  sources: { title: string; path: string }[];
  keywords: string[];
  resources: DatapackageResource[];
}

export interface TableColumns {
  table: DownloadTable<unknown>;
  columns: readonly FlatColumn[];
}

export const flatteningNote =
  'Nested fields are columns joined with "_" (location.city is location_city); lists are JSON arrays written as text; ' +
  'null is an empty field and an empty string is written "".';

const freshnessNote = 'Freshness is given as dates: a report is current while today <= currentUntil (UTC); isCurrent is not stored.';

/** Free text may be empty, and CSV readers see "" as missing, so only other non-null fields are `required`. */
function isRequired(column: FlatColumn): boolean {
  if (column.nullable) return false;
  return column.type !== 'string' || column.enum !== undefined || column.format !== undefined;
}

export function tableSchemaOf({ table, columns }: TableColumns, resourceOfTable: (name: string) => string): TableSchema {
  const fields = columns.map((column): TableSchemaField => {
    const constraints = {
      ...(isRequired(column) ? { required: true as const } : {}),
      ...(column.enum ? { enum: column.enum } : {}),
    };
    return {
      name: column.name,
      type: column.type,
      ...(column.format ? { format: column.format } : {}),
      description: column.description,
      ...(Object.keys(constraints).length > 0 ? { constraints } : {}),
    };
  });
  return {
    fields,
    primaryKey: table.primaryKey,
    ...(table.foreignKey
      ? {
          foreignKeys: [
            { fields: table.foreignKey.column, reference: { resource: resourceOfTable(table.foreignKey.table), fields: table.foreignKey.referencedColumn } },
          ],
        }
      : {}),
    missingValues: [''],
  };
}

function describeResource(resource: DownloadResource, table: DownloadTable<unknown> | undefined): string {
  switch (resource.format) {
    case 'csv':
      return `${table!.description} ${flatteningNote}`;
    case 'ndjson':
      return `${table!.description} One JSON record per line, nested as in the API (see jsonSchema).`;
    case 'json':
      return 'Everything in one JSON object: {"license", "attribution", "landmarks": [...], "reports": [...]}, with the records of the NDJSON files, one record per line.';
    case 'sqlite':
      return (
        'Tables landmarks and reports with the columns of landmarks.csv and reports.csv: primary keys, NOT NULL, ' +
        'reports.landmark_slug references landmarks.slug (indexed); column descriptions are comments in CREATE TABLE (.schema). ' +
        'Lists are JSON text: use json_each().'
      );
    case 'geojson':
      return (
        'Every landmark as a GeoJSON (RFC 7946) Point feature, [longitude, latitude] in WGS 84, with flat properties ' +
        '(see jsonSchema): name, country, current condition and its dates, report count and canonical URLs. Opens as-is in QGIS or geojson.io.'
      );
    case 'atom':
      return `The ${changesFeedLength} most recently updated reports, newest first, for feed readers; each entry's id is the report's canonical URL.`;
  }
}

const mebibyte = 1024 * 1024;

/** "25 MiB" for whole mebibytes, else the exact number of bytes. */
export function sizeLimitInWords(bytes: number): string {
  return bytes % mebibyte === 0 ? `${bytes / mebibyte} MiB` : `${bytes} bytes`;
}

export interface DatapackageInput {
  siteUrl: string;
  tables: readonly TableColumns[];
  written: ReadonlyMap<string, WrittenDownload>;
  /** The size above which a download was split. */
  maxFileBytes: number;
}

export function datapackageOf({ siteUrl, tables, written, maxFileBytes }: DatapackageInput): Datapackage {
  const urls = siteUrls(siteUrl);
  const csvResourceOf = (tableName: string) => downloadResources.find((resource) => resource.format === 'csv' && resource.table === tableName)!.name;
  const resources = downloadResources.map((resource): DatapackageResource => {
    const files = written.get(resource.name);
    if (!files) throw new Error(`datapackage.json: the download ${resource.name} (${resource.fileName}) was not written`);
    const table = tables.find((candidate) => candidate.table.name === resource.table);
    const format = downloadFormats[resource.format];
    const split = files.files.length > 1;
    return {
      name: resource.name,
      title: resource.title,
      description: describeResource(resource, table?.table),
      path: split ? files.files.map((file) => file.fileName) : files.files[0]!.fileName,
      profile: resource.format === 'csv' ? 'tabular-data-resource' : 'data-resource',
      format: resource.format,
      mediatype: format.mediaType,
      ...(format.text ? { encoding: 'utf-8' as const } : {}),
      bytes: files.bytes,
      hash: `sha256:${files.sha256}`,
      ...(split ? { parts: files.files.map((file) => ({ path: file.fileName, bytes: file.bytes, hash: `sha256:${file.sha256}` })) } : {}),
      ...(resource.format === 'csv' && table ? { dialect: csvDialect, schema: tableSchemaOf(table, csvResourceOf) } : {}),
      ...(resource.format === 'ndjson' && table ? { jsonSchema: recordJsonSchema(table.table.schema) } : {}),
      ...(resource.format === 'geojson' ? { jsonSchema: recordJsonSchema(landmarkFeatureProperties) } : {}),
    };
  });
  return {
    profile: 'data-package',
    name: 'landmark-condition-reports',
    title: 'Landmark Condition Reports',
    description:
      'Dated reports of closures, scaffolding, refurbishment, restricted access and blocked views at landmarks worldwide, ' +
      `with the landmarks they are about. ${freshnessNote} Files over ${sizeLimitInWords(maxFileBytes)} are split into parts listed in order under ` +
      '"path"; concatenate them to get the whole file, whose size and hash are "bytes" and "hash". A part of a text file holds ' +
      'whole rows and changes only when one of its rows does: compare the hashes under "parts" to fetch only what changed. ' +
      'The parts of the SQLite database are plain slices of it, and any change may change every one.',
    homepage: urls.absolute(downloadPaths.page),
    licenses: [{ name: dataLicense.id, title: dataLicense.title, path: dataLicense.url }],
    attribution: attributionLine,
    contributors: [{ title: dataLicense.attribution, role: 'author' }],
    sources: [
      {
        title: 'Reports by travellers, official announcements and news articles, reviewed as pull requests; each report cites the page that documents it (source_kind, source_name, source_url) and any further pages (additionalSources)',
        path: urls.absolute('/'),
      },
    ],
    keywords: ['landmarks', 'closures', 'scaffolding', 'refurbishment', 'tourism', 'open data'],
    resources,
  };
}
