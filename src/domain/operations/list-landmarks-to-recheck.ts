import { answerDay } from '../answer-day.ts';
import { encodeCursor } from '../cursor.ts';
import { collectMatchingPage } from '../keyset-chunks.ts';
import { compareRecheckPositions, isRecheckPosition, needsRecheck, presentRecheckEntry, recheckPositionOf } from '../recheck.ts';
import { cursorPosition } from './cursor-parameter.ts';
import type { Operation } from './context.ts';

/**
 * Chunks one request reads at most: with 500 or more landmarks each (1,000 at 100k landmarks), a
 * page scans at least 1,500 of the most popular, a few milliseconds of parsing, however many of
 * them are current.
 */
const maxChunksPerRequest = 3;

export const listLandmarksToRecheckOperation: Operation<'listLandmarksToRecheck'> = async ({ store, now }, { limit, cursor }) => {
  const day = answerDay(now, undefined);
  const after = cursorPosition('recheck', 'this list', cursor, isRecheckPosition);
  const page = await collectMatchingPage(await store.recheckManifest(), store.recheckChunk, {
    limit,
    keyOf: recheckPositionOf,
    isAfterStart: (position) => after === undefined || compareRecheckPositions(position, after) > 0,
    accepts: (entry) => needsRecheck(entry, day),
    maxChunks: maxChunksPerRequest,
  });
  return {
    asOf: day,
    landmarks: page.items.map((entry) => presentRecheckEntry(entry, day)),
    pagination: {
      limit,
      nextCursor: page.hasMore && page.resumeAfter ? encodeCursor('recheck', page.resumeAfter) : null,
      hasMore: page.hasMore,
    },
  };
};
