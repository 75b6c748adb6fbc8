import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapEntries, sitemapPart, sitemapPartCount, urlSet } from '../../../domain/sitemap.ts';
import { pageData } from '../../../emit/page-handover.ts';

/** The parts of a sitemap index, 50,000 URLs each; none while sitemap.xml holds every URL itself. */
export const getStaticPaths = (() => {
  const count = sitemapPartCount(sitemapEntries(pageData().catalogue).length);
  return Array.from({ length: count }, (_, index) => ({ params: { part: String(index + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(urlSet(sitemapPart(sitemapEntries(pageData().catalogue), Number(params.part))), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
