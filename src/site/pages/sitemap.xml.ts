import type { APIRoute } from 'astro';
import { sitemapEntries, sitemapIndex, sitemapPartCount, sitemapUrlCount, urlSet } from '../../domain/sitemap.ts';
import { pageData } from '../../emit/page-handover.ts';

/** Every page worth indexing; past the protocol's 50,000 URLs, an index of the parts in /sitemaps/. */
export const GET: APIRoute = () => {
  const { catalogue } = pageData();
  const parts = sitemapPartCount(sitemapUrlCount(catalogue));
  return new Response(parts === 0 ? urlSet(sitemapEntries(catalogue)) : sitemapIndex(catalogue.siteUrl, parts), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
