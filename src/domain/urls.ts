import type { StoredReport } from '../schema/api.ts';

/**
 * Canonical URLs, all built from the one configured site URL (`SITE_URL`), so that what clients
 * cite survives a move between hosts by changing a single setting.
 */
export interface SiteUrls {
  landmarkPage(slug: string): string;
  landmarkJson(slug: string): string;
  reportPage(id: string): string;
  reportJson(id: string): string;
  absolute(path: string): string;
}

export const apiBasePath = '/api/public/v1';

/** The last site's URLs: the build asks for them once per record of a million. */
let lastMade: { siteUrl: string; urls: SiteUrls } | undefined;

export function siteUrls(siteUrl: string): SiteUrls {
  if (lastMade?.siteUrl === siteUrl) return lastMade.urls;
  const base = siteUrl.replace(/\/+$/, '');
  const urls: SiteUrls = {
    landmarkPage: (slug) => `${base}/landmarks/${slug}`,
    landmarkJson: (slug) => `${base}${apiBasePath}/landmarks/${slug}`,
    reportPage: (id) => `${base}/reports/${id}`,
    reportJson: (id) => `${base}${apiBasePath}/reports/${id}`,
    absolute: (path) => `${base}${path}`,
  };
  lastMade = { siteUrl, urls };
  return urls;
}

/** A page's Markdown twin lives at the page URL plus `.md`. */
export const markdownTwin = (pageUrl: string): string => `${pageUrl}.md`;

/** A page's addresses: the page, its JSON and its Markdown twin. */
export const pageUrlsOf = (html: string, json: string): StoredReport['urls'] => ({ html, json, markdown: markdownTwin(html) });

/** A report's own addresses, made from its id. */
export const reportUrlsOf = (id: string, urls: SiteUrls): StoredReport['urls'] => pageUrlsOf(urls.reportPage(id), urls.reportJson(id));

/**
 * The path of a canonical URL, for links between pages. Canonical URLs are absolute (they are what
 * people cite), but links that stay on the host serving the page also work on a preview or a
 * local copy whose origin differs from SITE_URL.
 */
export const sitePath = (absoluteUrl: string): string => new URL(absoluteUrl).pathname;
