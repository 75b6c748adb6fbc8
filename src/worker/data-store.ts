import type { StoredLandmarkDetail, StoredLandmarkSummary, StoredReport } from '../schema/api.ts';
import { dataPaths } from '../model/data-paths.ts';
import type { LandmarkPagesManifest } from '../model/landmark-pages.ts';

/**
 * Every read of prebuilt data goes through this interface, so that per-entity files can move from
 * static assets to an object store (R2) when a deployment outgrows the asset file limit.
 */
export interface DataStore {
  landmark(slug: string): Promise<StoredLandmarkDetail | undefined>;
  report(id: string): Promise<StoredReport | undefined>;
  landmarkPagesManifest(): Promise<LandmarkPagesManifest>;
  landmarkPagesChunk(index: number): Promise<StoredLandmarkSummary[]>;
}

/** The manifest is small and changes only with a deploy, so an isolate keeps it once read. */
const manifestCache = new WeakMap<Fetcher, Promise<LandmarkPagesManifest>>();

export function assetDataStore(assets: Fetcher): DataStore {
  const read = async <T>(sitePath: string): Promise<T | undefined> => {
    const response = await assets.fetch(new Request(new URL(sitePath, 'https://assets.invalid')));
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`reading ${sitePath} from assets failed with status ${response.status}`);
    return (await response.json()) as T;
  };
  const required = async <T>(sitePath: string): Promise<T> => {
    const value = await read<T>(sitePath);
    if (value === undefined) throw new Error(`prebuilt data ${sitePath} is missing; was the site built?`);
    return value;
  };
  return {
    landmark: (slug) => read(dataPaths.landmark(slug)),
    report: (id) => read(dataPaths.report(id)),
    landmarkPagesManifest: () => {
      let manifest = manifestCache.get(assets);
      if (!manifest) {
        manifest = required<LandmarkPagesManifest>(dataPaths.landmarkPagesManifest);
        manifest.catch(() => manifestCache.delete(assets));
        manifestCache.set(assets, manifest);
      }
      return manifest;
    },
    landmarkPagesChunk: (index) => required(dataPaths.landmarkPagesChunk(index)),
  };
}
