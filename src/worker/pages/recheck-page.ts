import { conditionInWords, conditionLabel, noLongerCurrent, placeInWords } from '../../domain/in-words.ts';
import { apiOperations } from '../../api/api-operations.ts';
import { markdownTwin, sitePath, siteUrls } from '../../domain/urls.ts';
import type { RecheckEntry, RecheckList } from '../../schema/api.ts';
import { html } from '../../formats/html.ts';
import type { PageContent } from './page-content.ts';

/** The page's own address and the API's, from the site URL the data was built for. */
const recheckUrls = (siteUrl: string) => {
  const urls = siteUrls(siteUrl);
  const html = urls.absolute('/recheck');
  return { html, json: urls.absolute(apiOperations.listLandmarksToRecheck.path), markdown: markdownTwin(html) };
};

/** The next page, as a page address: the API's cursor, carried in the query. */
const nextPage = (list: RecheckList, suffix = ''): string | undefined =>
  list.pagination.nextCursor === null ? undefined : `/recheck${suffix}?cursor=${encodeURIComponent(list.pagination.nextCursor)}`;

/** What was last known, said as of the request: the report is no longer (or not yet) in effect. */
function lastKnown(entry: RecheckEntry): string {
  if (!entry.lastReport) return 'Nobody has reported on it yet.';
  return `Last known: ${conditionInWords(entry.lastReport)} (${noLongerCurrent}): ${entry.lastReport.summary}`;
}

function entryItem(entry: RecheckEntry) {
  const page = sitePath(entry.urls.html);
  return html`<li>
      <a class="entry-title" href="${page}">${entry.name}</a> <span class="place">${placeInWords(entry.location)}</span>
      <span class="entry-meta">${entry.lastReport && html`<span class="condition" data-condition="${entry.lastReport.condition}">${conditionLabel(entry.lastReport.condition)}</span> `}${lastKnown(entry)}</span>
      ${entry.announcedFrom && html`<span class="entry-meta">A condition is announced to start on ${entry.announcedFrom}.</span>`}
      <span class="recheck-actions"><a href="${page}#report">Report what you see</a>${entry.lastReport && html` · <a href="${page}#confirm">Still the same?</a>`}</span>
    </li>`;
}

/**
 * Help wanted: the landmarks about which nothing current is known today, most popular first, each
 * with what was last known and the way to report or confirm it. Rendered by the Worker as of the
 * request from the same operation as the API (operations/list-landmarks-to-recheck.ts), as reports expire daily.
 */
export function recheckPage(list: RecheckList, siteUrl: string): PageContent {
  const urls = recheckUrls(siteUrl);
  const next = nextPage(list);
  const main = html`
  <h1>Landmarks to check again</h1>
  <p class="lead">Nothing current is known about these landmarks on ${list.asOf}: no report is in effect, so the site answers “unknown”. The most visited come first (by the number of Wikipedia language editions about them).</p>
  <p>Been there lately, or read an announcement? Say what you saw, or that nothing has changed: each landmark's page has a form that writes the report for you.</p>
  ${list.landmarks.length === 0
    ? html`<p>${list.pagination.hasMore ? 'None among the landmarks looked at on this page.' : 'Every landmark has a report in effect today.'}</p>`
    : html`<ol class="entries recheck" aria-label="Landmarks with no report in effect, most visited first">
      ${list.landmarks.map(entryItem)}
    </ol>`}
  ${next && html`<p><a rel="next" href="${next}">More landmarks to check</a></p>`}
`;
  return {
    title: 'Landmarks to check again',
    description: 'Popular landmarks with no current condition report: help keep the data current by reporting what you see.',
    canonicalUrl: urls.html,
    jsonUrl: urls.json,
    markdownUrl: urls.markdown,
    main,
  };
}

export function recheckMarkdown(list: RecheckList, siteUrl: string): string {
  const lines = ['# Landmarks to check again', '', `No report is in effect at these landmarks on ${list.asOf} (UTC); most visited first. Report or confirm from each landmark's page.`, ''];
  for (const entry of list.landmarks) {
    lines.push(`- [${entry.name}](${entry.urls.html}), ${placeInWords(entry.location)}: ${lastKnown(entry)}${entry.announcedFrom ? ` A condition is announced to start on ${entry.announcedFrom}.` : ''}`);
  }
  if (list.landmarks.length === 0) lines.push('None on this page.');
  const next = nextPage(list, '.md');
  lines.push('', next ? `More: ${siteUrls(siteUrl).absolute(next)}` : 'That is every landmark to check.', '');
  return lines.join('\n');
}
