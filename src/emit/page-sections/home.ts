import { conditionInWords, conditionLabel, periodInWords, placeInWords } from '../../domain/in-words.ts';
import { sitePath } from '../../domain/urls.ts';
import { downloadPaths } from '../../formats/download-resources.ts';
import { html, type Markup } from '../../formats/html.ts';
import type { CatalogueOnPages } from '../page-handover.ts';
import { optionalAttribute } from './attributes.ts';

// The sections of the home page that show the catalogue: the same rankings the API's /featured
// and /changes serve, as of the build.

export function currencyOnHome({ currency, builtOn }: CatalogueOnPages): Markup {
  return html`<p class="currency">On ${builtOn}, when this page was built, ${currency.withCurrentReport} of ${currency.landmarkCount} landmarks had a report in effect, ${currency.affectedCount} of them affected by a condition, and ${currency.announcedCount} had a condition announced ahead; the others are unknown until someone reports them. The newest observation is from ${currency.newestObservation ?? 'no day yet'}. Been to one lately? <a href="/recheck">Landmarks to check again</a>, most visited first.</p>`;
}

export function affectedNow({ currency }: CatalogueOnPages): Markup {
  if (currency.affected.length === 0) return html`<p>No landmark has a report of a condition in effect.</p>`;
  return html`<ul class="entries">${currency.affected.map(
    ({ landmark, condition }) =>
      html`<li><a class="entry-title" href="${sitePath(landmark.urls.html)}">${landmark.name}: ${conditionLabel(condition.condition)}</a><span class="entry-meta">${condition.summary}</span><span class="entry-meta" data-current-until="${condition.currentUntil}" data-from="${condition.from}">${condition.until ? periodInWords(condition) : conditionInWords(condition)}</span></li>`,
  )}</ul>`;
}

export function announcedNext({ currency }: CatalogueOnPages): Markup {
  if (currency.announced.length === 0) return html`<p>No condition is announced ahead.</p>`;
  return html`<ul class="entries">${currency.announced.map(
    ({ landmark, condition }) =>
      html`<li><a class="entry-title" href="${sitePath(landmark.urls.html)}">${landmark.name}: ${conditionLabel(condition.condition)}</a><span class="entry-meta">${condition.summary}</span><span class="entry-meta" data-current-until="${condition.currentUntil}" data-from="${condition.from}">${periodInWords(condition)}</span></li>`,
  )}</ul>`;
}

export function popularLandmarks({ popular }: CatalogueOnPages): Markup {
  return html`<ul class="entries">${popular.map(
    (landmark) =>
      html`<li><a class="entry-title" href="${sitePath(landmark.urls.html)}">${landmark.name}</a><span class="entry-meta">${placeInWords(landmark.location)}</span>${
        landmark.currentCondition
          ? html`<span class="entry-meta"${optionalAttribute('data-current-until', landmark.currentCondition.currentUntil)}>${conditionInWords(landmark.currentCondition)}</span>`
          : html`<span class="entry-meta">Unknown: no report yet</span>`
      }</li>`,
  )}</ul>`;
}

export function latestChanges({ latestChanges }: CatalogueOnPages): Markup {
  const list =
    latestChanges.length === 0
      ? html`<p>No reports yet.</p>`
      : html`<ol class="entries">${latestChanges.map(
          (change) =>
            html`<li><a class="entry-title" href="${sitePath(change.urls.html)}">${change.landmark.name}: ${conditionLabel(change.condition)}</a><span class="entry-meta">${change.summary}</span><span class="entry-meta">Updated <time datetime="${change.updatedAt}">${change.updatedAt.slice(0, 10)}</time></span></li>`,
        )}</ol>`;
  return html`${list}<p><a href="${downloadPaths.changesFeed}">Follow the feed of changes</a></p>`;
}
