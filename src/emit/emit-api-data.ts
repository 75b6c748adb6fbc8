import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toBuckets } from '../domain/buckets.ts';
import { summaryOf, type Catalogue } from '../domain/catalogue.ts';
import { changesInOrder } from '../domain/changes.ts';
import { dataLayoutFor } from '../domain/data-layout.ts';
import { dataPaths, type DataManifest } from '../domain/data-paths.ts';
import { dataStoreOver, type DataStore } from '../domain/data-store.ts';
import { popularLandmarks } from '../domain/featured.ts';
import { chunkSorted } from '../domain/keyset-chunks.ts';
import { chunkLandmarkList } from '../domain/landmark-list.ts';
import { buildSearchShards } from '../domain/search/build-index.ts';

/** Writes a file below `outDir` at a site path such as `/_data/landmarks/0.json`. */
export async function writeSiteFile(outDir: string, sitePath: string, contents: string | Uint8Array): Promise<void> {
  const target = path.join(outDir, ...sitePath.split('/').filter(Boolean));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, contents);
}

const json = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * Every file behind the API routes, as [site path, contents], one at a time: the build writes each
 * as it comes, so memory never holds every file's text at once.
 */
export function* apiDataFiles(catalogue: Catalogue, repositoryUrl: string): Generator<[string, string]> {
  const summaries = catalogue.landmarks.map(summaryOf);
  const layout = dataLayoutFor({ landmarks: catalogue.landmarks.length, reports: catalogue.reports.length });
  const landmarkBuckets = toBuckets(catalogue.landmarks, (landmark) => landmark.slug, layout.landmarkBuckets);
  const reportBuckets = toBuckets(catalogue.reports, (report) => report.id, layout.reportBuckets);
  const shards = buildSearchShards(summaries);
  const manifest: DataManifest = {
    siteUrl: catalogue.siteUrl,
    repositoryUrl,
    landmarkBuckets: landmarkBuckets.length,
    reportBuckets: reportBuckets.length,
    landmarkCount: catalogue.landmarks.length,
    reportCount: catalogue.reports.length,
    searchShardKeys: [...shards.keys()].sort(),
  };
  yield [dataPaths.manifest, json(manifest)];
  for (const [index, bucket] of landmarkBuckets.entries()) yield [dataPaths.landmarkBucket(index), json(bucket)];
  for (const [index, bucket] of reportBuckets.entries()) yield [dataPaths.reportBucket(index), json(bucket)];

  const list = chunkLandmarkList(summaries, layout.landmarkChunkSize);
  yield [dataPaths.landmarkPagesManifest, json(list.manifest)];
  for (const [index, chunk] of list.chunks.entries()) yield [dataPaths.landmarkPagesChunk(index), json(chunk)];

  const changes = chunkSorted(changesInOrder(catalogue.reports), ({ updatedAt, id }) => ({ updatedAt, id }), layout.changesChunkSize);
  yield [dataPaths.changesManifest, json(changes.manifest)];
  for (const [index, chunk] of changes.chunks.entries()) yield [dataPaths.changesChunk(index), json(chunk)];

  for (const [key, shard] of shards) yield [dataPaths.searchShard(key), json(shard)];
  yield [dataPaths.popular, json(popularLandmarks(summaries))];
}

/** Writes the stored records behind the API routes into the site being built, as they are made. */
export async function emitApiData(dataFiles: Iterable<[string, string]>, outDir: string): Promise<void> {
  // Bounded concurrency: enough to keep the disk busy without holding thousands of files at once.
  let batch: Promise<void>[] = [];
  for (const [sitePath, contents] of dataFiles) {
    batch.push(writeSiteFile(outDir, sitePath, contents));
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
