import { encodeCursor } from '../cursor.ts';
import { collectPage, wholeChunk } from '../keyset-chunks.ts';
import { isSlugPosition } from '../landmark-list.ts';
import { answerDay } from '../answer-day.ts';
import { presentLandmarkSummary } from '../present.ts';
import { cursorPosition } from './cursor-parameter.ts';
import { z } from 'zod';
import { apiCacheControl, at, atError, cursor, freshnessNote, limit } from './parameters.ts';
import { landmarkList } from '../../schema/api.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { declareOperation } from './declaration.ts';

export const listLandmarks = declareOperation({
  operationId: 'listLandmarks',
  path: `${apiBasePath}/landmarks`,
  title: 'List landmarks',
  summary: 'One page of landmarks in slug order, each with its current condition, latest observation date, report counts and canonical URLs.',
  description:
    'To read every landmark, request a page, then while `pagination.hasMore` is true request again with `cursor` set to `pagination.nextCursor`. ' +
    'Cursors are keyset cursors: a walk sees every landmark once even when the data changes mid-walk. ' +
    freshnessNote,
  tag: 'Landmarks',
  input: z.strictObject({ limit, cursor: cursor.optional(), at }),
  response: landmarkList,
  responseName: 'LandmarkList',
  errors: [{ status: 400, when: 'limit is not a whole number from 1 to 1000, a parameter is repeated, or cursor is not a current cursor of this list' }, atError],
  cacheControl: apiCacheControl,
  exampleMistake: { limit: 0 },
  exampleRequest: ({ shownItems }) => ({ limit: shownItems }),
  async run({ store, now }, { limit, cursor, at }) {
    const day = answerDay(now, at);
    const afterSlug = cursorPosition('landmarks', 'this list', cursor, isSlugPosition);
    const chunkAt = async (index: number) => wholeChunk(await store.landmarkListChunk(index), (landmark) => landmark.slug);
    const page = await collectPage(await store.landmarkListManifest(), chunkAt, {
      limit,
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
  },
});
