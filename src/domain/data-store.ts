import { bucketOf } from './buckets.ts';
import type { ChangePosition } from './changes.ts';
import { dataPaths, type DataManifest, type PageKind } from './data-paths.ts';
import type { ChunkManifest } from './keyset-chunks.ts';
import type { LandmarkListManifest } from './landmark-list.ts';
import type { HeavyReportKey } from './landmark-reports.ts';
import type { RecheckPosition } from './recheck.ts';
import type { SearchShard } from './search/shard.ts';
import type { StoredChange, StoredLandmarkDetail, StoredLandmarkSummary, StoredRecheckEntry, StoredReport } from '../schema/api.ts';

/**
 * Every read of prebuilt data goes through this interface, so that the operations run the same
 * against the Worker's static assets, the build's files in memory, or an object store (R2) when a
 * deployment outgrows the asset file limit.
 */
export interface DataStore {
  landmark(slug: string): Promise<StoredLandmarkDetail | undefined>;
  report(id: string): Promise<StoredReport | undefined>;
  landmarkListManifest(): Promise<LandmarkListManifest>;
  landmarkListChunk(index: number): Promise<StoredLandmarkSummary[]>;
  changesManifest(): Promise<ChunkManifest<ChangePosition>>;
  changesChunk(index: number): Promise<StoredChange[]>;
  /** The reports of heavy landmarks, by slug then newest observation (see landmark-reports.ts). */
  heavyReportsManifest(): Promise<ChunkManifest<HeavyReportKey>>;
  heavyReportsChunk(index: number): Promise<StoredReport[]>;
  /** Undefined when no indexed word starts with the shard's characters. */
  searchShard(key: string): Promise<SearchShard | undefined>;
  popular(): Promise<StoredLandmarkSummary[]>;
  /** Every landmark, most popular first, as the list of those to check again stores it (recheck.ts). */
  recheckManifest(): Promise<ChunkManifest<RecheckPosition>>;
  recheckChunk(index: number): Promise<StoredRecheckEntry[]>;
  /** The site URL the data was built for (SITE_URL at build time). */
  siteUrl(): Promise<string>;
  /** The repository of the content (REPOSITORY_URL at build time). */
  repositoryUrl(): Promise<string>;
  /** The built page layout a page of this kind is rendered into, as HTML. */
  pageTemplate(kind: PageKind): Promise<string>;
}

/** Reads and parses one prebuilt file by its site path, e.g. `/_data/manifest.json`. */
export type ReadDataFile = <T>(sitePath: string) => Promise<T>;

/** The data store over any way of reading the prebuilt files: the one place that knows their layout. */
export function dataStoreOver(read: ReadDataFile): DataStore {
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
    heavyReportsManifest: () => read(dataPaths.heavyReportsManifest),
    heavyReportsChunk: (index) => read(dataPaths.heavyReportsChunk(index)),
    async searchShard(key) {
      return (await manifest()).searchShardKeys.includes(key) ? read<SearchShard>(dataPaths.searchShard(key)) : undefined;
    },
    popular: () => read(dataPaths.popular),
    recheckManifest: () => read(dataPaths.recheckManifest),
    recheckChunk: (index) => read(dataPaths.recheckChunk(index)),
    siteUrl: async () => (await manifest()).siteUrl,
    repositoryUrl: async () => (await manifest()).repositoryUrl,
    pageTemplate: (kind) => read<string>(dataPaths.pageTemplate(kind)),
  };
}
