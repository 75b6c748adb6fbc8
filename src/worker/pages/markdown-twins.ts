import { watchCheckInWords } from '../../domain/watch-checks.ts';
import type { LandmarkDetail, LandmarkReportList, Report } from '../../schema/api.ts';
import { conditionInWords, conditionLabel, freshnessInWords, noLongerCurrent, noReportYet, notYetCurrent, periodInWords, placeInWords } from '../../domain/in-words.ts';

/**
 * The Markdown twins of landmark and report pages: the same facts as the HTML, as a document that
 * reads well to people and language models alike, with freshness said as of the request.
 */

/** "(no longer current)" after a date that has passed, as the HTML pages say it. */
const asOfRequest = (words: string, isCurrent: boolean) => (isCurrent ? words : `${words} (${noLongerCurrent})`);

const attribution =
  'Data: Landmark Condition Reports contributors, CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). ' +
  'Freshness is given as dates; a report is current until the end of its "current until" day (UTC).';

function sourceLine(report: Report): string {
  const who = report.source.name ? `${report.source.kind}, ${report.source.name}` : report.source.kind;
  return report.source.url ? `${who} <${report.source.url}>` : who;
}

export function landmarkMarkdown(landmark: LandmarkDetail): string {
  const place = placeInWords(landmark.location);
  const lines = [`# ${landmark.name}`, '', `${place} · Wikidata ${landmark.wikidata}`, ''];
  if (landmark.description) lines.push(landmark.description, '');
  lines.push('## Current condition', '');
  lines.push(
    landmark.currentCondition
      ? `**${conditionLabel(landmark.currentCondition.condition)}**: ${landmark.currentCondition.summary} (${asOfRequest(freshnessInWords(landmark.currentCondition), landmark.currentCondition.isCurrent)})`
      : `Unknown: ${noReportYet}. Been there, or read an announcement? Write the first report with the form at ${landmark.urls.html}#report.`,
    '',
  );
  const upcoming = landmark.reports.filter((report) => report.isUpcoming).sort((a, b) => (a.from < b.from ? -1 : 1));
  if (upcoming.length > 0) {
    lines.push('## Announced ahead', '');
    for (const report of upcoming) lines.push(`- [${report.summary}](${report.urls.html}): ${conditionLabel(report.condition)}, ${periodInWords(report)}`);
    lines.push('');
  }
  if (landmark.watchChecks.length > 0) {
    lines.push('## Official sources checked', '');
    for (const watched of landmark.watchChecks) lines.push(`- ${watchCheckInWords(watched)} <${watched.url}>`);
    lines.push('');
  }
  lines.push(`## Reports (${landmark.reportCounts.total})`, '');
  for (const report of landmark.reports) {
    const period = report.until ? `; ${periodInWords(report)}` : '';
    lines.push(`- [${report.summary}](${report.urls.html}): ${report.isUpcoming ? `${conditionInWords(report)} (${notYetCurrent(report.from)})` : asOfRequest(conditionInWords(report), report.isCurrent)}${period}`);
  }
  if (landmark.reports.length === 0) lines.push('No report yet.');
  if (landmark.reportsIncluded.omitted > 0) {
    lines.push('', `${landmark.reportsIncluded.omitted} older reports are not listed: every report, newest observation first, at ${landmark.urls.html}/reports.md (JSON: ${landmark.reportsIncluded.all}).`);
  }
  lines.push('', `Answered for ${landmark.asOf} (UTC). Ask about another day: ${landmark.urls.json}/status?on=YYYY-MM-DD; follow it: ${landmark.urls.html}.ics (calendar), ${landmark.urls.html}.atom (feed).`);
  lines.push('', `Canonical URL: ${landmark.urls.html}`, `JSON: ${landmark.urls.json}`, '', attribution, '');
  return lines.join('\n');
}

export function reportMarkdown(report: Report): string {
  const lines = [
    `# ${report.landmark.name}: ${conditionLabel(report.condition)}`,
    '',
    report.summary,
    '',
    `- Landmark: [${report.landmark.name}](${report.landmark.url})`,
    `- Freshness: ${asOfRequest(freshnessInWords(report), report.isCurrent)}`,
    `- Source: ${sourceLine(report)}`,
    ...report.additionalSources.map((citation) => `- Also cited: ${citation.name} <${citation.url}>`),
  ];
  if (report.from > report.observedAt.slice(0, 10)) lines.push(`- Starts: ${report.from} (announced ahead)`);
  if (report.until) lines.push(`- ${report.untilKind === 'estimated' ? 'Estimated end: about' : 'Announced end:'} ${report.until}`);
  if (report.supersedes) lines.push(`- Supersedes report ${report.supersedes}`);
  if (report.supersededBy) lines.push(`- Superseded by report ${report.supersededBy}: counts until ${report.currentUntil}`);
  for (const confirmation of report.confirmations) {
    lines.push(`- Confirmed ${confirmation.date.slice(0, 10)}${confirmation.note ? `: ${confirmation.note}` : ''}`);
  }
  lines.push('');
  if (report.details) lines.push(report.details, '');
  lines.push(`Canonical URL: ${report.urls.html}`, `JSON: ${report.urls.json}`, '', attribution, '');
  return lines.join('\n');
}

/** A page of a landmark's reports, with the address of the next one. */
export function landmarkReportsMarkdown(list: LandmarkReportList): string {
  const lines = [`# ${list.landmark.name}: all reports`, '', `${list.total} reports, newest observation first. Landmark: ${list.landmark.url}`, ''];
  for (const report of list.reports) {
    lines.push(`- [${report.summary}](${report.urls.html}): ${report.isUpcoming ? `${conditionInWords(report)} (${notYetCurrent(report.from)})` : asOfRequest(conditionInWords(report), report.isCurrent)}`);
  }
  if (list.reports.length === 0) lines.push('No more reports.');
  const next = list.pagination.nextCursor;
  lines.push('', next ? `Older reports: ${list.landmark.url}/reports.md?cursor=${encodeURIComponent(next)}` : 'These are the oldest reports.', '', attribution, '');
  return lines.join('\n');
}
