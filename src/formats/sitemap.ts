import type { Catalogue } from '../domain/catalogue.ts';
import { downloadPaths } from './download-resources.ts';
import { escapeMarkup } from './escape-markup.ts';
import { siteUrls } from '../domain/urls.ts';
import { changeOrder } from '../domain/changes.ts';

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

/** The site's own pages; those that show reports change when the newest report does. */
const sitePages = [
  { path: '/', showsReports: true },
  { path: '/about', showsReports: false },
  { path: downloadPaths.page, showsReports: true },
] as const;

/**
 * The newest report's update time: the last of the changes feed's order, which the feed's files
 * made already. Read through every report of a rebuild's kept catalogue, it took a third of a
 * second at a million reports, in the part of the sitemap every rebuild makes again.
 */
function newestUpdate(reports: Catalogue['reports']): string | undefined {
  const order = changeOrder(reports);
  return order.length === 0 ? undefined : reports[order[order.length - 1]!]!.updatedAt;
}

function sitePageEntries(catalogue: Catalogue, start: number, end: number): SitemapEntry[] {
  const urls = siteUrls(catalogue.siteUrl);
  const latest = newestUpdate(catalogue.reports);
  return sitePages.slice(start, end).map(({ path, showsReports }) => ({ url: urls.absolute(path), ...(showsReports ? { lastModified: latest } : {}) }));
}

/** How many pages the sitemap lists: the site's own, every landmark's and every report's. */
export const sitemapUrlCount = (catalogue: Catalogue): number => sitePages.length + catalogue.landmarks.length + catalogue.reports.length;

/** The positions [start, end) in one kind of the sitemap's entries. */
type Span = readonly [number, number];

/**
 * Which entries from `start` up to `end` come from what, in the sitemap's fixed order: the site's
 * own pages, then landmarks, then reports. The build keys a part by the records it lists.
 */
export function sitemapSpans(catalogue: Catalogue, start: number, end: number): { sitePages: Span; landmarks: Span; reports: Span } {
  const within = (offset: number, length: number): Span => [Math.min(length, Math.max(0, start - offset)), Math.min(length, Math.max(0, end - offset))];
  const landmarksAt = sitePages.length;
  const reportsAt = landmarksAt + catalogue.landmarks.length;
  return { sitePages: within(0, sitePages.length), landmarks: within(landmarksAt, catalogue.landmarks.length), reports: within(reportsAt, catalogue.reports.length) };
}

/**
 * Every page worth indexing, at its canonical URL, in a fixed order (the site's own pages, then
 * landmarks, then reports); or only those from `start` up to `end`. Only the asked range is made:
 * a million reports make 23 parts, and making every entry for each part took seconds of the build.
 */
export function sitemapEntries(catalogue: Catalogue, start = 0, end = sitemapUrlCount(catalogue)): SitemapEntry[] {
  const spans = sitemapSpans(catalogue, start, end);
  const urls = siteUrls(catalogue.siteUrl);
  return [
    ...(spans.sitePages[0] < spans.sitePages[1] ? sitePageEntries(catalogue, ...spans.sitePages) : []),
    ...catalogue.landmarks.slice(...spans.landmarks).map((landmark) => ({ url: landmark.urls.html, lastModified: lastChangeOf(landmark.reports) })),
    ...catalogue.reports.slice(...spans.reports).map((report) => ({ url: urls.reportPage(report.id), lastModified: report.updatedAt })),
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

/** Where part `part` (1-based) starts and ends in the sitemap's entries. */
export const sitemapPartRange = (part: number): { start: number; end: number } => ({ start: (part - 1) * maxSitemapUrls, end: part * maxSitemapUrls });
