import { distinctRandomIndexes, randomCount } from '../../model/featured.ts';
import { presentLandmarkSummary } from '../../model/present.ts';
import type { FeaturedLandmarks } from '../../schema/api.ts';
import { jsonResponse } from '../http.ts';
import { summariesAt } from '../summaries-at.ts';
import type { RouteHandler } from './context.ts';

/** A uniform random number in [0, 1) from the platform's cryptographic generator. */
function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

export const getFeaturedLandmarks: RouteHandler = async ({ request, store, now }) => {
  const [popular, { total }] = await Promise.all([store.popular(), store.landmarkListManifest()]);
  const random = await summariesAt(store, distinctRandomIndexes(total, randomCount, secureRandom));
  const body: FeaturedLandmarks = {
    popular: popular.map((landmark) => presentLandmarkSummary(landmark, now)),
    random: random.map((landmark) => presentLandmarkSummary(landmark, now)),
  };
  // A new random draw every request: no shared cache may keep one draw for everybody.
  return jsonResponse(request, body, { cacheControl: 'no-store' });
};
