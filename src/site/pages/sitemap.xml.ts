import type { APIRoute } from 'astro';
import { downloadPaths } from '../../domain/download-resources.ts';
import { escapeMarkup } from '../../domain/escape-markup.ts';
import { pageData } from '../../emit/page-handover.ts';


/**
 * Every page worth indexing, at its canonical URL. A sitemap holds at most 50,000 URLs; past that it
 * must become a sitemap index over several files.
 */
export const GET: APIRoute = async ({ site }) => {
  const catalogue = pageData().catalogue;
  const absolute = (sitePath: string) => new URL(sitePath, site).href;
  const lastChangeOf = (reports: readonly { updatedAt: string }[]) =>
    reports.reduce<string | undefined>((latest, report) => (latest === undefined || report.updatedAt > latest ? report.updatedAt : latest), undefined);
  const entries: { url: string; lastModified?: string | undefined }[] = [
    { url: absolute('/'), lastModified: lastChangeOf(catalogue.reports) },
    { url: absolute('/about') },
    { url: absolute(downloadPaths.page), lastModified: lastChangeOf(catalogue.reports) },
    ...catalogue.landmarks.map((landmark) => ({ url: landmark.urls.html, lastModified: lastChangeOf(landmark.reports) })),
    ...catalogue.reports.map((report) => ({ url: report.urls.html, lastModified: report.updatedAt })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      ({ url, lastModified }) => `  <url><loc>${escapeMarkup(url)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
