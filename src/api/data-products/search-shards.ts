import { buildSearchShards } from '../search/build-index.ts';
import type { SearchShard } from '../search/shard.ts';
import { dataFile, dataPrefix, declareDataProduct, type ProductSource } from './product.ts';

/** The shards of one build, made once for both the manifest and the files. */
const made = new WeakMap<ProductSource, Map<string, SearchShard>>();
function shardsOf(source: ProductSource): Map<string, SearchShard> {
  let shards = made.get(source);
  if (!shards) made.set(source, (shards = buildSearchShards(source.summaries)));
  return shards;
}

const paths = { searchShard: (key: string) => `${dataPrefix}search/${key}.json` };

/** The search index, in shards by the first characters of the indexed words. */
export const searchShards = declareDataProduct({
  paths,
  /** Every search shard written, so that a missing one is a damaged deploy, not an empty result. */
  manifestFields: (source) => ({ searchShardKeys: [...shardsOf(source).keys()].sort() }),
  *files(source) {
    for (const [key, shard] of shardsOf(source)) yield dataFile(paths.searchShard(key), () => shard);
  },
  // Their number follows the names' first letters, not the catalogue's size: the budget counts them apart.
  fileCount: () => 0,
  reader: (read, manifest) => ({
    /** Undefined when no indexed word starts with the shard's characters. */
    async searchShard(key: string): Promise<SearchShard | undefined> {
      return (await manifest()).searchShardKeys.includes(key) ? read<SearchShard>(paths.searchShard(key)) : undefined;
    },
  }),
});
