import { encodeCursor } from '../cursor.ts';
import { collectPage } from '../keyset-chunks.ts';
import { isSlugPosition } from '../landmark-list.ts';
import { answerDay } from '../answer-day.ts';
import { presentLandmarkSummary } from '../present.ts';
import { cursorPosition } from './cursor-parameter.ts';
import type { Operation } from './context.ts';

export const listLandmarksOperation: Operation<'listLandmarks'> = async ({ store, now }, { limit, cursor, at }) => {
  const day = answerDay(now, at);
  const afterSlug = cursorPosition('landmarks', 'this list', cursor, isSlugPosition);
  const page = await collectPage(await store.landmarkListManifest(), store.landmarkListChunk, {
    limit,
    keyOf: (landmark) => landmark.slug,
    isAfterStart: (slug) => afterSlug === undefined || slug > afterSlug,
  });
  const last = page.items[page.items.length - 1];
  return {
    asOf: day,
    landmarks: page.items.map((landmark) => presentLandmarkSummary(landmark, day)),
    pagination: {
      limit,
      nextCursor: page.hasMore && last ? encodeCursor('landmarks', last.slug) : null,
      hasMore: page.hasMore,
    },
  };
};
