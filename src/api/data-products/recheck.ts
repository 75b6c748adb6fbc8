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
    let newest = '';
    for (const report of catalogue.reports) if (report.observedAt > newest) newest = report.observedAt;
    const entries = catalogue.landmarks.map((landmark) => recheckEntryOf(landmark, newest.slice(0, 10)));
    entries.sort((a, b) => compareRecheckPositions(recheckPositionOf(a), recheckPositionOf(b)));
    const { manifest, chunks } = chunkSorted(entries, recheckPositionOf, recheckChunkSizeFor(entries.length));
    yield dataFile(paths.recheckManifest, () => manifest);
    for (const [index, chunk] of chunks.entries()) yield dataFile(paths.recheckChunk(index), () => chunk);
  },
  fileCount: ({ landmarks }) => 1 + Math.ceil(landmarks / recheckChunkSizeFor(landmarks)),
  reader: (read) => ({
    /** Every landmark, most popular first, as the list of those to check again stores it (recheck.ts). */
    recheckManifest: () => read<ChunkManifest<RecheckPosition>>(paths.recheckManifest),
    recheckChunk: (index: number) => read<StoredRecheckEntry[]>(paths.recheckChunk(index)),
  }),
});
