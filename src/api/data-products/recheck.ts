import { reportColumnsOf } from '../../domain/report-columns.ts';
import { recheckChunkSizeFor } from '../data-layout.ts';
import { chunkSorted, type ChunkManifest } from '../keyset-chunks.ts';
import { compareRecheckPositions, recheckEntryOf, recheckPositionOf, type RecheckPosition } from '../../domain/recheck.ts';
import type { StoredRecheckEntry } from '../../schema/api.ts';
import { dataFile, dataPrefix, declareDataProduct } from './product.ts';

const paths = {
  recheckManifest: `${dataPrefix}recheck/manifest.json`,
  recheckChunk: (index: number) => `${dataPrefix}recheck/${index}.json`,
};

/** Every landmark, most popular first, as the list of those to check again reads them (recheck.ts), in chunks. */
export const recheck = declareDataProduct({
  paths,
  *files({ catalogue }) {
    // No request answers for a day before the newest observation, so earlier stretches never matter.
    const notBefore = reportColumnsOf(catalogue.reports).newestObservedAt.slice(0, 10);
    // Ordered and chunked by position (popularity and slug) alone; a chunk's entries are made only
    // when its file is, from its landmarks and that day, which is all they are made from.
    const { landmarks, inputDigests } = catalogue;
    const positions = landmarks.map((landmark, index) => ({ index, position: recheckPositionOf(landmark) }));
    positions.sort((a, b) => compareRecheckPositions(a.position, b.position));
    const { manifest, chunks } = chunkSorted(positions, ({ position }) => position, recheckChunkSizeFor(positions.length));
    yield dataFile(paths.recheckManifest, () => manifest);
    const day = new TextEncoder().encode(notBefore);
    for (const [index, chunk] of chunks.entries()) {
      const entries = () => chunk.map((item) => recheckEntryOf(landmarks[item.index]!, notBefore));
      yield dataFile(paths.recheckChunk(index), entries, inputDigests && (() => [day, inputDigests.landmarks.gathered(chunk.map((item) => item.index))]));
    }
  },
  fileCount: ({ landmarks }) => 1 + Math.ceil(landmarks / recheckChunkSizeFor(landmarks)),
  reader: (read) => ({
    /** Every landmark, most popular first, as the list of those to check again stores it (recheck.ts). */
    recheckManifest: () => read<ChunkManifest<RecheckPosition>>(paths.recheckManifest),
    recheckChunk: (index: number) => read<StoredRecheckEntry[]>(paths.recheckChunk(index)),
  }),
});
