/**
 * Where the build stores the prebuilt API data among the static assets, and so where the Worker
 * reads it. `/_data/` is never served directly: raw records lack what depends on the request time.
 */
export const dataPaths = {
  prefix: '/_data/',
  /** Bucket counts and other sizes a reader needs before it can find a record. */
  manifest: '/_data/manifest.json',
  landmarkBucket: (index: number) => `/_data/landmarks/${index}.json`,
  reportBucket: (index: number) => `/_data/reports/${index}.json`,
  landmarkPagesManifest: '/_data/landmark-pages/manifest.json',
  landmarkPagesChunk: (index: number) => `/_data/landmark-pages/${index}.json`,
  changesManifest: '/_data/changes/manifest.json',
  changesChunk: (index: number) => `/_data/changes/${index}.json`,
  searchShard: (key: string) => `/_data/search/${key}.json`,
  /** Every report of the landmarks kept apart from their bucket (landmark-reports.ts), by slug then newest observation, in chunks. */
  heavyReportsManifest: '/_data/landmark-reports/manifest.json',
  heavyReportsChunk: (index: number) => `/_data/landmark-reports/${index}.json`,
  popular: '/_data/featured/popular.json',
  /** Every landmark in the order of the list of those to check again (recheck.ts), in chunks. */
  recheckManifest: '/_data/recheck/manifest.json',
  recheckChunk: (index: number) => `/_data/recheck/${index}.json`,
  /** The page layout (HTML, as a JSON string) the Worker renders landmark or report pages into, built by Astro. */
  pageTemplate: (kind: PageKind) => `/_data/templates/${kind}.json`,
} as const;

/** The pages the Worker renders from the data, one template each. */
export const pageKinds = ['landmark', 'report'] as const;
export type PageKind = (typeof pageKinds)[number];

export interface DataManifest {
  /** The site URL the data was built for: the origin browsers may call the MCP server from. */
  siteUrl: string;
  /** The repository of the content, for the pages' "edit" and "contribute" links. */
  repositoryUrl: string;
  landmarkBuckets: number;
  reportBuckets: number;
  landmarkCount: number;
  reportCount: number;
  /** Every search shard written, so that a missing one is a damaged deploy, not an empty result. */
  searchShardKeys: string[];
}
