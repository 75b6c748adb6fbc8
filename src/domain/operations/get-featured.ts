import { distinctRandomIndexes, randomCount } from '../featured.ts';
import { answerDay } from '../answer-day.ts';
import { presentLandmarkSummary } from '../present.ts';
import { summariesAt } from './summaries-at.ts';
import type { Operation } from './context.ts';

export const getFeaturedLandmarksOperation: Operation<'getFeaturedLandmarks'> = async ({ store, now, random: randomNumber }, { at }) => {
  const day = answerDay(now, at);
  const [popular, { total }] = await Promise.all([store.popular(), store.landmarkListManifest()]);
  const random = await summariesAt(store, distinctRandomIndexes(total, randomCount, randomNumber));
  return {
    asOf: day,
    popular: popular.map((landmark) => presentLandmarkSummary(landmark, day)),
    random: random.map((landmark) => presentLandmarkSummary(landmark, day)),
  };
};
