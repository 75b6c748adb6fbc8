import type { StoredReport } from '../schema/api.ts';
import { instantOf } from '../schema/calendar.ts';
import { includedReportLimit, recentReportLimit } from './api-limits.ts';
import { phaseOn } from './freshness.ts';
import { slugPattern } from '../schema/landmark-frontmatter.ts';
import { reportIdPattern } from '../schema/report-frontmatter.ts';

/**
 * A landmark's reports, bounded: the Eiffel Tower may gather thousands while a chapel has one, and
 * an answer must stay small either way. getLandmark holds what matters on the day asked (every
 * report in effect or upcoming) and the most recent history; listLandmarkReports pages the rest.
 */

/**
 * The `recentReportLimit` most recently confirmed reports and those in effect or upcoming on `day`,
 * at most `includedReportLimit` in all, most recently confirmed first (`reports` come in that order).
 */
export function reportsThatMatter(reports: readonly StoredReport[], day: string): StoredReport[] {
  if (reports.length <= recentReportLimit) return [...reports];
  const included: StoredReport[] = [];
  for (const [index, report] of reports.entries()) {
    if (included.length === includedReportLimit) break;
    if (index < recentReportLimit) included.push(report);
    else {
      const phase = phaseOn(report, day);
      if (phase === 'in_effect' || phase === 'upcoming') included.push(report);
    }
  }
  return included;
}

/** Where a walk over a landmark's reports stands: after this report, in newest-observation order. */
export interface ReportPosition {
  slug: string;
  /** observedAt as milliseconds since the epoch: observations may be dates or date-times. */
  observed: number;
  id: string;
}

export const isReportPosition = (value: unknown): value is ReportPosition => {
  if (typeof value !== 'object' || value === null) return false;
  const { slug, observed, id, ...extra } = value as Record<string, unknown>;
  return Object.keys(extra).length === 0 && typeof slug === 'string' && slugPattern.test(slug) && Number.isSafeInteger(observed) && typeof id === 'string' && reportIdPattern.test(id);
};

/** Newest observation first, then by id: a total order, so a keyset walk sees every report once. */
export function compareReportPositions(a: Omit<ReportPosition, 'slug'>, b: Omit<ReportPosition, 'slug'>): number {
  return b.observed - a.observed || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export const positionOf = (report: StoredReport) => ({ observed: instantOf(report.observedAt), id: report.id });
