import { conditionInWords, conditionLabel, freshnessInWords, placeInWords } from '../../domain/in-words.ts';
import { contributingUrlOf, editLandmarkUrl } from '../../domain/repository-links.ts';
import { sitePath } from '../../domain/urls.ts';
import type { LandmarkDetail } from '../../schema/api.ts';
import { html, trusted } from './html.ts';
import { touristAttraction } from './json-ld.ts';
import { locatorMap } from './locator-map.ts';
import type { PageContent } from './page-content.ts';
import { renderMarkdown } from './render-markdown.ts';

/**
 * A landmark's page: its current condition, what and where it is, and its timeline. Dated lines
 * carry `data-current-until`, which the Worker marks as of the request on the way out.
 */
export function landmarkPage(landmark: LandmarkDetail, repositoryUrl: string): PageContent {
  const place = placeInWords(landmark.location);
  const current = landmark.currentCondition;
  const { lat, lon } = landmark.coordinates;
  const mapUrl = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  const contributingUrl = contributingUrlOf(repositoryUrl);
  const main = html`
  <h1>${landmark.name}</h1>
  <p class="lead">${place}${landmark.aliases.length > 0 && ` · also known as ${landmark.aliases.join(', ')}`}</p>

  <section class="current" aria-labelledby="current-heading">
    <h2 id="current-heading">Current condition</h2>
    ${current
      ? html`<p><span class="condition" data-condition="${current.condition}">${conditionLabel(current.condition)}</span> ${current.summary}</p>
        <p class="freshness" data-current-until="${current.currentUntil}">${freshnessInWords(current)}.</p>
        <p><a href="${sitePath(landmark.reports[0]!.urls.html)}">Read the report</a></p>`
      : html`<p>No reports yet. <a href="${contributingUrl}">Report what you saw</a>.</p>`}
  </section>

  <h2>About the landmark</h2>
  ${trusted(renderMarkdown(landmark.description))}
  ${locatorMap({ name: landmark.name, place, lat, lon, condition: current?.condition ?? null, currentUntil: current?.currentUntil ?? null })}
  <dl class="facts">
    <dt>Place</dt><dd>${place} (<a href="${mapUrl}">map</a>, ${lat}, ${lon})</dd>
    <dt>Wikidata</dt><dd><a href="${`https://www.wikidata.org/wiki/${landmark.wikidata}`}">${landmark.wikidata}</a></dd>
    ${landmark.website && html`<dt>Website</dt><dd><a href="${landmark.website}">${landmark.website}</a></dd>`}
    <dt>Reports</dt><dd>${landmark.reportCounts.total}</dd>
  </dl>

  <h2>Timeline</h2>
  ${landmark.reports.length === 0
    ? html`<p>No reports yet.</p>`
    : html`<ol class="timeline" aria-label="Reports, most recently confirmed first">
      ${landmark.reports.map(
        (report) => html`<li>
          <a class="entry-title" href="${sitePath(report.urls.html)}">${report.summary}</a>
          <span class="entry-meta" data-current-until="${report.currentUntil}">${conditionInWords(report)}</span>
          <span class="entry-meta">Source: ${report.source.kind}${report.source.name && `, ${report.source.name}`}</span>
        </li>`,
      )}
    </ol>`}

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
    jsonLd: touristAttraction(landmark),
    main,
  };
}
