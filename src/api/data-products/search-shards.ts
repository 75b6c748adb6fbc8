import { buildSearchShards, searchInputTexts } from '../search/build-index.ts';
import type { SearchShard } from '../search/shard.ts';
import { dataFile, dataPrefix, declareDataProduct, type ProductSource } from './product.ts';

/** What one build derives for the index: each made once, for both the manifest and the files. */
interface Made {
  shards?: Map<string, SearchShard>;
  keys?: string[];
  /** The digest of searchInputTexts, when the build keeps derivations. */
  madeFrom?: Uint8Array;
}
const made = new WeakMap<ProductSource, Made>();
const madeFor = (source: ProductSource): Made => made.get(source) ?? made.set(source, {}).get(source)!;

function shardsOf(source: ProductSource): Map<string, SearchShard> {
  const built = madeFor(source);
  return (built.shards ??= buildSearchShards(source.summaries));
}

const madeFromOf = (source: ProductSource): Uint8Array | undefined => {
  const built = madeFor(source);
  return source.kept && (built.madeFrom ??= source.kept.digestOf(searchInputTexts(source.summaries)));
};

/**
 * The shards' keys, sorted. A rebuild whose landmarks' names, places and popularity are the last
 * build's takes them from it, and its shard files too: the index is never built. At 100k landmarks
 * building it took several seconds of every rebuild, most of which change reports only.
 */
function keysOf(source: ProductSource): string[] {
  const built = madeFor(source);
  if (built.keys) return built.keys;
  const make = () => [...shardsOf(source).keys()].sort();
  const madeFrom = madeFromOf(source);
  return (built.keys = madeFrom ? source.kept!.value('search shard keys', madeFrom, make) : make());
}

/** A shard the keys name; the keys kept by the last build are those of the same index, so it is there. */
function shardOf(source: ProductSource, key: string): SearchShard {
  const shard = shardsOf(source).get(key);
  if (!shard) throw new Error(`the search index has no shard "${key}", which its kept keys name: remove the build's .cache/ folder and build again`);
  return shard;
}

const paths = { searchShard: (key: string) => `${dataPrefix}search/${key}.json` };

/** The search index, in shards by the first characters of the indexed words. */
export const searchShards = declareDataProduct({
  paths,
  /** Every search shard written, so that a missing one is a damaged deploy, not an empty result. */
  manifestFields: (source) => ({ searchShardKeys: keysOf(source) }),
  *files(source) {
    const madeFrom = madeFromOf(source);
    for (const key of keysOf(source)) yield dataFile(paths.searchShard(key), () => shardOf(source, key), madeFrom && (() => [madeFrom]));
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
