import { distinctRandomIndexes, randomCount } from '../featured.ts';
import { presentLandmarkSummary } from '../present.ts';
import { summariesAt } from './summaries-at.ts';
import type { Operation } from './context.ts';

export const getFeaturedLandmarksOperation: Operation<'getFeaturedLandmarks'> = async ({ store, now, random: randomNumber }) => {
  const [popular, { total }] = await Promise.all([store.popular(), store.landmarkListManifest()]);
  const random = await summariesAt(store, distinctRandomIndexes(total, randomCount, randomNumber));
  return {
    popular: popular.map((landmark) => presentLandmarkSummary(landmark, now)),
    random: random.map((landmark) => presentLandmarkSummary(landmark, now)),
  };
};
