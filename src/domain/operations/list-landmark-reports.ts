import { invalidParameter, notFound } from '../api-error.ts';
import { answerDay } from '../answer-day.ts';
import { encodeCursor } from '../cursor.ts';
import { compareReportPositions, isReportPosition, positionOf } from '../landmark-reports.ts';
import { presentReport } from '../present.ts';
import { cursorPosition } from './cursor-parameter.ts';
import type { Operation } from './context.ts';

export const listLandmarkReportsOperation: Operation<'listLandmarkReports'> = async ({ store, now }, { slug, limit, cursor, at }) => {
  const day = answerDay(now, at);
  const after = cursorPosition('landmark-reports', "this landmark's reports", cursor, isReportPosition);
  const landmark = await store.landmark(slug);
  if (!landmark) {
    throw notFound(`No landmark has the slug "${slug}". Find slugs with /api/public/v1/search?q=… or /api/public/v1/landmarks.`);
  }
  // A cursor names the landmark it walks: one of another landmark is not a position in this list.
  if (after && after.slug !== slug) {
    throw invalidParameter('cursor', `cursor walks the reports of "${after.slug}", not of "${slug}"; pass pagination.nextCursor of this landmark's previous page unchanged, or omit cursor to start from the first page`);
  }
  const ordered = landmark.reports.map((report) => ({ report, position: positionOf(report) })).sort((a, b) => compareReportPositions(a.position, b.position));
  const first = after ? ordered.findIndex(({ position }) => compareReportPositions(position, after) > 0) : 0;
  const page = first === -1 ? [] : ordered.slice(first, first + limit);
  const hasMore = first !== -1 && first + limit < ordered.length;
  const last = page[page.length - 1];
  return {
    asOf: day,
    landmark: { slug: landmark.slug, name: landmark.name, url: landmark.urls.html },
    total: landmark.reports.length,
    reports: page.map(({ report }) => presentReport(report, day)),
    pagination: {
      limit,
      nextCursor: hasMore && last ? encodeCursor('landmark-reports', { slug, ...last.position }) : null,
      hasMore,
    },
  };
};
