import { jsonResponse } from '../http.ts';
import { getLandmarkOperation } from '../operations/get-landmark.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const getLandmark: RouteHandler = async ({ request, params, store, now }) =>
  jsonResponse(request, await getLandmarkOperation({ store, now }, { slug: params.slug! }), { cacheControl: apiCacheControl });
