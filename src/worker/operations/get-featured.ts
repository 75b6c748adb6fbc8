import { distinctRandomIndexes, randomCount } from '../../model/featured.ts';
import { presentLandmarkSummary } from '../../model/present.ts';
import { summariesAt } from '../summaries-at.ts';
import type { Operation } from './context.ts';

/** A uniform random number in [0, 1) from the platform's cryptographic generator. */
function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

export const getFeaturedLandmarksOperation: Operation<'getFeaturedLandmarks'> = async ({ store, now }) => {
  const [popular, { total }] = await Promise.all([store.popular(), store.landmarkListManifest()]);
  const random = await summariesAt(store, distinctRandomIndexes(total, randomCount, secureRandom));
  return {
    popular: popular.map((landmark) => presentLandmarkSummary(landmark, now)),
    random: random.map((landmark) => presentLandmarkSummary(landmark, now)),
  };
};
