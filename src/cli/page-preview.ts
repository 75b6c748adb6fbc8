import { answerInWords, conditionInWords, conditionLabel, freshnessInWords, noLongerCurrent, notYetCurrent, periodInWords } from '../domain/in-words.ts';
import { answerOfCondition } from '../domain/landmark-status.ts';
import { presentLandmarkDetail } from '../api/present.ts';
import { answeredLandmark, type Catalogue } from '../domain/catalogue.ts';
import type { Report } from '../schema/api.ts';

/**
 * How the pages of the landmarks a pull request touches will read once it is merged, in Markdown
 * for a pull request comment: the condition they lead with on `day`, what is in effect and
 * announced, and each report the pull request adds or changes with its dates and freshness. A
 * reviewer sees the effect (an end date a year off, a report that is already no longer current)
 * without building the site.
 */
export function pagePreview(catalogue: Catalogue, changedReportIds: ReadonlySet<string>, day: string): string {
  const lines = [`### How the pages will read on ${day}`, ''];
  for (const stored of catalogue.landmarks) {
    const landmark = presentLandmarkDetail(answeredLandmark(stored, catalogue), day, `${stored.urls.html}/reports`);
    const current = landmark.currentCondition;
    const answer = current?.isCurrent ? answerInWords(answerOfCondition(current.condition), current.condition) : answerInWords('unknown', null);
    lines.push(`#### ${landmark.name}`, '', `- **Leads with:** ${answer}${current ? ` (“${current.summary}”, ${freshnessInWords(current)})` : ''}`);
    const inEffect = landmark.reports.filter((report) => report.isCurrent);
    const upcoming = landmark.reports.filter((report) => report.isUpcoming);
    lines.push(`- **In effect:** ${inEffect.length === 0 ? 'nothing' : inEffect.map((report) => conditionLabel(report.condition)).join(', ')}`);
    if (upcoming.length > 0) lines.push(`- **Announced ahead:** ${upcoming.map((report) => `${conditionLabel(report.condition)} from ${report.from}`).join(', ')}`);
    const changed = stored.reports.filter((report) => changedReportIds.has(report.id));
    for (const report of landmark.reports.filter((candidate) => changed.some((stored) => stored.id === candidate.id))) {
      lines.push(`- **This pull request:** ${reportInWords(report)}`);
    }
    // A changed report the page does not include (a heavy landmark's old report) is still named.
    const shownIds = new Set(landmark.reports.map((report) => report.id));
    for (const report of changed.filter((candidate) => !shownIds.has(candidate.id))) {
      lines.push(`- **This pull request:** “${report.summary}” (${conditionLabel(report.condition)}, observed ${report.observedAt.slice(0, 10)}; listed among all reports, not on the page itself)`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function reportInWords(report: Report): string {
  const state = report.isCurrent ? 'in effect' : report.isUpcoming ? notYetCurrent(report.from) : noLongerCurrent;
  const period = report.until ? `; ${periodInWords(report)}` : '';
  return `“${report.summary}”: ${conditionInWords(report)}${period} (**${state}** on that day)`;
}
