import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bucketPositions } from '../domain/buckets.ts';
import { publishedLandmark, publishedReport, summaryOf, type Catalogue } from '../domain/catalogue.ts';
import { changeOf, changeOrder } from '../domain/changes.ts';
import { dataLayoutFor, heavyReportChunkSizeFor, recheckChunkSizeFor } from '../domain/data-layout.ts';
import { dataPaths, type DataManifest } from '../domain/data-paths.ts';
import { dataStoreOver, type DataStore } from '../domain/data-store.ts';
import type { DigestList } from '../domain/input-digests.ts';
import { popularLandmarks } from '../domain/featured.ts';
import { chunkSorted, chunkSortedAtKeys } from '../domain/keyset-chunks.ts';
import { compareHeavyReportKeys, heavyReportKeyOf, keptReportLimit, keptReports } from '../domain/landmark-reports.ts';
import { chunkLandmarkList } from '../domain/landmark-list.ts';
import { compareRecheckPositions, recheckEntryOf, recheckPositionOf } from '../domain/recheck.ts';
import { buildSearchShards } from '../domain/search/build-index.ts';
import type { OutputStore } from '../kept/output-files.ts';

/** Writes a file below `outDir` at a site path such as `/_data/landmarks/0.json`. */
export async function writeSiteFile(outDir: string, sitePath: string, contents: string | Uint8Array): Promise<void> {
  const target = path.join(outDir, ...sitePath.split('/').filter(Boolean));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, contents);
}

const json = (value: unknown) => `${JSON.stringify(value)}\n`;

/** One file made from the catalogue (behind the API routes, or the sitemap); its contents are made only when it cannot be reused. */
export interface DataFile {
  sitePath: string;
  contents(): string;
  /**
   * The input digests of the records it holds, in order, when the catalogue has them and the file
   * holds nothing else: the build reuses the file a previous build made from the same records.
   */
  madeFrom?: () => Uint8Array[];
}

const dataFile = (sitePath: string, value: () => unknown, madeFrom?: () => Uint8Array[]): DataFile =>
  madeFrom ? { sitePath, contents: () => json(value()), madeFrom } : { sitePath, contents: () => json(value()) };

/**
 * The files of one kind of record in hash buckets, each with the input digests of its records;
 * `published` makes a record as the file holds it (with its reports' bodies) only when it is written.
 */
function* bucketFiles<T>(records: readonly T[], keys: readonly string[], bucketCount: number, pathOf: (index: number) => string, digests: DigestList | undefined, published: (record: T) => unknown) {
  for (const [index, positions] of bucketPositions(keys, bucketCount).entries()) {
    const bucket = () => Object.fromEntries(positions.map((position) => [keys[position]!, published(records[position]!)]));
    yield dataFile(pathOf(index), bucket, digests && (() => positions.map((position) => digests.at(position))));
  }
}

/**
 * The reports of every heavy landmark (more than keptReportLimit), by slug then newest observation,
 * in chunks with a manifest of first keys: one page of a landmark's reports reads one or two chunks.
 */
function* heavyReportFiles(catalogue: Catalogue, chunkSize: number): Generator<DataFile> {
  const positionOfId = new Map<string, number>();
  const heavy = catalogue.landmarks.filter((landmark) => landmark.reports.length > keptReportLimit);
  if (heavy.length > 0) catalogue.reports.forEach((report, position) => positionOfId.set(report.id, position));
  const ordered = heavy.flatMap((landmark) => {
    const keyed = landmark.reports.map((report) => ({ key: heavyReportKeyOf(report), position: positionOfId.get(report.id)! }));
    return keyed.sort((a, b) => compareHeavyReportKeys(a.key, b.key));
  });
  const { manifest, chunks } = chunkSorted(ordered, ({ key }) => key, chunkSize);
  yield dataFile(dataPaths.heavyReportsManifest, () => manifest);
  const digests = catalogue.inputDigests?.reports;
  for (const [index, chunk] of chunks.entries()) {
    const reports = () => chunk.map(({ position }) => publishedReport(catalogue.reports[position]!, catalogue));
    yield dataFile(dataPaths.heavyReportsChunk(index), reports, digests && (() => chunk.map(({ position }) => digests.at(position))));
  }
}

/**
 * Every file behind the API routes, one at a time: the build writes each as it comes, so memory
 * never holds every file's text at once.
 */
