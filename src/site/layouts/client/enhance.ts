// The site's only script. Every page reads fully without it; it adds what needs a live query.
// Bundled by Astro into one external file, as the Content-Security-Policy requires. (Whether a
// date has passed is said by the Worker as it serves each page.)
import { enhanceSearch } from './search-as-you-type.ts';
import { enhanceNearbyForm } from './use-my-location.ts';

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-form]')) enhanceSearch(form);
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-nearby-form]')) enhanceNearbyForm(form);

// The report forms need the validator's schemas and a YAML parser: a separate file, fetched only
// by the pages that have them.
const reportForms = document.querySelectorAll<HTMLFormElement>('form[data-report-form]');
const confirmForms = document.querySelectorAll<HTMLFormElement>('form[data-confirm-form]');
if (reportForms.length + confirmForms.length > 0) {
  void import('./report-form.ts').then(({ enhanceReportForm, enhanceConfirmForm }) => {
    for (const form of reportForms) enhanceReportForm(form);
    for (const form of confirmForms) enhanceConfirmForm(form);
  });
}
