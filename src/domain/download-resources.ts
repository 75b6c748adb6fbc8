/**
 * The bulk downloads under /data/: what they are called, in which format, and where they live. The
 * build emits them, the download page lists them, and llms.txt, OpenAPI and the Worker link or
 * serve them from this one list. `/data/datapackage.json` lists the files actually emitted, with
 * sizes and hashes, including any split parts.
 */

export const downloadsDirectory = '/data/';

export const downloadPaths = {
  /** The human page listing every download, its columns and how to load it. */
  page: '/data',
  /** Frictionless Data Package: every file with its size, sha256 hash and table schema. */
  datapackage: '/data/datapackage.json',
  /** Atom feed of the most recently updated reports. */
  changesFeed: '/data/changes.atom',
} as const;

/**
 * Workers static assets refuse files over 25 MiB, so larger downloads are split into parts that
 * concatenate, in order, back into the whole file.
 */
export const maxDownloadFileBytes = 25 * 1024 * 1024;

export const downloadFormats = {
  ndjson: { mediaType: 'application/x-ndjson', text: true },
  csv: { mediaType: 'text/csv', text: true },
  json: { mediaType: 'application/json', text: true },
  sqlite: { mediaType: 'application/vnd.sqlite3', text: false },
  atom: { mediaType: 'application/atom+xml', text: true },
  geojson: { mediaType: 'application/geo+json', text: true },
} as const;

export type DownloadFormat = keyof typeof downloadFormats;

export interface DownloadResource {
  /** Resource name in datapackage.json. */
  name: string;
  /** File name under /data/ when the file is not split. */
  fileName: string;
  format: DownloadFormat;
  title: string;
  /** The table it holds, for the tabular downloads. */
  table?: 'landmarks' | 'reports';
}

export const downloadResources: readonly DownloadResource[] = [
  { name: 'landmarks-csv', fileName: 'landmarks.csv', format: 'csv', title: 'Landmarks, CSV', table: 'landmarks' },
  { name: 'reports-csv', fileName: 'reports.csv', format: 'csv', title: 'Condition reports, CSV', table: 'reports' },
  { name: 'landmarks-ndjson', fileName: 'landmarks.ndjson', format: 'ndjson', title: 'Landmarks, NDJSON', table: 'landmarks' },
  { name: 'reports-ndjson', fileName: 'reports.ndjson', format: 'ndjson', title: 'Condition reports, NDJSON', table: 'reports' },
  { name: 'everything-json', fileName: 'landmark-condition-reports.json', format: 'json', title: 'Everything, one JSON file' },
  { name: 'everything-sqlite', fileName: 'landmark-condition-reports.sqlite', format: 'sqlite', title: 'Everything, SQLite database' },
  { name: 'landmarks-geojson', fileName: 'landmarks.geojson', format: 'geojson', title: 'Landmarks on a map, GeoJSON (RFC 7946)' },
  { name: 'changes-atom', fileName: 'changes.atom', format: 'atom', title: 'Latest changes, Atom feed' },
];

/** `reports.ndjson` part 1 is `reports.part-001.ndjson`: the extension stays, so tools still know the format. */
export function partFileName(fileName: string, partNumber: number): string {
  const dot = fileName.lastIndexOf('.');
  return `${fileName.slice(0, dot)}.part-${String(partNumber).padStart(3, '0')}${fileName.slice(dot)}`;
}
