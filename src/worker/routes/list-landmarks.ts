import { decodeCursor, encodeCursor } from '../../model/cursor.ts';
import { collectPage } from '../../model/keyset-chunks.ts';
import { isSlugPosition } from '../../model/landmark-list.ts';
import { presentLandmarkSummary } from '../../model/present.ts';
import type { LandmarkList } from '../../schema/api.ts';
import { invalidParameter } from '../api-error.ts';
import { jsonResponse } from '../http.ts';
import { integerParameter, singleParameter } from '../query.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const pageLimits = { min: 1, max: 1000, fallback: 500 };

export const listLandmarks: RouteHandler = async ({ request, url, store, now }) => {
  const limit = integerParameter(url, 'limit', pageLimits);
  const cursor = singleParameter(url, 'cursor');
  let afterSlug: string | undefined;
  if (cursor !== undefined) {
    afterSlug = await decodeCursor('landmarks', cursor, isSlugPosition);
    if (afterSlug === undefined) {
      throw invalidParameter('cursor', 'cursor is not one this service issued for this list; pass pagination.nextCursor from the previous page unchanged, or omit cursor to start from the first page');
    }
  }
  const page = await collectPage(await store.landmarkListManifest(), store.landmarkListChunk, {
    limit,
    keyOf: (landmark) => landmark.slug,
    isAfterStart: (slug) => afterSlug === undefined || slug > afterSlug,
  });
  const last = page.items[page.items.length - 1];
  const body: LandmarkList = {
    landmarks: page.items.map((landmark) => presentLandmarkSummary(landmark, now)),
    pagination: {
      limit,
      nextCursor: page.hasMore && last ? await encodeCursor('landmarks', last.slug) : null,
      hasMore: page.hasMore,
    },
  };
  return jsonResponse(request, body, { cacheControl: apiCacheControl });
};
