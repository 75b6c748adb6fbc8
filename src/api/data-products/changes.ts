import { changeOf, changeOrder, type ChangePosition } from '../../domain/changes.ts';
import { reportColumnsOf } from '../../domain/report-columns.ts';
import { chunkSortedAtKeys, type ChunkManifest } from '../keyset-chunks.ts';
import type { StoredChange } from '../../schema/api.ts';
import { dataFile, dataPrefix, declareDataProduct } from './product.ts';

const paths = {
  changesManifest: `${dataPrefix}changes/manifest.json`,
  changesChunk: (index: number) => `${dataPrefix}changes/${index}.json`,
};

/** Every report in the order of the changes feed (update time, then id), in chunks. */
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
      const changesInChunk = () => chunk.map((position) => changeOf(reports[position]!, catalogue.siteUrl));
      yield dataFile(paths.changesChunk(index), changesInChunk, digests && (() => [digests.reports.gathered(chunk)]));
    }
  },
  fileCount: ({ reports }, layout) => 1 + Math.ceil(reports / layout.changesChunkSize),
  reader: (read) => ({
    changesManifest: () => read<ChunkManifest<ChangePosition>>(paths.changesManifest),
    changesChunk: (index: number) => read<StoredChange[]>(paths.changesChunk(index)),
  }),
});
