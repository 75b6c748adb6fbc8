import { watchCheckInWords } from '../../domain/watch-checks.ts';
import { answerInWords, conditionLabel, freshnessInWords, noReportYet, placeInWords } from '../../domain/in-words.ts';
import { contributingUrlOf, editLandmarkUrl } from '../../domain/repository-links.ts';
import { sitePath } from '../../domain/urls.ts';
import type { LandmarkDetail, LandmarkStatus } from '../../schema/api.ts';
import type { NearbyLandmark } from '../../schema/nearby.ts';
import { html, trusted } from '../../formats/html.ts';
import { touristAttraction } from './json-ld.ts';
import { subscriptionUrls } from './landmark-subscriptions.ts';
import { confirmForm, reportFormSection } from './report-forms.ts';
import { reportList } from './report-lines.ts';
import { locatorMap } from './locator-map.ts';
import type { PageContent } from './page-content.ts';
import { renderMarkdown } from './render-markdown.ts';

/** The answer of the "check another date" form: the status for the day asked, or what was wrong with it. */
export type DayCheck = { on: string; status: LandmarkStatus; error?: undefined } | { on: string; status?: undefined; error: string };

function dayCheckSection(landmark: LandmarkDetail, check: DayCheck | undefined) {
  const status = check?.status;
  const stretch = status?.stretches[0];
  return html`<section class="day-check" id="check" aria-labelledby="check-heading">
    <h2 id="check-heading">Check another date</h2>
    <form class="day-form" method="get" action="${sitePath(landmark.urls.html)}#check">
      <label for="check-on">Day of your visit</label>
      <input type="date" id="check-on" name="on" required value="${check?.on ?? ''}"${check?.error ? html` aria-invalid="true" aria-describedby="check-error"` : ''}>
      <button type="submit">Check</button>
    </form>
    ${check?.error && html`<p class="form-error" id="check-error" role="alert">${check.error}</p>`}
    ${status && stretch && html`<div class="day-answer" role="status">
      <p><strong>${status.from}: ${answerInWords(status.answer, stretch.condition)}</strong></p>
      <p>${stretch.reason}</p>
      ${stretch.evidence && html`<p>Evidence: <a href="${sitePath(stretch.evidence.url)}">${stretch.evidence.summary}</a>, ${stretch.evidence.ageDays} days old on that day.</p>`}
      ${status.next && html`<p>Announced next: ${conditionLabel(status.next.condition)} from ${status.next.from}${status.next.until && ` until ${status.next.until}${status.next.untilKind === 'estimated' ? ' (estimated)' : ''}`}: <a href="${sitePath(status.next.url)}">${status.next.summary}</a></p>`}
    </div>`}
  </section>`;
}

/**
 * A landmark's page: its current condition, what is in effect and what is announced ahead, a form
 * to ask about another day, what and where it is, and its history. Dated lines carry
 * `data-current-until` (and `data-from`), which the Worker marks as of the request on the way out.
 */
/** The nearest landmarks within a few kilometres with their answer today ("Also nearby: Trevi Fountain, restricted access"). */
function alsoNearbySection(landmark: LandmarkDetail, nearby: readonly NearbyLandmark[] | undefined) {
  if (!nearby || nearby.length === 0) return false;
  return html`<section aria-labelledby="nearby-heading">
    <h2 id="nearby-heading">Also nearby</h2>
    <ul class="entries">
      ${nearby.map((entry) => html`<li><a class="entry-title" href="${sitePath(entry.landmark.url)}">${entry.landmark.name}</a> <span class="distance">${entry.distanceKm.toLocaleString('en', { maximumFractionDigits: 1 })} km</span>
        <span class="entry-meta"><span class="condition" data-condition="${entry.condition ?? 'unknown'}">${answerInWords(entry.answer, entry.condition)}</span> today</span></li>`)}
    </ul>
    <p><a href="${`/nearby?near=${landmark.slug}`}">Everything near ${landmark.name}, on the days of your trip</a></p>
  </section>`;
}

