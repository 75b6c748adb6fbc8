// The site's only script. Every page reads fully without it; it adds what needs a live query.
// Bundled by Astro into one external file, as the Content-Security-Policy requires. (Whether a
// date has passed is said by the Worker as it serves each page.)
import { enhanceSearch } from './search-as-you-type.ts';

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-form]')) enhanceSearch(form);
