import type { Catalogue } from './catalogue.ts';
import { downloadPaths } from './download-resources.ts';
import { escapeMarkup } from './escape-markup.ts';
import { siteUrls } from './urls.ts';

/** The sitemap protocol's limit of URLs per file; past it, sitemap.xml becomes an index of parts. */
export const maxSitemapUrls = 50_000;

export const sitemapPath = '/sitemap.xml';
export const sitemapPartPath = (part: number) => `/sitemaps/${part}.xml`;

interface SitemapEntry {
  url: string;
  lastModified?: string | undefined;
}

const lastChangeOf = (reports: readonly { updatedAt: string }[]) =>
  reports.reduce<string | undefined>((latest, report) => (latest === undefined || report.updatedAt > latest ? report.updatedAt : latest), undefined);

/** Every page worth indexing, at its canonical URL. */
export function sitemapEntries(catalogue: Catalogue): SitemapEntry[] {
  const urls = siteUrls(catalogue.siteUrl);
  return [
    { url: urls.absolute('/'), lastModified: lastChangeOf(catalogue.reports) },
    { url: urls.absolute('/about') },
    { url: urls.absolute(downloadPaths.page), lastModified: lastChangeOf(catalogue.reports) },
    ...catalogue.landmarks.map((landmark) => ({ url: landmark.urls.html, lastModified: lastChangeOf(landmark.reports) })),
    ...catalogue.reports.map((report) => ({ url: report.urls.html, lastModified: report.updatedAt })),
  ];
}

/** How many part files the entries need: none while one sitemap.xml holds them all. */
export const sitemapPartCount = (entryCount: number): number => (entryCount <= maxSitemapUrls ? 0 : Math.ceil(entryCount / maxSitemapUrls));

const xmlHeader = '<?xml version="1.0" encoding="UTF-8"?>';

export function urlSet(entries: readonly SitemapEntry[]): string {
  return [
    xmlHeader,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(({ url, lastModified }) => `  <url><loc>${escapeMarkup(url)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export function sitemapIndex(siteUrl: string, partCount: number): string {
  const urls = siteUrls(siteUrl);
  return [
    xmlHeader,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Array.from({ length: partCount }, (_, index) => `  <sitemap><loc>${escapeMarkup(urls.absolute(sitemapPartPath(index + 1)))}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** The entries of part `part` (1-based). */
export const sitemapPart = <T>(entries: readonly T[], part: number): T[] => entries.slice((part - 1) * maxSitemapUrls, part * maxSitemapUrls);
