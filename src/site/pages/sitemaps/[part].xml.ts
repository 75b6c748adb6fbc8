import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapEntries, sitemapPartCount, sitemapPartRange, sitemapUrlCount, urlSet } from '../../../domain/sitemap.ts';
import { pageData } from '../../../emit/page-handover.ts';

/** The parts of a sitemap index, 50,000 URLs each; none while sitemap.xml holds every URL itself. */
export const getStaticPaths = (() => {
  const count = sitemapPartCount(sitemapUrlCount(pageData().catalogue));
  return Array.from({ length: count }, (_, index) => ({ params: { part: String(index + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const { start, end } = sitemapPartRange(Number(params.part));
  return new Response(urlSet(sitemapEntries(pageData().catalogue, start, end)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
