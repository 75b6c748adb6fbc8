import { bucketCountFor } from '../domain/buckets.ts';

/**
 * How the API data is cut into files, chosen from the catalogue's size so that the whole site stays
 * within the asset host's file budget (20,000 files on Cloudflare's free plan) up to 100k landmarks
 * and 1M reports, while every request still reads a few small files. Small catalogues keep small
 * files; past the shares below, files hold more records instead of becoming more numerous. Readers
 * need no setting: the manifests record the counts and chunk sizes.
 */
export interface DataLayout {
  landmarkBuckets: number;
  reportBuckets: number;
  /** Landmark summaries per list chunk (search hits and random picks read these too). */
  landmarkChunkSize: number;
  /** The fewest changes in a chunk of the changes feed but the last (chunks are cut at reports' ids, see chunkSortedAtKeys). */
  changesChunkSize: number;
}

/** The most files each kind of data may take: 16,638 together, the rest for search, downloads and pages. */
export const fileShares = {
  reportBuckets: 8_192,
  landmarkBuckets: 4_096,
  landmarkChunks: 2_000,
  changesChunks: 2_000,
  /** The reports of landmarks too heavily reported to keep whole in their bucket (landmark-reports.ts). */
  heavyReportChunks: 250,
  /** Every landmark in the order of the list of those to check again (src/domain/recheck.ts). */
  recheckChunks: 100,
} as const;

/**
 * Reports per chunk of the heavy landmarks' reports: at least 500 (one page of a landmark's reports'
 * list reads one or two chunks), more once even every report of the catalogue would not fit the share.
 */
export const heavyReportChunkSizeFor = (reports: number): number => Math.max(500, Math.ceil(reports / fileShares.heavyReportChunks));

/**
 * Landmarks per chunk of the list of those to check again: at least 500, so that a page of mostly
 * current landmarks still finds its stale ones in the few chunks one request reads.
 */
export const recheckChunkSizeFor = (landmarks: number): number => Math.max(500, Math.ceil(landmarks / fileShares.recheckChunks));

/** Record counts below which files keep their smallest size. */
const smallest = { landmarkChunkSize: 50, changesChunkSize: 200 } as const;

export function dataLayoutFor({ landmarks, reports }: { landmarks: number; reports: number }): DataLayout {
  return {
    landmarkBuckets: Math.min(fileShares.landmarkBuckets, bucketCountFor(landmarks)),
    reportBuckets: Math.min(fileShares.reportBuckets, bucketCountFor(reports)),
    landmarkChunkSize: Math.max(smallest.landmarkChunkSize, Math.ceil(landmarks / fileShares.landmarkChunks)),
    changesChunkSize: Math.max(smallest.changesChunkSize, Math.ceil(reports / fileShares.changesChunks)),
  };
}
