import { html, type Markup } from '../../formats/html.ts';
import type { CatalogueOnPages } from '../page-handover.ts';

/** The about page's paragraph on how current the data is, as of the build. */
export function currencyOnAbout({ currency, builtOn }: CatalogueOnPages): Markup {
  return html`<p>On ${builtOn}, when this page was built, ${currency.withCurrentReport} of ${currency.landmarkCount} landmarks had a report in effect and ${currency.announcedCount} had a condition announced ahead; the newest observation is from ${currency.newestObservation ?? 'no day yet'}. For the others the honest answer is “unknown”: their reports are history. A report from you keeps a landmark current: <a href="/recheck">the landmarks to check again</a> lists them, most visited first, each with a form to report or confirm what you see.</p>`;
}