export function landmarkPage(landmark: LandmarkDetail, repositoryUrl: string, check?: DayCheck, nearby?: readonly NearbyLandmark[]): PageContent {
  const place = placeInWords(landmark.location);
  const current = landmark.currentCondition;
  const { lat, lon } = landmark.coordinates;
  const mapUrl = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  const contributingUrl = contributingUrlOf(repositoryUrl);
  const subscriptions = subscriptionUrls(landmark.urls.html);
  const currentReport = current && landmark.reports.find((report) => report.id === current.reportId);
  // "Still the same?" confirms the report the page leads with, else the most recently confirmed.
  const latestReport = currentReport ?? landmark.reports[0];
  const inEffect = landmark.reports.filter((report) => report.isCurrent);
  const upcoming = landmark.reports.filter((report) => report.isUpcoming).sort((a, b) => (a.from < b.from ? -1 : 1));
  const history = landmark.reports.filter((report) => !report.isCurrent && !report.isUpcoming);
  const main = html`
  <h1>${landmark.name}</h1>
  <p class="lead">${place}${landmark.aliases.length > 0 && ` · also known as ${landmark.aliases.join(', ')}`}</p>

  <section class="current" aria-labelledby="current-heading">
    <h2 id="current-heading">Current condition</h2>
    ${current
      ? html`<p><span class="condition" data-condition="${current.condition}">${conditionLabel(current.condition)}</span> ${current.summary}</p>
        <p class="freshness" data-current-until="${current.currentUntil}" data-from="${current.from}">${freshnessInWords(current)}.</p>
        ${currentReport && html`<p><a href="${sitePath(currentReport.urls.html)}">Read the report</a></p>`}`
      : html`<p>Unknown: ${noReportYet}. Been there, or read an announcement? <a href="#report">Write the first report</a>.</p>`}
    ${latestReport && confirmForm(latestReport, repositoryUrl, contributingUrl)}
  </section>

  ${inEffect.length > 0 && html`<h2>In effect on ${landmark.asOf}</h2>
  ${reportList(inEffect, 'Reports in effect, most recently confirmed first')}`}

  ${upcoming.length > 0 && html`<h2>Announced ahead</h2>
  ${reportList(upcoming, 'Conditions announced to start later, soonest first')}`}

  ${dayCheckSection(landmark, check)}

  ${landmark.watchChecks.length > 0 && html`<h2>Official sources checked</h2>
  <ul class="watch-checks">
    ${landmark.watchChecks.map((watched) => html`<li><a href="${watched.url}" rel="nofollow">${watchCheckInWords(watched)}</a></li>`)}
  </ul>`}

  <h2>About the landmark</h2>
  ${trusted(renderMarkdown(landmark.description))}
  ${locatorMap({ name: landmark.name, place, lat, lon, condition: current?.condition ?? null, currentUntil: current?.currentUntil ?? null })}
  <dl class="facts">
    <dt>Place</dt><dd>${place} (<a href="${mapUrl}">map</a>, ${lat}, ${lon})</dd>
    <dt>Wikidata</dt><dd><a href="${`https://www.wikidata.org/wiki/${landmark.wikidata}`}">${landmark.wikidata}</a></dd>
    ${landmark.website && html`<dt>Website</dt><dd><a href="${landmark.website}">${landmark.website}</a></dd>`}
    <dt>Reports</dt><dd>${landmark.reportCounts.total}</dd>
    <dt>Follow</dt><dd><a href="${sitePath(subscriptions.calendar)}">calendar of announced periods (.ics)</a> · <a href="${sitePath(subscriptions.feed)}">feed of reports (Atom)</a></dd>
  </dl>

  ${alsoNearbySection(landmark, nearby)}

  <h2>History</h2>
  ${landmark.reports.length === 0
    ? html`<p>No report yet.</p>`
    : history.length === 0
      ? html`<p>Every report is listed above.</p>`
      : reportList(history, 'Earlier reports, most recently confirmed first')}
  ${landmark.reportsIncluded.omitted > 0 &&
  html`<p><a href="${sitePath(landmark.urls.html)}/reports">All ${landmark.reportCounts.total} reports</a>, newest observation first (${landmark.reportsIncluded.omitted} older ones are not shown here).</p>`}

  ${reportFormSection(landmark, repositoryUrl, contributingUrl)}

  <h2>Use and cite</h2>
  <div class="cite">
    <p>Canonical URL: <code>${landmark.urls.html}</code></p>
    <p>Also as <a href="${sitePath(landmark.urls.json)}">JSON</a> and <a href="${sitePath(landmark.urls.markdown)}">Markdown</a>.</p>
    <p><a href="${editLandmarkUrl(repositoryUrl, landmark.slug)}">Edit this landmark on GitHub</a> · <a href="${contributingUrl}">Add a report</a></p>
  </div>
`;
  return {
    title: landmark.name,
    description: `Condition reports for ${landmark.name}, ${place}: closures, scaffolding, refurbishment and blocked views.`,
    canonicalUrl: landmark.urls.html,
    jsonUrl: landmark.urls.json,
    markdownUrl: landmark.urls.markdown,
    alternates: [
      { type: 'text/calendar', href: subscriptions.calendar, title: `${landmark.name}: announced periods` },
      { type: 'application/atom+xml', href: subscriptions.feed, title: `${landmark.name}: condition reports` },
    ],
    jsonLd: touristAttraction(landmark),
    main,
  };
}
