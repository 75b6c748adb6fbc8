import type { StoredLandmarkDetail, StoredReport } from '../../schema/api.ts';
import { invalidParameter, landmarkNotFound } from '../api-error.ts';
import { answerDay } from '../answer-day.ts';
import { encodeCursor } from '../cursor.ts';
import type { DataStore } from '../data-products.ts';
import { collectPage, wholeChunk } from '../keyset-chunks.ts';
import { compareHeavyReportKeys, compareReportPositions, heavyReportKeyOf, isReportPosition, positionOf, type ReportPosition } from '../../domain/landmark-reports.ts';
import { presentReport } from '../present.ts';
import { cursorPosition } from './cursor-parameter.ts';
import { z } from 'zod';
import { apiCacheControl, at, cursor, freshnessNote, limit, slug } from './parameters.ts';
import { landmarkReportList } from '../../schema/api.ts';
import { includedReportLimit, recentReportLimit } from '../../domain/api-limits.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { declareOperation } from './declaration.ts';

type Page = { reports: StoredReport[]; hasMore: boolean };

/** A page from the reports the landmark's bucket holds: all of them, for a landmark that is not heavy. */
function pageFromBucket(landmark: StoredLandmarkDetail, after: ReportPosition | undefined, limit: number): Page {
  const ordered = landmark.reports.map((report) => ({ report, position: positionOf(report) })).sort((a, b) => compareReportPositions(a.position, b.position));
  const first = after ? ordered.findIndex(({ position }) => compareReportPositions(position, after) > 0) : 0;
  if (first === -1) return { reports: [], hasMore: false };
  return { reports: ordered.slice(first, first + limit).map(({ report }) => report), hasMore: first + limit < ordered.length };
}

/** A page from the chunks that hold every report of the heavy landmarks, by slug then newest observation. */
async function pageFromChunks(store: DataStore, slug: string, after: ReportPosition | undefined, limit: number): Promise<Page> {
  // Before the landmark's first report when starting: its slug with a later observation than any.
  const start = after ? ([slug, after.observed, after.id] as const) : ([slug, Number.MAX_SAFE_INTEGER, ''] as const);
  const chunkAt = async (index: number) => wholeChunk(await store.heavyReportsChunk(index), heavyReportKeyOf);
  const { items } = await collectPage(await store.heavyReportsManifest(), chunkAt, {
    limit: limit + 1,
    isAfterStart: (key) => compareHeavyReportKeys(key, [...start]) > 0,
  });
  const own = items.filter((report) => report.landmark.slug === slug);
  return { reports: own.slice(0, limit), hasMore: own.length > limit };
}

export const listLandmarkReports = declareOperation({
  operationId: 'listLandmarkReports',
  path: `${apiBasePath}/landmarks/{slug}/reports`,
  title: "List a landmark's reports",
  summary: 'Every report of one landmark, newest observation first, one page at a time.',
  description:
    `A landmark's answer (\`/landmarks/{slug}\`) includes the ${recentReportLimit} most recently confirmed reports and those in effect or upcoming, at most ${includedReportLimit}; this pages through all of them. ` +
    'To read every report, request a page, then while `pagination.hasMore` is true request again with `cursor` set to `pagination.nextCursor`; ' +
    'keyset cursors see every report once even when reports are added mid-walk. ' +
    freshnessNote,
  tag: 'Landmarks',
  input: z.strictObject({ slug, limit, cursor: cursor.optional(), at }),
  response: landmarkReportList,
  responseName: 'LandmarkReportList',
  errors: [
    { status: 400, when: "limit is not a whole number from 1 to 1000, cursor is not a current cursor of this landmark's reports, or at is not a real date YYYY-MM-DD within the window" },
    { status: 404, when: 'no landmark has this slug' },
  ],
  cacheControl: apiCacheControl,
  exampleMistake: { slug: 'eiffel-tower', limit: 1001 },
  exampleRequest: ({ landmark, shownItems }) => ({ slug: landmark.slug, limit: shownItems }),
  async run({ store, now }, { slug, limit, cursor, at }) {
    const day = answerDay(now, at);
    const after = cursorPosition('landmark-reports', "this landmark's reports", cursor, isReportPosition);
    const landmark = await store.landmark(slug);
    if (!landmark) {
      throw landmarkNotFound(slug);
    }
    // A cursor names the landmark it walks: one of another landmark is not a position in this list.
    if (after && after.slug !== slug) {
      throw invalidParameter('cursor', `cursor walks the reports of "${after.slug}", not of "${slug}"; pass pagination.nextCursor of this landmark's previous page unchanged, or omit cursor to start from the first page`);
    }
    // A heavy landmark's bucket keeps only some of its reports: the rest are read from the chunks.
    const page = landmark.reports.length === landmark.reportCount ? pageFromBucket(landmark, after, limit) : await pageFromChunks(store, slug, after, limit);
    const last = page.reports[page.reports.length - 1];
    return {
      asOf: day,
      landmark: { slug: landmark.slug, name: landmark.name, url: landmark.urls.html },
      total: landmark.reportCount,
      reports: page.reports.map((report) => presentReport(report, day)),
      pagination: {
        limit,
        nextCursor: page.hasMore && last ? encodeCursor('landmark-reports', { slug, ...positionOf(last) }) : null,
        hasMore: page.hasMore,
      },
    };
  },
});
