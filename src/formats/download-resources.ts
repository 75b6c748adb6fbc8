import { runsCutAtKeys } from '../domain/cut-at-keys.ts';

/**
 * Where the bulk downloads live under /data/ and how a large one is cut into parts. The formats
 * and their files are declared in src/emit/downloads/formats/ (one file each, listed in
 * download-formats.ts); `/data/datapackage.json` lists the files actually emitted, with sizes and
 * hashes, including any split parts.
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
 * each row whose key hashes to 0 in `rowsPerPart` (`keyHashAt`: fnv1aOf the row's key). Always at
 * least one run, empty for no rows.
 */
export function downloadPartRuns(count: number, keyHashAt: (index: number) => number, rowsPerPart: number): [number, number][] {
  return runsCutAtKeys(count, keyHashAt, rowsPerPart);
}

const partNumber = (number: number) => String(number).padStart(3, '0');
const withPart = (fileName: string, part: string) => {
  const dot = fileName.lastIndexOf('.');
  return `${fileName.slice(0, dot)}.part-${part}${fileName.slice(dot)}`;
};

/** `reports.ndjson` part 1 is `reports.part-001.ndjson`: the extension stays, so tools still know the format. */
export const partFileName = (fileName: string, number: number): string => withPart(fileName, partNumber(number));

/** All the parts as one curl URL pattern, `reports.part-[001-122].ndjson`: curl fetches them in order. */
export const partRangePattern = (fileName: string, count: number): string => withPart(fileName, `[${partNumber(1)}-${partNumber(count)}]`);
