import { sitePath } from '../../domain/urls.ts';
import type { LandmarkReportList } from '../../schema/api.ts';
import { html } from '../../formats/html.ts';
import type { PageContent } from './page-content.ts';
import { reportList } from './report-lines.ts';

/** The next page of a landmark's reports, as a page address: the API's cursor, carried in the query. */
export const nextReportsPage = (list: LandmarkReportList): string | undefined =>
  list.pagination.nextCursor === null ? undefined : `${sitePath(list.landmark.url)}/reports?cursor=${encodeURIComponent(list.pagination.nextCursor)}`;

/**
 * Every report of a landmark, a page at a time, newest observation first: what the landmark page
 * links to when its history is longer than it shows. Rendered by the Worker from the same
 * operation as the API (operations/list-landmark-reports.ts), so no file is built per page.
 */
export function landmarkReportsPage(list: LandmarkReportList): PageContent {
  const next = nextReportsPage(list);
  const title = `${list.landmark.name}: all reports`;
  const main = html`
  <h1>${title}</h1>
  <p class="lead">${list.total} reports, newest observation first, ${list.pagination.limit} a page. <a href="${sitePath(list.landmark.url)}">Back to ${list.landmark.name}</a></p>
  ${list.reports.length === 0 ? html`<p>No more reports.</p>` : reportList(list.reports, 'Reports, newest observation first')}
  ${next ? html`<p><a rel="next" href="${next}">Older reports</a></p>` : html`<p>These are the oldest reports.</p>`}
`;
  const pageUrl = `${list.landmark.url}/reports`;
  return {
    title,
    description: `Every condition report for ${list.landmark.name}, newest first.`,
    canonicalUrl: pageUrl,
    jsonUrl: pageUrl.replace(/\/landmarks\//, '/api/public/v1/landmarks/'),
    markdownUrl: `${pageUrl}.md`,
    main,
  };
}
