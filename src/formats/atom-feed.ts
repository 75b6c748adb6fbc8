import type { StoredReport } from '../schema/api.ts';

/** A report as a feed entry shows it: everything but its body. */
type FeedReport = Omit<StoredReport, 'details'>;
import { dataLicense } from '../domain/data-license.ts';
import { escapeMarkup } from './escape-markup.ts';
import { conditionInWords, conditionLabel } from '../domain/in-words.ts';

/**
 * Atom (RFC 4287) for feed readers, one entry per report: the site's feed of changes and each
 * landmark's own feed are written the same way. Entry ids are the reports' canonical URLs, so an
 * edited report shows as updated, not as a new entry.
 */

/** Atom needs an `updated` even for an empty feed; the epoch keeps that deterministic too. */
const emptyFeedUpdated = '1970-01-01T00:00:00Z';

export interface FeedFrame {
  /** The feed's own URL: its id and its rel=self link. */
  selfUrl: string;
  /** The HTML page the feed follows. */
  pageUrl: string;
  title: string;
  subtitle: string;
}

function entry(report: FeedReport): string {
  const author = report.source.name ?? dataLicense.attribution;
  const period = report.from > report.observedAt.slice(0, 10) ? `\nAnnounced ahead: from ${report.from}.` : '';
  const end = report.until ? `\nThe source ${report.untilKind === 'estimated' ? 'estimates the end at about' : 'states the end as'} ${report.until}.` : '';
  const superseded = report.supersededBy === null ? '' : `\nSuperseded by report ${report.supersededBy}: it counts until ${report.currentUntil}.`;
  return [
    '  <entry>',
    `    <id>${escapeMarkup(report.urls.html)}</id>`,
    `    <title>${escapeMarkup(`${report.landmark.name}: ${conditionLabel(report.condition)}`)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeMarkup(report.urls.html)}"/>`,
    `    <link rel="alternate" type="application/json" href="${escapeMarkup(report.urls.json)}"/>`,
    `    <updated>${escapeMarkup(report.updatedAt)}</updated>`,
    `    <author><name>${escapeMarkup(author)}</name></author>`,
    `    <category term="${escapeMarkup(report.condition)}" label="${escapeMarkup(conditionLabel(report.condition))}"/>`,
    `    <summary type="text">${escapeMarkup(report.summary)}</summary>`,
    `    <content type="text">${escapeMarkup(`${report.summary}\n${conditionInWords(report)}.${period}${end}${superseded}`)}</content>`,
    `    <rights>${escapeMarkup(`${dataLicense.shortTitle}: ${dataLicense.attribution}`)}</rights>`,
    '  </entry>',
  ].join('\n');
}

/** The feed of `reports`, in the order given (newest first); its `updated` is the newest entry's, so the same data gives the same bytes. */
export function atomFeed(frame: FeedFrame, reports: readonly FeedReport[]): string {
  const updated = reports.reduce<string | undefined>((latest, report) => (latest === undefined || report.updatedAt > latest ? report.updatedAt : latest), undefined);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeMarkup(frame.selfUrl)}</id>`,
    `  <title>${escapeMarkup(frame.title)}</title>`,
    `  <subtitle>${escapeMarkup(frame.subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeMarkup(frame.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeMarkup(frame.pageUrl)}"/>`,
    `  <updated>${escapeMarkup(updated ?? emptyFeedUpdated)}</updated>`,
    `  <author><name>${escapeMarkup(dataLicense.attribution)}</name></author>`,
    `  <rights>${escapeMarkup(`${dataLicense.title} (${dataLicense.shortTitle}), ${dataLicense.url}: credit ${dataLicense.attribution}`)}</rights>`,
    ...reports.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
