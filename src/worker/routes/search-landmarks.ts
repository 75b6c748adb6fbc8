import { queryLength } from '../../model/api-limits.ts';
import { invalidParameter } from '../api-error.ts';
import { jsonResponse } from '../http.ts';
import { searchLandmarksOperation } from '../operations/search-landmarks.ts';
import { singleParameter } from '../query.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const searchLandmarks: RouteHandler = async ({ request, url, store, now }) => {
  const q = singleParameter(url, 'q');
  if (q === undefined) {
    throw invalidParameter('q', `q is required: the name or place to search for, ${queryLength.min} to ${queryLength.max} characters, e.g. ?q=eiffel`);
  }
  return jsonResponse(request, await searchLandmarksOperation({ store, now }, { q }), { cacheControl: apiCacheControl });
};
