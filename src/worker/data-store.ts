import { bucketOf } from '../model/buckets.ts';
import type { ChangePosition } from '../model/changes.ts';
import { dataPaths, type DataManifest } from '../model/data-paths.ts';
import type { ChunkManifest } from '../model/keyset-chunks.ts';
import type { LandmarkListManifest } from '../model/landmark-list.ts';
import type { SearchShard } from '../model/search/shard.ts';
import type { StoredChange, StoredLandmarkDetail, StoredLandmarkSummary, StoredReport } from '../schema/api.ts';
import { readAssetJson } from './asset-json.ts';

/**
 * Every read of prebuilt data goes through this interface, so that the files can move from static
 * assets to an object store (R2) when a deployment outgrows the asset file limit.
 */
export interface DataStore {
  landmark(slug: string): Promise<StoredLandmarkDetail | undefined>;
  report(id: string): Promise<StoredReport | undefined>;
  landmarkListManifest(): Promise<LandmarkListManifest>;
  landmarkListChunk(index: number): Promise<StoredLandmarkSummary[]>;
  changesManifest(): Promise<ChunkManifest<ChangePosition>>;
  changesChunk(index: number): Promise<StoredChange[]>;
  /** Undefined when no indexed word starts with the shard's characters. */
  searchShard(key: string): Promise<SearchShard | undefined>;
  popular(): Promise<StoredLandmarkSummary[]>;
  /** The site URL the data was built for (SITE_URL at build time). */
  siteUrl(): Promise<string>;
}

export function assetDataStore(assets: Fetcher): DataStore {
  const read = <T>(sitePath: string): Promise<T> => readAssetJson<T>(assets, sitePath);
  const manifest = () => read<DataManifest>(dataPaths.manifest);

  return {
    async landmark(slug) {
      const bucket = await read<Record<string, StoredLandmarkDetail>>(dataPaths.landmarkBucket(bucketOf(slug, (await manifest()).landmarkBuckets)));
      return Object.hasOwn(bucket, slug) ? bucket[slug] : undefined;
    },
    async report(id) {
      const bucket = await read<Record<string, StoredReport>>(dataPaths.reportBucket(bucketOf(id, (await manifest()).reportBuckets)));
      return Object.hasOwn(bucket, id) ? bucket[id] : undefined;
    },
    landmarkListManifest: () => read(dataPaths.landmarkPagesManifest),
    landmarkListChunk: (index) => read(dataPaths.landmarkPagesChunk(index)),
    changesManifest: () => read(dataPaths.changesManifest),
    changesChunk: (index) => read(dataPaths.changesChunk(index)),
    async searchShard(key) {
      return (await manifest()).searchShardKeys.includes(key) ? read<SearchShard>(dataPaths.searchShard(key)) : undefined;
    },
    popular: () => read(dataPaths.popular),
    siteUrl: async () => (await manifest()).siteUrl,
  };
}
