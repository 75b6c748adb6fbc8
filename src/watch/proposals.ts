import type { ReportRecord } from '../load/records.ts';
import { dayOfInstant } from '../schema/calendar.ts';
import type { Observation } from './observation.ts';

/**
 * What a source's observations propose against the reports a landmark already has. Reports the
 * watch wrote carry the item they came from (`source.itemId`: the source's key and the item's id
 * there), so a second run finds them: an item seen before with the same condition and end proposes
 * nothing; one whose condition or end changed proposes a report that supersedes the latest of that
 * item; an item the source no longer lists, while the source still answers, is listed for review
 * (a gone alert does not prove a reopening, so it never becomes an "open" report by itself).
 */

export interface Proposal {
  observation: Observation;
  /** The report it updates, when the item was reported before with another condition or end. */
  supersedes?: ReportRecord | undefined;
}

export interface GoneItem {
  itemId: string;
  report: ReportRecord;
}

/** The latest report of each item of this source: the one no other report of the item supersedes. */
function latestByItem(reports: readonly ReportRecord[], sourceKey: string): Map<string, ReportRecord> {
  const prefix = `${sourceKey} `;
  const ofSource = reports.filter((report) => report.frontmatter.source.itemId?.startsWith(prefix));
  const superseded = new Set(ofSource.map((report) => report.frontmatter.supersedes).filter((id) => id !== undefined));
  const latest = new Map<string, ReportRecord>();
  for (const report of ofSource) {
    if (!superseded.has(report.id)) latest.set(report.frontmatter.source.itemId!, report);
  }
  return latest;
}

export const itemIdOf = (sourceKey: string, observation: Pick<Observation, 'itemId'>): string => `${sourceKey} ${observation.itemId}`;

export function proposalsOf(sourceKey: string, observations: readonly Observation[], landmarkReports: readonly ReportRecord[], now: Date): { proposals: Proposal[]; gone: GoneItem[] } {
  const latest = latestByItem(landmarkReports, sourceKey);
  const proposals: Proposal[] = [];
  const listed = new Set<string>();
  for (const observation of observations) {
    const itemId = itemIdOf(sourceKey, observation);
    if (listed.has(itemId)) continue;
    listed.add(itemId);
    const known = latest.get(itemId);
    if (!known) proposals.push({ observation });
    else if (known.frontmatter.condition !== observation.condition || known.frontmatter.until !== observation.until) proposals.push({ observation, supersedes: known });
  }
  const today = dayOfInstant(now.getTime());
  const gone = [...latest]
    // Only items whose report still says something about today or later are worth a look.
    .filter(([itemId, report]) => !listed.has(itemId) && (report.frontmatter.until === undefined || report.frontmatter.until >= today))
    .map(([itemId, report]) => ({ itemId, report }));
  return { proposals, gone };
}
