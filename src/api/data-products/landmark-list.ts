import { chunkLandmarkList, type LandmarkListManifest } from '../landmark-list.ts';
import type { StoredLandmarkSummary } from '../../schema/api.ts';
import { dataFile, dataPrefix, declareDataProduct } from './product.ts';

const paths = {
  landmarkPagesManifest: `${dataPrefix}landmark-pages/manifest.json`,
  landmarkPagesChunk: (index: number) => `${dataPrefix}landmark-pages/${index}.json`,
};

/** Every landmark's summary in slug order, in chunks: the list's pages, search hits and random picks. */
export const landmarkList = declareDataProduct({
  paths,
  *files({ catalogue, summaries, layout }) {
    const digests = catalogue.inputDigests;
    const list = chunkLandmarkList(summaries, layout.landmarkChunkSize);
    yield dataFile(paths.landmarkPagesManifest, () => list.manifest);
    for (const [index, chunk] of list.chunks.entries()) {
      const start = index * layout.landmarkChunkSize;
      yield dataFile(paths.landmarkPagesChunk(index), () => chunk, digests && (() => [digests.landmarks.range(start, start + chunk.length)]));
    }
  },
  fileCount: ({ landmarks }, layout) => 1 + Math.ceil(landmarks / layout.landmarkChunkSize),
  reader: (read) => ({
    landmarkListManifest: () => read<LandmarkListManifest>(paths.landmarkPagesManifest),
    landmarkListChunk: (index: number) => read<StoredLandmarkSummary[]>(paths.landmarkPagesChunk(index)),
  }),
});