export function* apiDataFiles(catalogue: Catalogue, repositoryUrl: string): Generator<DataFile> {
  const summaries = catalogue.landmarks.map(summaryOf);
  const layout = dataLayoutFor({ landmarks: catalogue.landmarks.length, reports: catalogue.reports.length });
  const digests = catalogue.inputDigests;
  const shards = buildSearchShards(summaries);
  const manifest: DataManifest = {
    siteUrl: catalogue.siteUrl,
    repositoryUrl,
    landmarkBuckets: layout.landmarkBuckets,
    reportBuckets: layout.reportBuckets,
    landmarkCount: catalogue.landmarks.length,
    reportCount: catalogue.reports.length,
    searchShardKeys: [...shards.keys()].sort(),
  };
  yield dataFile(dataPaths.manifest, () => manifest);
  const slugs = catalogue.landmarks.map(({ slug }) => slug);
  // A heavy landmark keeps a bounded share of its reports in its bucket; all of them go apart, below.
  const bucketed = catalogue.landmarks.map((landmark) => (landmark.reports.length > keptReportLimit ? { ...landmark, reports: keptReports(landmark.reports) } : landmark));
  yield* bucketFiles(bucketed, slugs, layout.landmarkBuckets, dataPaths.landmarkBucket, digests?.landmarks, (landmark) => publishedLandmark(landmark, catalogue));
  yield* heavyReportFiles(catalogue, heavyReportChunkSizeFor(catalogue.reports.length));
  const ids = catalogue.reports.map(({ id }) => id);
  yield* bucketFiles(catalogue.reports, ids, layout.reportBuckets, dataPaths.reportBucket, digests?.reports, (report) => publishedReport(report, catalogue));

  const list = chunkLandmarkList(summaries, layout.landmarkChunkSize);
  yield dataFile(dataPaths.landmarkPagesManifest, () => list.manifest);
  for (const [index, chunk] of list.chunks.entries()) {
    const start = index * layout.landmarkChunkSize;
    yield dataFile(dataPaths.landmarkPagesChunk(index), () => chunk, digests && (() => chunk.map((_, offset) => digests.landmarks.at(start + offset))));
  }

  // Ordered by update time, an edited report moves to the end of the feed: chunks cut at the
  // reports' ids keep the rest, where fixed-size chunks would all shift. Chunks hold report
  // positions until written, so reused ones never become change records.
  const { reports } = catalogue;
  const changes = chunkSortedAtKeys(
    changeOrder(reports),
    (position) => ({ updatedAt: reports[position]!.updatedAt, id: reports[position]!.id }),
    (position) => reports[position]!.id,
    layout.changesChunkSize,
  );
  yield dataFile(dataPaths.changesManifest, () => changes.manifest);
  for (const [index, chunk] of changes.chunks.entries()) {
    const changesInChunk = () => chunk.map((position) => changeOf(reports[position]!, catalogue.siteUrl));
    yield dataFile(dataPaths.changesChunk(index), changesInChunk, digests && (() => chunk.map((position) => digests.reports.at(position))));
  }

  for (const [key, shard] of shards) yield dataFile(dataPaths.searchShard(key), () => shard);
  yield dataFile(dataPaths.popular, () => popularLandmarks(summaries));
  yield* recheckFiles(catalogue);
}

/** Every landmark, most popular first, as the list of those to check again reads them (recheck.ts). */
function* recheckFiles(catalogue: Catalogue): Generator<DataFile> {
  // No request answers for a day before the newest observation, so earlier stretches never matter.
  let newest = '';
  for (const report of catalogue.reports) if (report.observedAt > newest) newest = report.observedAt;
  const entries = catalogue.landmarks.map((landmark) => recheckEntryOf(landmark, newest.slice(0, 10)));
  entries.sort((a, b) => compareRecheckPositions(recheckPositionOf(a), recheckPositionOf(b)));
  const { manifest, chunks } = chunkSorted(entries, recheckPositionOf, recheckChunkSizeFor(entries.length));
  yield dataFile(dataPaths.recheckManifest, () => manifest);
  for (const [index, chunk] of chunks.entries()) yield dataFile(dataPaths.recheckChunk(index), () => chunk);
}

/**
 * Writes data files into the site being built, as they are made, or as a previous build made them
 * when `store` kept a file made from the same records.
 */
export async function emitDataFiles(dataFiles: Iterable<DataFile>, outDir: string, store?: OutputStore): Promise<void> {
  const emit = async ({ sitePath, contents, madeFrom }: DataFile) => {
    const key = store && madeFrom ? store.keyOf(sitePath, madeFrom()) : undefined;
    const target = path.join(outDir, ...sitePath.split('/').filter(Boolean));
    if (key !== undefined && (await store!.reuse(key, target))) return;
    const text = contents();
    await writeSiteFile(outDir, sitePath, text);
    if (key !== undefined) await store!.keep(key, target, text);
  };
  // Bounded concurrency: enough to keep the disk busy without holding thousands of files at once.
  let batch: Promise<void>[] = [];
  for (const file of dataFiles) {
    batch.push(emit(file));
    if (batch.length === 64) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
}

/** The data store over a built site's files, as the Worker reads them (the build runs operations on it for examples). */
export function builtDataStore(siteDir: string): DataStore {
  return dataStoreOver(async <T>(sitePath: string) => JSON.parse(await readFile(path.join(siteDir, ...sitePath.split('/').filter(Boolean)), 'utf8')) as T);
}
