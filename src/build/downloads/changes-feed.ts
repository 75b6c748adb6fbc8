import { dataLicense } from '../../model/data-license.ts';
import { downloadPaths } from '../../model/download-resources.ts';
import { siteUrls } from '../../model/urls.ts';
import { compareChangePositions } from '../../model/changes.ts';
import type { StoredReport } from '../../schema/api.ts';
import { conditionInWords, conditionLabel } from '../../pages/_lib/freshness-words.ts';

/**
 * The Atom feed of changes (RFC 4287) for feed readers: the most recently updated reports, newest
 * first. Entry ids are the reports' canonical URLs, so an edited report shows as updated, not as a
 * new entry. The feed's own `updated` is the newest report's updatedAt: no build timestamp, so the
 * same content gives the same bytes.
 */

export const changesFeedLength = 100;

/** Atom needs an `updated` even for an empty feed; the epoch keeps that deterministic too. */
const emptyFeedUpdated = '1970-01-01T00:00:00Z';

// XML 1.0 forbids most control characters even when escaped; they become U+FFFD.
const notXmlCharacter = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(text: string): string {
  return text
    .replace(notXmlCharacter, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The `count` most recently updated reports, newest first: the changes API's order, reversed. */
export function latestChanges(reports: readonly StoredReport[], count = changesFeedLength): StoredReport[] {
  return [...reports].sort((a, b) => compareChangePositions(b, a)).slice(0, count);
}

function entry(report: StoredReport): string {
  const author = report.source.name ?? dataLicense.attribution;
  return [
    '  <entry>',
    `    <id>${xmlText(report.urls.html)}</id>`,
    `    <title>${xmlText(`${report.landmark.name}: ${conditionLabel(report.condition)}`)}</title>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(report.urls.html)}"/>`,
    `    <link rel="alternate" type="application/json" href="${xmlText(report.urls.json)}"/>`,
    `    <updated>${xmlText(report.updatedAt)}</updated>`,
    `    <author><name>${xmlText(author)}</name></author>`,
    `    <category term="${xmlText(report.condition)}" label="${xmlText(conditionLabel(report.condition))}"/>`,
    `    <summary type="text">${xmlText(report.summary)}</summary>`,
    `    <content type="text">${xmlText(`${report.summary}\n${conditionInWords(report)}.`)}</content>`,
    `    <rights>${xmlText(`${dataLicense.shortTitle}: ${dataLicense.attribution}`)}</rights>`,
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
    `  <id>${xmlText(selfUrl)}</id>`,
    '  <title>Landmark Condition Reports: latest changes</title>',
    `  <subtitle>The ${changesFeedLength} most recently updated condition reports: closures, scaffolding, refurbishment, restricted access and blocked views.</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(urls.absolute(downloadPaths.page))}"/>`,
    `  <updated>${xmlText(latest[0]?.updatedAt ?? emptyFeedUpdated)}</updated>`,
    `  <author><name>${xmlText(dataLicense.attribution)}</name></author>`,
    `  <rights>${xmlText(`${dataLicense.title} (${dataLicense.shortTitle}), ${dataLicense.url}: credit ${dataLicense.attribution}`)}</rights>`,
    ...latest.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
