import { presentLandmarkDetail } from '../../model/present.ts';
import { notFound } from '../api-error.ts';
import { jsonResponse } from '../http.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const getLandmark: RouteHandler = async ({ request, params, store, now }) => {
  const landmark = await store.landmark(params.slug!);
  if (!landmark) {
    throw notFound(`No landmark has the slug "${params.slug}". Find slugs with /api/public/v1/search?q=… or /api/public/v1/landmarks.`);
  }
  return jsonResponse(request, presentLandmarkDetail(landmark, now), { cacheControl: apiCacheControl });
};
