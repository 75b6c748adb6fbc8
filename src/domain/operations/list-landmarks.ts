import { decodeCursor, encodeCursor } from '../cursor.ts';
import { collectPage } from '../keyset-chunks.ts';
import { isSlugPosition } from '../landmark-list.ts';
import { presentLandmarkSummary } from '../present.ts';
import { invalidParameter } from '../api-error.ts';
import type { Operation } from './context.ts';

export const listLandmarksOperation: Operation<'listLandmarks'> = async ({ store, now }, { limit, cursor }) => {
  let afterSlug: string | undefined;
  if (cursor !== undefined) {
    afterSlug = decodeCursor('landmarks', cursor, isSlugPosition);
    if (afterSlug === undefined) {
      throw invalidParameter('cursor', 'cursor is not a cursor of this list (it was changed, belongs to another route, or has an older format); pass pagination.nextCursor from the previous page unchanged, or omit cursor to start from the first page');
    }
  }
  const page = await collectPage(await store.landmarkListManifest(), store.landmarkListChunk, {
    limit,
    keyOf: (landmark) => landmark.slug,
    isAfterStart: (slug) => afterSlug === undefined || slug > afterSlug,
  });
  const last = page.items[page.items.length - 1];
  return {
    landmarks: page.items.map((landmark) => presentLandmarkSummary(landmark, now)),
    pagination: {
      limit,
      nextCursor: page.hasMore && last ? encodeCursor('landmarks', last.slug) : null,
      hasMore: page.hasMore,
    },
  };
};
