import { summariesOf, type Catalogue } from '../domain/catalogue.ts';
import { dataLayoutFor, type DataLayout } from './data-layout.ts';
import { changes } from './data-products/changes.ts';
import { heavyReports } from './data-products/heavy-reports.ts';
import { keyedRecordsOf, recordIn } from './data-products/keyed-records.ts';
import { landmarkBuckets } from './data-products/landmark-buckets.ts';
import { landmarkChecks } from './data-products/landmark-checks.ts';
import { landmarkList } from './data-products/landmark-list.ts';
import { nearbyCells } from './data-products/nearby-cells.ts';
import { pageTemplates } from './data-products/page-templates.ts';
import { popular } from './data-products/popular.ts';
import { dataFile, dataPrefix, type BaseManifest, type CatalogueSizes, type DataFile, type DataProduct, type KeptDerivations, type ProductSource, type KeyedReads, type ReadDataFile } from './data-products/product.ts';
import { recheck } from './data-products/recheck.ts';
import { reportBuckets } from './data-products/report-buckets.ts';
import { searchShards } from './data-products/search-shards.ts';

/**
 * The prebuilt data, one declaration per product (data-products/<name>.ts: its paths, the files
 * the build writes, the reads the Worker makes). The build writes them in this order, the data
 * store is their readers together, and the paths and the manifest are theirs merged: a new index is
 * one file and one line here.
 */
const productList = [landmarkBuckets, landmarkChecks, heavyReports, reportBuckets, landmarkList, changes, searchShards, popular, recheck, pageTemplates, nearbyCells] as const;

type Product = (typeof productList)[number];
type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void ? Both : never;
type PathsOf<P> = P extends DataProduct<infer Paths, object, object> ? Paths : never;
type ReaderOf<P> = P extends DataProduct<object, infer Reader, object> ? Reader : never;
type ManifestFieldsOf<P> = P extends DataProduct<object, object, infer Fields> ? Fields : never;

export type DataManifest = BaseManifest & Intersection<ManifestFieldsOf<Product>>;

const manifestPath = `${dataPrefix}manifest.json`;

/** Every product's site paths, and the manifest's: where the build writes and the Worker reads. */
export const dataPaths = Object.assign(
  {
    prefix: dataPrefix,
    /** Bucket counts and other sizes a reader needs before it can find a record. */
    manifest: manifestPath,
  },
  ...productList.map((product) => product.paths),
) as { prefix: typeof dataPrefix; manifest: string } & Intersection<PathsOf<Product>>;

/**
 * Every read of prebuilt data goes through this interface, so that the operations run the same
 * against the Worker's static assets, the build's files in memory, or an object store (R2) when a
 * deployment outgrows the asset file limit.
 */
export type DataStore = Intersection<ReaderOf<Product>> & {
  /** The site URL the data was built for (SITE_URL at build time). */
  siteUrl(): Promise<string>;
  /** The repository of the content (REPOSITORY_URL at build time). */
  repositoryUrl(): Promise<string>;
};

/** The data store over any way of reading the prebuilt files: every product's reader together. */
export function dataStoreOver(read: ReadDataFile, keyed: KeyedReads): DataStore {
  const manifest = () => read<DataManifest>(manifestPath);
  return Object.assign(
    {
      siteUrl: async () => (await manifest()).siteUrl,
      repositoryUrl: async () => (await manifest()).repositoryUrl,
    },
    ...productList.map((product) => (product as DataProduct<object, object, object>).reader(read, manifest, keyed)),
  ) as DataStore;
}

/**
 * The data store over a way of reading a prebuilt file's bytes, each read parsed anew: for the
 * build's examples, tools and tests (the Worker keeps what it read, src/worker/asset-json.ts).
 */
export function dataStoreOverFiles(readBytes: (sitePath: string) => Promise<Uint8Array>): DataStore {
  const decoder = new TextDecoder();
  return dataStoreOver(
    async <T>(sitePath: string) => JSON.parse(decoder.decode(await readBytes(sitePath))) as T,
    {
      record: async <T>(sitePath: string, key: string) => recordIn<T>(keyedRecordsOf(await readBytes(sitePath)), key),
      keys: async (sitePath: string) => keyedRecordsOf(await readBytes(sitePath)).keys,
    },
  );
}

/**
 * Every file behind the API routes, one at a time: the build writes each as it comes, so memory
 * never holds every file's text at once. With `kept`, products reuse what the last build derived
 * from the same part of the catalogue.
 */
export function* apiDataFiles(catalogue: Catalogue, repositoryUrl: string, kept?: KeptDerivations): Generator<DataFile> {
  const source: ProductSource = {
    catalogue,
    summaries: summariesOf(catalogue.landmarks),
    layout: dataLayoutFor({ landmarks: catalogue.landmarks.length, reports: catalogue.reports.length }),
    ...(kept ? { kept } : {}),
  };
  const manifest = Object.assign(
    { siteUrl: catalogue.siteUrl, repositoryUrl, landmarkCount: catalogue.landmarks.length, reportCount: catalogue.reports.length },
    ...productList.map((product) => (product as DataProduct<object, object, object>).manifestFields?.(source) ?? {}),
  ) as DataManifest;
  yield dataFile(manifestPath, () => manifest);
  for (const product of productList) yield* (product as DataProduct).files(source);
}

/** How many data files a layout makes, search shards aside (their number follows the names' first letters). */
export function dataFileCount(layout: DataLayout, sizes: CatalogueSizes): number {
  const manifest = 1;
  return productList.reduce((total, product) => total + (product as DataProduct).fileCount(sizes, layout), manifest);
}
