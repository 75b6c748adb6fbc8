import { compareChangePositions, defaultChangesWindowDays, isChangePosition } from '../../domain/changes.ts';
import { encodeCursor } from '../cursor.ts';
import { cursorPosition } from './cursor-parameter.ts';
import { answerDay } from '../answer-day.ts';
import { phaseOn } from '../../domain/freshness.ts';
import { collectPage } from '../keyset-chunks.ts';
import { isRealCalendarDate } from '../../schema/calendar-date.ts';
import { toTimestamp } from '../../schema/calendar.ts';
import { invalidParameter } from '../api-error.ts';
import { z } from 'zod';
import { apiCacheControl, at, atError, cursor, freshnessNote, limit, updatedSince } from './parameters.ts';
import { changeList } from '../../schema/api.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { downloadPaths } from '../../formats/download-resources.ts';
import { declareOperation } from './declaration.ts';

const dateOrDateTime = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** `updated_since` as an instant: a plain date means 00:00 UTC; a date-time needs its time zone. */
function parseUpdatedSince(raw: string): string | undefined {
  const match = dateOrDateTime.exec(raw);
  if (!match || !isRealCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return undefined;
  const instant = Date.parse(match[4] === undefined ? `${raw}T00:00:00Z` : raw);
  return Number.isNaN(instant) ? undefined : toTimestamp(instant);
}

export const getChanges = declareOperation({
  operationId: 'getChanges',
  path: `${apiBasePath}/changes`,
  title: 'Recent changes',
  summary: 'Reports added or updated after a moment, oldest update first, for keeping a copy in sync.',
  description:
    `Without \`updated_since\`, lists the changes of the last ${defaultChangesWindowDays} days. Pages like the landmark list (\`/landmarks\`): follow \`pagination.nextCursor\` while \`pagination.hasMore\` is true. ` +
    'Store the updatedAt of the last change you saw and pass it as updated_since next time. ' +
    `Feed readers can follow the same changes as Atom at ${downloadPaths.changesFeed}; the whole data set is at ${downloadPaths.page}. ` +
    freshnessNote,
  tag: 'Reports',
  input: z.strictObject({ updated_since: updatedSince.optional(), limit, cursor: cursor.optional(), at }),
  response: changeList,
  responseName: 'ChangeList',
  errors: [{ status: 400, when: 'updated_since is not an ISO 8601 date or date-time with a time zone, limit is out of range, or cursor is not a current cursor of the changes feed' }, atError],
  cacheControl: apiCacheControl,
  exampleMistake: { updated_since: 'yesterday' },
  exampleRequest: ({ changesSince, shownItems }) => (changesSince ? { updated_since: changesSince, limit: shownItems } : undefined),
  async run({ store, now }, { updated_since: rawSince, limit, cursor, at }) {
    const day = answerDay(now, at);
    let since = toTimestamp(now.getTime() - defaultChangesWindowDays * 86_400_000);
    if (rawSince !== undefined) {
      const parsed = parseUpdatedSince(rawSince);
      if (parsed === undefined) {
        throw invalidParameter('updated_since', `updated_since must be an ISO 8601 date-time with a time zone, like 2026-10-01T00:00:00Z, or a date like 2026-10-01 (meaning 00:00 UTC); got ${JSON.stringify(rawSince)}`);
      }
      since = parsed;
    }
    const after = cursorPosition('changes', 'the changes feed', cursor, isChangePosition);
    // Updates are listed strictly after `since`; a cursor resumes strictly after the last one seen.
    const page = await collectPage(await store.changesManifest(), store.changesChunk, {
      limit,
      isAfterStart: (key) => (after ? compareChangePositions(key, after) > 0 : key.updatedAt > since),
    });
    const last = page.items[page.items.length - 1];
    return {
      asOf: day,
      updatedSince: since,
      changes: page.items.map((change) => {
        const phase = phaseOn(change, day);
        return { ...change, isCurrent: phase === 'in_effect', isUpcoming: phase === 'upcoming' };
      }),
      pagination: {
        limit,
        nextCursor: page.hasMore && last ? encodeCursor('changes', { updatedAt: last.updatedAt, id: last.id }) : null,
        hasMore: page.hasMore,
      },
    };
  },
});
