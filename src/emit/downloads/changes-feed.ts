import { dataLicense } from '../../domain/data-license.ts';
import { downloadPaths } from '../../domain/download-resources.ts';
import { siteUrls } from '../../domain/urls.ts';
import { changeOrder } from '../../domain/changes.ts';
import type { StoredReport } from '../../schema/api.ts';
import { conditionInWords, conditionLabel } from '../../domain/in-words.ts';
import { escapeMarkup } from '../../domain/escape-markup.ts';

/**
 * The Atom feed of changes (RFC 4287) for feed readers: the most recently updated reports, newest
 * first. Entry ids are the reports' canonical URLs, so an edited report shows as updated, not as a
 * new entry. The feed's own `updated` is the newest report's updatedAt: no build timestamp, so the
 * same content gives the same bytes.
 */

export const changesFeedLength = 100;

/** Atom needs an `updated` even for an empty feed; the epoch keeps that deterministic too. */
const emptyFeedUpdated = '1970-01-01T00:00:00Z';


/** The `count` most recently updated reports, newest first: the changes API's order, reversed. */
export function latestChanges(reports: readonly StoredReport[], count = changesFeedLength): StoredReport[] {
  return changeOrder(reports).slice(-count).reverse().map((index) => reports[index]!);
}

function entry(report: StoredReport): string {
  const author = report.source.name ?? dataLicense.attribution;
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
    `    <content type="text">${escapeMarkup(`${report.summary}\n${conditionInWords(report)}.`)}</content>`,
    `    <rights>${escapeMarkup(`${dataLicense.shortTitle}: ${dataLicense.attribution}`)}</rights>`,
    '  </entry>',
  ].join('\n');
}

export function changesFeed(reports: readonly StoredReport[], siteUrl: string): string {
  const urls = siteUrls(siteUrl);
  const latest = latestChanges(reports);
  const selfUrl = urls.absolute(downloadPaths.changesFeed);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeMarkup(selfUrl)}</id>`,
    '  <title>Landmark Condition Reports: latest changes</title>',
    `  <subtitle>The ${changesFeedLength} most recently updated condition reports: closures, scaffolding, refurbishment, restricted access and blocked views.</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeMarkup(selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeMarkup(urls.absolute(downloadPaths.page))}"/>`,
    `  <updated>${escapeMarkup(latest[0]?.updatedAt ?? emptyFeedUpdated)}</updated>`,
    `  <author><name>${escapeMarkup(dataLicense.attribution)}</name></author>`,
    `  <rights>${escapeMarkup(`${dataLicense.title} (${dataLicense.shortTitle}), ${dataLicense.url}: credit ${dataLicense.attribution}`)}</rights>`,
    ...latest.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
