import { currentConditionInWords, placeInWords } from '../domain/in-words.ts';
import type { LandmarkSearchResults } from '../schema/api.ts';
import { escapeMarkup } from './escape-markup.ts';

/**
 * A search's results as the site shows them, escaped HTML: one renderer for the Worker's /search
 * page (for visitors without JavaScript) and the browser's search as you type, so both read the
 * same. Nothing for no results: the status line above the list says so.
 */
export function searchResultsHtml(results: Pick<LandmarkSearchResults, 'landmarks'>): string {
  if (results.landmarks.length === 0) return '';
  const items = results.landmarks.map(
    (landmark) =>
      `<li><a class="entry-title" href="${escapeMarkup(new URL(landmark.urls.html).pathname)}">${escapeMarkup(landmark.name)}</a> ` +
      `<span class="place">${escapeMarkup(placeInWords(landmark.location))}</span>` +
      `<span class="entry-meta">${escapeMarkup(currentConditionInWords(landmark.currentCondition))}</span></li>`,
  );
  return `<ol class="entries">${items.join('')}</ol>`;
}
