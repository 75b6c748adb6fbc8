import { fnv1aOf } from '../domain/buckets.ts';
import { reportColumnsOf } from '../domain/report-columns.ts';
import type { z } from 'zod';
import { storedLandmarkDetail, storedReport, type CatalogueLandmark, type StoredReport } from '../schema/api.ts';
import { publishedReport, publishedReportJson, type Catalogue } from '../domain/catalogue.ts';
import type { DigestList } from '../domain/input-digests.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';

/**
 * The records of the bulk downloads: what the API serves minus what depends on the moment of the
 * request. A download can be read on any day, so it carries dates (`currentUntil`) and never a
 * stale `isCurrent`: a report is current while today <= currentUntil (UTC). Landmarks leave their
 * reports out; reports are a table of their own that names its landmark by slug.
 */
export const landmarkDownloadRecord = storedLandmarkDetail.omit({ reports: true, reportDays: true, conditionTimeline: true });
export const reportDownloadRecord = storedReport;

export type LandmarkDownloadRecord = z.infer<typeof landmarkDownloadRecord>;
export type ReportDownloadRecord = StoredReport;

export function landmarkDownloadRecordOf(landmark: CatalogueLandmark): LandmarkDownloadRecord {
  // These only let the Worker count reports and find the condition on a day without loading them;
  // the reports table carries every report's own period.
  // The watch's checks say what the service last read, not what the data says.
  const { reports: _reports, reportDays: _reportDays, conditionTimeline: _conditionTimeline, watchChecks: _watchChecks, ...record } = landmark;
  return record;
}

/** A table of the downloads: one per record kind, the same in CSV, NDJSON and SQLite. */
export interface DownloadTable<Record> {
  name: 'landmarks' | 'reports';
  title: string;
  description: string;
  schema: z.ZodType<Record>;
  /** Column (flattened name) that identifies a row. */
  primaryKey: string;
  foreignKey?: { column: string; table: string; referencedColumn: string };
  rows(catalogue: Catalogue): TableRows<Record>;
}

/**
 * A table's rows in catalogue order, read by position: a large download is cut into parts by the
 * rows' keys, and a part whose rows kept their input digests is reused from the last build.
 */
export interface TableRows<Record> {
  count: number;
  at(index: number): Record;
  /** fnv1aOf the primary key of the row at `index`, by which a large download is cut into parts. */
  keyHashAt(index: number): number;
  /** The input digests of the records the rows come from, when the catalogue has them. */
  digests: DigestList | undefined;
  /** The JSON text of the record at `index`, for records whose texts the catalogue may keep (publishedReportJson); without, made from `at`. */
  jsonAt?(index: number): Utf8Bytes;
}

export const landmarksTable: DownloadTable<LandmarkDownloadRecord> = {
  name: 'landmarks',
  title: 'Landmarks',
  description:
    'One row per landmark, sorted by slug: names, location, coordinates, Wikidata id, canonical URLs, ' +
    'and the current condition (that of its most recently confirmed report, with that report\'s dates).',
  schema: landmarkDownloadRecord,
  primaryKey: 'slug',
  rows: ({ landmarks, inputDigests }) => ({
    count: landmarks.length,
    at: (index) => landmarkDownloadRecordOf(landmarks[index]!),
    keyHashAt: (index) => fnv1aOf(landmarks[index]!.slug),
    digests: inputDigests?.landmarks,
  }),
};

export const reportsTable: DownloadTable<ReportDownloadRecord> = {
  name: 'reports',
  title: 'Condition reports',
  description:
    'One row per report, sorted by id: the condition observed at a landmark, when, by whom, its ' +
    'confirmations and its freshness dates. A report is current while today <= currentUntil (UTC).',
  schema: reportDownloadRecord,
  primaryKey: 'id',
  foreignKey: { column: 'landmark_slug', table: 'landmarks', referencedColumn: 'slug' },
  rows: (catalogue) => ({
    count: catalogue.reports.length,
    at: (index) => publishedReport(catalogue.reports[index]!, catalogue, index),
    jsonAt: (index) => publishedReportJson(catalogue.reports[index]!, catalogue, index),
    keyHashAt: (index) => reportColumnsOf(catalogue.reports).idHashes[index]!,
    digests: catalogue.inputDigests?.reports,
  }),
};

export const downloadTables = [landmarksTable, reportsTable] as const;
