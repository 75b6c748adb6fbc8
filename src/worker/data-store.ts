import { dataStoreOver, type DataStore } from '../api/data-products.ts';
import { readAssetJson, readAssetRecord } from './asset-json.ts';

/** The prebuilt data as the Worker reads it: static assets, parsed and kept in the isolate's cache. */
export function assetDataStore(assets: Fetcher): DataStore {
  return dataStoreOver(
    (sitePath) => readAssetJson(assets, sitePath),
    (sitePath, key) => readAssetRecord(assets, sitePath, key),
  );
}
