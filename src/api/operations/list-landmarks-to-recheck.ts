import { answerDay } from '../answer-day.ts';
import { encodeCursor } from '../cursor.ts';
import { collectMatchingPage } from '../keyset-chunks.ts';
import { compareRecheckPositions, isRecheckPosition, needsRecheck, presentRecheckEntry, recheckPositionOf } from '../../domain/recheck.ts';
import { cursorPosition } from './cursor-parameter.ts';
import { z } from 'zod';
import { apiCacheControl, cursor, limit } from './parameters.ts';
import { recheckList } from '../../schema/api.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { declareOperation } from './declaration.ts';

/**
 * Chunks one request reads at most: with 500 or more landmarks each (1,000 at 100k landmarks), a
 * page scans at least 1,500 of the most popular, a few milliseconds of parsing, however many of
 * them are current.
 */
const maxChunksPerRequest = 3;

export const listLandmarksToRecheck = declareOperation({
  operationId: 'listLandmarksToRecheck',
  path: `${apiBasePath}/recheck`,
  title: 'Landmarks to check again',
  summary: 'Landmarks with no report in effect today, most popular first: where a visitor\'s report is most wanted.',
  description:
    'Each entry says what was last known (`lastReport`, no longer in effect) and `announcedFrom`, the first day of a condition announced to start later, if any. ' +
    'Visitors can report from the landmark\'s page (`urls.html`). ' +
    'Pages like the landmark list (`/landmarks`): follow `pagination.nextCursor` while `pagination.hasMore` is true; a page may list fewer than `limit` landmarks when most of those it looked at are current, and still have more after it. ' +
    'Answers for the day of the request only: which landmarks need a report changes as reports expire.',
  tag: 'Landmarks',
  input: z.strictObject({ limit, cursor: cursor.optional() }),
  response: recheckList,
  responseName: 'RecheckList',
  errors: [{ status: 400, when: 'limit is not a whole number from 1 to 1000, or cursor is not a current cursor of this list' }],
  cacheControl: apiCacheControl,
  exampleMistake: { limit: 5000 },
  exampleRequest: ({ shownItems }) => ({ limit: shownItems }),
  async run({ store, now }, { limit, cursor }) {
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
  },
});
