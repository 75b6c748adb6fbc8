import { attributionLine, dataLicense } from '../../domain/data-license.ts';
import { downloadPaths } from '../../formats/download-resources.ts';
import { siteUrls } from '../../domain/urls.ts';
import { csvDialect } from './csv.ts';
import { tableOf, type TableColumns } from './download-format.ts';
import { downloadResources } from './download-formats.ts';
import type { TableSchema } from './table-schema.ts';
import type { ListedDownload, WrittenDownload } from './split-files.ts';

/**
 * datapackage.json (Frictionless Data Package, v1 with the v2 `sha256:` hashes): one descriptor
 * that names every download file with its size and hash, and gives the CSV tables a Table Schema
 * whose field types and descriptions come from the zod schemas. Relative paths, so the folder can
 * be mirrored as is.
 */

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
  /** Size of the whole resource (all parts concatenated). */
  bytes: number;
  /**
   * Hash of the file, when the resource is one. A split resource has none of its whole (hashing
   * it again at each rebuild read every byte of every part, the unchanged ones too): each part
   * has its own, under `parts`.
   */
  hash?: string;
  /** Each part with its own size and hash, when the resource is split. */
  parts?: DatapackageFile[];
  dialect?: typeof csvDialect;
  schema?: TableSchema;
  jsonSchema?: unknown;
}

/** What the download page lists of a resource: its files and sizes, known before their hashes. */
export type ListedResource = Pick<DatapackageResource, 'name' | 'title' | 'path' | 'format' | 'bytes'>;

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

const freshnessNote = 'Freshness is given as dates: a report is current while today <= currentUntil (UTC); isCurrent is not stored.';

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

/** The download's files as `path` says them: one name, or the parts in order. */
const pathOf = ({ files }: ListedDownload): string | string[] => (files.length > 1 ? files.map((file) => file.fileName) : files[0]!.fileName);

/** The download's files, or an error naming it: every download is written before it is described. */
function writtenOf<T extends ListedDownload>(written: ReadonlyMap<string, T>, resource: { name: string; fileName: string }, where: string): T {
  const files = written.get(resource.name);
  if (!files) throw new Error(`${where}: the download ${resource.name} (${resource.fileName}) was not written`);
  return files;
}

/** Every download as the download page lists it, in datapackage.json's order. */
export const listedResources = (listed: ReadonlyMap<string, ListedDownload>): ListedResource[] =>
  downloadResources.map((resource) => {
    const files = writtenOf(listed, resource, 'the download page');
    return { name: resource.name, title: resource.title, path: pathOf(files), format: resource.format.name, bytes: files.bytes };
  });

export function datapackageOf({ siteUrl, tables, written, maxFileBytes }: DatapackageInput): Datapackage {
  const urls = siteUrls(siteUrl);
  const resources = downloadResources.map(({ format, ...resource }): DatapackageResource => {
    const files = writtenOf(written, resource, 'datapackage.json');
    const table = tableOf(resource, tables);
    const split = files.files.length > 1;
    const { profile = 'data-resource', ...extras } = format.datapackage?.(resource, table) ?? {};
    return {
      name: resource.name,
      title: resource.title,
      description: format.describe(resource, table),
      path: pathOf(files),
      profile,
      format: format.name,
      mediatype: format.mediaType,
      ...(format.text ? { encoding: 'utf-8' as const } : {}),
      bytes: files.bytes,
      ...(split
        ? { parts: files.files.map((file) => ({ path: file.fileName, bytes: file.bytes, hash: `sha256:${file.sha256}` })) }
        : { hash: `sha256:${files.files[0]!.sha256}` }),
      ...extras,
    };
  });
  return {
    profile: 'data-package',
    name: 'landmark-condition-reports',
    title: 'Landmark Condition Reports',
    description:
      'Dated reports of closures, scaffolding, refurbishment, restricted access and blocked views at landmarks worldwide, ' +
      `with the landmarks they are about. ${freshnessNote} Files over ${sizeLimitInWords(maxFileBytes)} are split into parts listed in order under ` +
      '"path"; concatenate them to get the whole file, whose size is "bytes"; each part has its own size and hash under "parts" ' +
      '(check the parts, then join them). A part of a text file holds ' +
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
