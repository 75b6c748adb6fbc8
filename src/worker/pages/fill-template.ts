import { escapeMarkup, jsonForScriptElement } from '../../formats/escape-markup.ts';
import type { PageContent } from './page-content.ts';

/** HTMLRewriter escapes quotes in attribute values but not ampersands; a value is text, so they are. */
const attributeText = (text: string) => text.replace(/&/g, '&amp;');

/**
 * A page: its kind's template (the site's frame, built by Astro) with the page's title, head
 * links, JSON-LD and main content put in, streaming through HTMLRewriter.
 */
export async function fillTemplate(template: string, content: PageContent): Promise<string> {
  const setAttribute = (name: string, value: string) => ({ element: (element: Element) => void element.setAttribute(name, attributeText(value)) });
  const filled = new HTMLRewriter()
    // The template's title is " · <site name>": the page's own title goes in front.
    .on('title', { element: (element) => void element.prepend(content.title) })
    .on('meta[name="description"]', setAttribute('content', content.description))
    .on('meta[property="og:title"]', setAttribute('content', content.title))
    .on('meta[property="og:description"]', setAttribute('content', content.description))
    .on('meta[property="og:url"]', setAttribute('content', content.canonicalUrl))
    .on('link[rel="canonical"]', setAttribute('href', content.canonicalUrl))
    .on('link[rel="alternate"][type="application/json"]', setAttribute('href', content.jsonUrl))
    .on('link[rel="alternate"][type="text/markdown"]', setAttribute('href', content.markdownUrl))
    .on('head', {
      element: (element) => {
        for (const alternate of content.alternates ?? []) {
          element.append(`<link rel="alternate" type="${escapeMarkup(alternate.type)}" href="${escapeMarkup(alternate.href)}" title="${escapeMarkup(alternate.title)}">`, { html: true });
        }
      },
    })
    .on('script[type="application/ld+json"]', {
      element: (element) => void (content.jsonLd ? element.setInnerContent(jsonForScriptElement(content.jsonLd), { html: true }) : element.remove()),
    })
    .on('main#content', { element: (element) => void element.setInnerContent(content.main.text, { html: true }) })
    .transform(new Response(template, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
  return filled.text();
}
