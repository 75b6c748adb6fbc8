import { popularLandmarks } from '../../domain/featured.ts';
import type { StoredLandmarkSummary } from '../../schema/api.ts';
import { dataFile, dataPrefix, declareDataProduct } from './product.ts';

const paths = { popular: `${dataPrefix}featured/popular.json` };

/** The most popular landmarks' summaries, for the featured list. */
export const popular = declareDataProduct({
  paths,
  *files({ summaries }) {
    yield dataFile(paths.popular, () => popularLandmarks(summaries));
  },
  fileCount: () => 1,
  reader: (read) => ({
    popular: () => read<StoredLandmarkSummary[]>(paths.popular),
  }),
});
