import { z } from 'zod';

/**
 * Who stands behind a report, so a reader can weigh it. An end date (`until`) counts whatever the
 * kind, as long as the source stated it at the time (marked announced or estimated): an end the
 * operator announced usually reaches the public through the press. `press` exists because most
 * closures reach the public through news articles, and an article's own reporting is neither a
 * visitor's sighting nor the operator's word.
 */
export const sourceKindMeanings = {
  traveller: 'seen by a visitor, in person',
  official: 'published or announced by the operator or an authority (its own notice, or a news article quoting the announcement)',
  press: 'reported by a news outlet from its own reporting',
} as const;

export type SourceKind = keyof typeof sourceKindMeanings;

export const sourceKinds = Object.keys(sourceKindMeanings) as [SourceKind, ...SourceKind[]];

export const sourceKind = z
  .enum(sourceKinds)
  .describe(Object.entries(sourceKindMeanings).map(([kind, meaning]) => `${kind}: ${meaning}`).join('; ') + '.');

/** Encyclopedias summarise; they never document an event themselves, and unrevisioned pages change. */
const encyclopediaHosts = /(^|\.)(wikipedia\.org|wikiwand\.com|britannica\.com)$/;

export function isEncyclopediaUrl(url: string): boolean {
  return encyclopediaHosts.test(new URL(url).hostname);
}

/**
 * Sites that republish what others wrote (news agencies' dispatches, papers' articles, operators'
 * statements) or scrape it: a reader who quotes such a page quotes a copy, and the copy may be
 * altered, cut or gone. Each is listed because reports cited it for someone else's work.
 * CONTRIBUTING.md ("Originals and copies") names them for contributors; a test keeps it in step.
 */
export const syndicationDomains = [
  'allafrica.com',
  'am1.news',
  'devdiscourse.com',
  'investornytt.no',
  'lokmattimes.com',
  'menafn.com',
  'spacedaily.com',
  'urdupoint.com',
  'welingelichtekringen.nl',
  'yahoo.com',
] as const;

/** The listed domain a URL's site belongs to (the domain itself or a subdomain of it), if any. */
export function syndicationDomainOf(url: string): string | undefined {
  const host = new URL(url).hostname;
  return syndicationDomains.find((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** A Wikipedia link that names one revision (`oldid=`), so readers see the text that was cited. */
export function isPermanentRevisionUrl(url: string): boolean {
  const parsed = new URL(url);
  return parsed.hostname.endsWith('wikipedia.org') && /^[1-9]\d*$/.test(parsed.searchParams.get('oldid') ?? '');
}

/** The most further citations a report may list; the first source carries the claim. */
export const maxAdditionalSources = 5;
