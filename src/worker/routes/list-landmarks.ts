import { decodeCursor, encodeCursor } from '../../model/cursor.ts';
import { collectPage } from '../../model/landmark-pages.ts';
import { presentLandmarkSummary } from '../../model/present.ts';
import type { LandmarkList } from '../../schema/api.ts';
import { invalidParameter } from '../api-error.ts';
import { integerParameter, singleParameter } from '../query.ts';
import { jsonResponse } from '../http.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const listLimits = { min: 1, max: 1000, fallback: 500 };

export const listLandmarks: RouteHandler = async ({ request, url, store, now }) => {
  const limit = integerParameter(url, 'limit', listLimits);
  const cursor = singleParameter(url, 'cursor');
  let afterSlug: string | undefined;
  if (cursor !== undefined) {
    afterSlug = await decodeCursor(cursor);
    if (afterSlug === undefined) {
      throw invalidParameter('cursor', 'cursor is not one this service issued; pass pagination.nextCursor from the previous page unchanged, or omit it to start from the first page');
    }
  }
  const manifest = await store.landmarkPagesManifest();
  const page = await collectPage(manifest, (index) => store.landmarkPagesChunk(index), { limit, afterSlug });
  const last = page.landmarks[page.landmarks.length - 1];
  const body: LandmarkList = {
    landmarks: page.landmarks.map((landmark) => presentLandmarkSummary(landmark, now)),
    pagination: {
      limit,
      nextCursor: page.hasMore && last ? await encodeCursor(last.slug) : null,
      hasMore: page.hasMore,
    },
  };
  return jsonResponse(request, body, { cacheControl: apiCacheControl });
};
