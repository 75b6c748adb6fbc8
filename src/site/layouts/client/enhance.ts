// The site's only script. Every page reads fully without it; it adds what needs the visitor's clock
// or a live query. Bundled by Astro into one external file, as the Content-Security-Policy requires.
import { markPastDates } from './mark-past-dates.ts';
import { enhanceSearch } from './search-as-you-type.ts';

markPastDates(document, new Date());
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-form]')) enhanceSearch(form);
