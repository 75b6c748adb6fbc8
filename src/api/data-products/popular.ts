import { popularForDays, popularLandmarks, type PopularForDays } from '../../domain/featured.ts';
import type { StoredLandmarkSummary } from '../../schema/api.ts';
import { dataFile, dataPrefix, declareDataProduct } from './product.ts';

const paths = {
  popular: `${dataPrefix}featured/popular.json`,
  popularAllDays: `${dataPrefix}featured/popular-all-days.json`,
};

/**
 * The most popular landmarks' summaries, for the featured list: cut to the days from the latest
 * confirmation on (what nearly every request asks), in a file of at most featuredFileBytes, and
 * whole, for any other day.
 */
export const popular = declareDataProduct({
  paths,
  *files({ summaries }) {
    const landmarks = popularLandmarks(summaries);
    yield dataFile(paths.popular, () => popularForDays(landmarks, summaries));
    yield dataFile(paths.popularAllDays, () => landmarks);
  },
  fileCount: () => 2,
  reader: (read) => ({
    popular: () => read<PopularForDays>(paths.popular),
    popularAllDays: () => read<StoredLandmarkSummary[]>(paths.popularAllDays),
  }),
});
