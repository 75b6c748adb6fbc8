import type { Markup } from '../../formats/html.ts';

/** What a rendered page puts into its template: the head's facts and the main content. */
export interface PageContent {
  title: string;
  description: string;
  canonicalUrl: string;
  jsonUrl: string;
  markdownUrl: string;
  /** Further formats of the page (a calendar, a feed), linked from the head with rel=alternate. */
  alternates?: readonly { type: string; href: string; title: string }[];
  /** schema.org data, for the template's JSON-LD element. */
  jsonLd?: Record<string, unknown>;
  main: Markup;
}
