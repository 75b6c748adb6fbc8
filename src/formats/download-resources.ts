import { runsCutAtKeys } from '../domain/cut-at-keys.ts';

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

/**
 * Rows per part, on average, of a download too large for one file. Parts are cut before each row
 * whose key hashes to 0 in this many, not where the size limit is reached: a longer or a new row
 * then changes only its own part, so a deploy uploads, a mirror fetches and the build makes again
 * one part per format instead of every part after it. 8192 rows make parts of 3-6 MiB at the
 * synthetic benchmark's row sizes and about 10 MiB at the bundled reports' (1.3 KiB in NDJSON); a
 * run of rows that still exceeds the limit is cut by size as well.
 */
export const rowsPerDownloadPart = 8192;

/**
 * The runs of rows [start, end) that make the parts of a split download: a new run starts at
 * each row whose key hashes to 0 in `rowsPerPart`. Always at least one run, empty for no rows.
 */
export function downloadPartRuns(count: number, keyAt: (index: number) => string, rowsPerPart: number): [number, number][] {
  return runsCutAtKeys(count, keyAt, rowsPerPart);
}

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

const partNumber = (number: number) => String(number).padStart(3, '0');
const withPart = (fileName: string, part: string) => {
  const dot = fileName.lastIndexOf('.');
  return `${fileName.slice(0, dot)}.part-${part}${fileName.slice(dot)}`;
};

/** `reports.ndjson` part 1 is `reports.part-001.ndjson`: the extension stays, so tools still know the format. */
export const partFileName = (fileName: string, number: number): string => withPart(fileName, partNumber(number));

/** All the parts as one curl URL pattern, `reports.part-[001-122].ndjson`: curl fetches them in order. */
export const partRangePattern = (fileName: string, count: number): string => withPart(fileName, `[${partNumber(1)}-${partNumber(count)}]`);
