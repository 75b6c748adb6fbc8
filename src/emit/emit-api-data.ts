import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toBuckets } from '../domain/buckets.ts';
import { summaryOf, type Catalogue } from '../domain/catalogue.ts';
import { changesInOrder } from '../domain/changes.ts';
import { dataLayoutFor } from '../domain/data-layout.ts';
import { dataPaths, type DataManifest } from '../domain/data-paths.ts';
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

/** Every file behind the API routes, as site path -> contents. */
export function apiDataFiles(catalogue: Catalogue, repositoryUrl: string): Map<string, string> {
  const files = new Map<string, string>();
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
  files.set(dataPaths.manifest, json(manifest));
  landmarkBuckets.forEach((bucket, index) => files.set(dataPaths.landmarkBucket(index), json(bucket)));
  reportBuckets.forEach((bucket, index) => files.set(dataPaths.reportBucket(index), json(bucket)));

  const list = chunkLandmarkList(summaries, layout.landmarkChunkSize);
  files.set(dataPaths.landmarkPagesManifest, json(list.manifest));
  list.chunks.forEach((chunk, index) => files.set(dataPaths.landmarkPagesChunk(index), json(chunk)));

  const changes = chunkSorted(changesInOrder(catalogue.reports), ({ updatedAt, id }) => ({ updatedAt, id }), layout.changesChunkSize);
  files.set(dataPaths.changesManifest, json(changes.manifest));
  changes.chunks.forEach((chunk, index) => files.set(dataPaths.changesChunk(index), json(chunk)));

  for (const [key, shard] of shards) files.set(dataPaths.searchShard(key), json(shard));
  files.set(dataPaths.popular, json(popularLandmarks(summaries)));
  return files;
}

/** Writes the stored records behind the API routes into the site being built. */
export async function emitApiData(dataFiles: ReadonlyMap<string, string>, outDir: string): Promise<void> {
  const files = [...dataFiles];
  // Bounded concurrency: enough to keep the disk busy without opening thousands of files at once.
  for (let start = 0; start < files.length; start += 64) {
    await Promise.all(files.slice(start, start + 64).map(([sitePath, contents]) => writeSiteFile(outDir, sitePath, contents)));
  }
}
