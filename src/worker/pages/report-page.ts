import { dataLicense } from '../../domain/data-license.ts';
import { conditionLabel } from '../../domain/in-words.ts';
import { editReportUrl } from '../../domain/repository-links.ts';
import { sitePath } from '../../domain/urls.ts';
import { instantOf } from '../../schema/calendar.ts';
import { conditionMeanings } from '../../schema/conditions.ts';
import type { Report } from '../../schema/api.ts';
import { html, trusted } from '../../formats/html.ts';
import type { PageContent } from './page-content.ts';
import { renderMarkdown } from './render-markdown.ts';

const day = (dateOrDateTime: string) => dateOrDateTime.slice(0, 10);

/** A report's page: what was seen, when, how long it stays current, who says so, and how to cite it. */
export function reportPage(report: Report, repositoryUrl: string): PageContent {
  const title = `${report.landmark.name}: ${conditionLabel(report.condition)}`;
  const confirmations = [...report.confirmations].sort((a, b) => instantOf(a.date) - instantOf(b.date));
  const announcedAhead = report.from > day(report.observedAt);
  const citation =
    `${dataLicense.attribution} (${day(report.updatedAt).slice(0, 4)}). “${title}”, observed ${day(report.observedAt)}. ` +
    `Landmark Condition Reports, report ${report.id}. ${report.urls.html}. ${dataLicense.shortTitle}.`;
  // Links to a related report are relative: reports are siblings under /reports/.
  const main = html`
  <h1>${title}</h1>
  <p class="lead">${report.summary}</p>

  <dl class="facts">
    <dt>Landmark</dt><dd><a href="${sitePath(report.landmark.url)}">${report.landmark.name}</a></dd>
    <dt>Condition</dt>
    <dd><span class="condition" data-condition="${report.condition}">${conditionLabel(report.condition)}</span> ${conditionMeanings[report.condition]}</dd>
    <dt>Observed</dt><dd><time datetime="${report.observedAt}">${day(report.observedAt)}</time></dd>
    ${confirmations.length > 0 &&
    html`<dt>Confirmed</dt>
        <dd>
          <ul>
            ${confirmations.map((confirmation) => html`<li><time datetime="${confirmation.date}">${day(confirmation.date)}</time>${confirmation.note && `: ${confirmation.note}`}</li>`)}
          </ul>
        </dd>`}
    ${announcedAhead && html`<dt>Starts</dt><dd><time datetime="${report.from}">${report.from}</time> <span class="entry-meta">announced ahead</span></dd>`}
    <dt>Current until</dt>
    <dd>
      <span data-current-until="${report.currentUntil}" data-from="${report.from}"><time datetime="${report.currentUntil}">${report.currentUntil}</time></span>
      <span class="entry-meta">${report.supersededBy !== null
        ? html`<a href="${report.supersededBy}">report ${report.supersededBy}</a> supersedes it: it counts until the day before that report begins, at the latest`
        : report.until !== null
        ? report.untilKind === 'estimated'
          ? 'an estimate of the end, given by the source'
          : 'the end date the source stated'
        : `last confirmed ${day(report.lastConfirmedAt)}${announcedAhead ? ` (or the start, when later)` : ''}, plus ${report.reportExpiryDays} days for a report of ${conditionLabel(report.condition)}`}</span>
    </dd>
    ${report.supersedes !== null && html`<dt>Supersedes</dt><dd><a href="${report.supersedes}">report ${report.supersedes}</a></dd>`}
    <dt>Source</dt>
    <dd>
      ${report.source.kind}${report.source.name && `: ${report.source.name}`}
      ${report.source.url && html` (<a href="${report.source.url}" rel="nofollow ugc">${report.source.url}</a>)`}
    </dd>
    ${report.additionalSources.length > 0 &&
    html`<dt>Also cited</dt>
        <dd>
          <ul>
            ${report.additionalSources.map((citation) => html`<li>${citation.name} (<a href="${citation.url}" rel="nofollow ugc">${citation.url}</a>)</li>`)}
          </ul>
        </dd>`}
  </dl>

  ${report.details.trim() && html`<h2>Details</h2>
      <div class="details">${trusted(renderMarkdown(report.details))}</div>`}

  <h2>Cite this report</h2>
  <div class="cite">
    <p>Canonical URL: <code>${report.urls.html}</code></p>
    <p>Suggested citation: ${citation}</p>
    <p>Also as <a href="${sitePath(report.urls.json)}">JSON</a> and <a href="${sitePath(report.urls.markdown)}">Markdown</a>.</p>
    <p><a href="${editReportUrl(repositoryUrl, report)}">Correct or confirm this report on GitHub</a></p>
  </div>
`;
  return { title, description: report.summary, canonicalUrl: report.urls.html, jsonUrl: report.urls.json, markdownUrl: report.urls.markdown, main };
}
