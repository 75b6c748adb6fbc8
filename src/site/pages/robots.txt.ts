import type { APIRoute } from 'astro';

/** Built, not a file in public/, because the sitemap line must name the configured SITE_URL. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      // Search results are made per query: endless, and each one a copy of pages that are indexed.
      'Disallow: /search',
      '',
      `Sitemap: ${new URL('/sitemap.xml', site).href}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
