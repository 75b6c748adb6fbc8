import { pageLimits } from '../../model/api-limits.ts';
import { jsonResponse } from '../http.ts';
import { listLandmarksOperation } from '../operations/list-landmarks.ts';
import { integerParameter, singleParameter } from '../query.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const listLandmarks: RouteHandler = async ({ request, url, store, now }) => {
  const body = await listLandmarksOperation(
    { store, now },
    { limit: integerParameter(url, 'limit', pageLimits), cursor: singleParameter(url, 'cursor') },
  );
  return jsonResponse(request, body, { cacheControl: apiCacheControl });
};
