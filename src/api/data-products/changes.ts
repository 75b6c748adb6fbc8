import { changeKeyOf, changeOf, changeOrder, changePositionOfKey, type ChangePosition } from '../../domain/changes.ts';
import { reportColumnsOf } from '../../domain/report-columns.ts';
import { chunkSortedAtKeys, type ChunkManifest, type PageChunk } from '../keyset-chunks.ts';
import type { StoredChange } from '../../schema/api.ts';
import { keyedValuePieces } from './keyed-records.ts';
import { dataFile, dataFileOf, dataPrefix, declareDataProduct } from './product.ts';

const paths = {
  changesManifest: `${dataPrefix}changes/manifest.json`,
  changesChunk: (index: number) => `${dataPrefix}changes/${index}.jsonl`,
};

/**
 * Every report in the order of the changes feed (update time, then id), in chunks, each a
 * keyed-records file (keyed-records.ts) keyed by the change's position (changeKeyOf): a page reads
 * its chunks' keys and parses only the changes it lists.
 */
export const changes = declareDataProduct({
  paths,
  *files({ catalogue, layout }) {
    // Ordered by update time, an edited report moves to the end of the feed: chunks cut at the
    // reports' ids keep the rest, where fixed-size chunks would all shift. Chunks hold report
    // positions until written, so reused ones never become change records.
    const { reports, inputDigests: digests } = catalogue;
    const { idHashes } = reportColumnsOf(reports);
    const feed = chunkSortedAtKeys(
      changeOrder(reports),
      (position) => ({ updatedAt: reports[position]!.updatedAt, id: reports[position]!.id }),
      (position) => idHashes[position]!,
      layout.changesChunkSize,
    );
    yield dataFile(paths.changesManifest, () => feed.manifest);
    for (const [index, chunk] of feed.chunks.entries()) {
      const changesInChunk = () => keyedValuePieces(chunk.map((position) => [changeKeyOf(reports[position]!), changeOf(reports[position]!, catalogue.siteUrl)]));
      yield dataFileOf(paths.changesChunk(index), changesInChunk, digests && (() => [digests.reports.gathered(chunk)]));
    }
  },
  fileCount: ({ reports }, layout) => 1 + Math.ceil(reports / layout.changesChunkSize),
  reader: (read, _, keyed) => ({
    changesManifest: () => read<ChunkManifest<ChangePosition>>(paths.changesManifest),
    async changesChunk(index: number): Promise<PageChunk<StoredChange, ChangePosition>> {
      const path = paths.changesChunk(index);
      const keys = await keyed.keys(path);
      return {
        keys: keys.map(changePositionOfKey),
        recordAt: async (position) => (await keyed.record<StoredChange>(path, keys[position]!))!,
      };
    },
  }),
});
