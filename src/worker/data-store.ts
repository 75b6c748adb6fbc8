import { dataStoreOver, type DataStore } from '../api/data-products.ts';
import { readAssetJson, readAssetKeys, readAssetRecord } from './asset-json.ts';

/** The prebuilt data as the Worker reads it: static assets, parsed and kept in the isolate's cache. */
export function assetDataStore(assets: Fetcher): DataStore {
  return dataStoreOver(
    (sitePath) => readAssetJson(assets, sitePath),
    { record: <T>(sitePath: string, key: string) => readAssetRecord<T>(assets, sitePath, key), keys: (sitePath) => readAssetKeys(assets, sitePath) },
  );
}
