import type { CatalogueReport } from '../schema/api.ts';
import { instantOf } from '../schema/calendar.ts';
import { includedReportLimit, recentReportLimit } from './api-limits.ts';
import { phaseOn } from './freshness.ts';
import { slugPattern } from '../schema/landmark-frontmatter.ts';
import { reportIdPattern } from '../schema/report-frontmatter.ts';

/**
 * A landmark's reports, bounded: the Eiffel Tower may gather thousands while a chapel has one, and
 * an answer must stay small either way. The landmark's answer holds what matters on the day asked
 * (every report in effect or upcoming) and the most recent history; its reports' list pages the rest.
 */

/**
 * The `recentReportLimit` most recently confirmed reports and those in effect or upcoming on `day`,
 * at most `includedReportLimit` in all, most recently confirmed first (`reports` come in that order).
 */
export function reportsThatMatter<Report extends CatalogueReport>(reports: readonly Report[], day: string): Report[] {
  if (reports.length <= recentReportLimit) return [...reports];
  const included: Report[] = [];
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

/**
 * A landmark with more reports than this keeps only this many in its bucket (`keptReports`), so a
 * request about it reads a bounded file however famous it is; all its reports are kept apart, in
 * chunks ordered by slug and newest observation, which the landmark's reports' list pages through.
 */
export const keptReportLimit = includedReportLimit;

/**
 * The reports a heavy landmark keeps in its bucket, in its order (newest confirmation first): the
 * `recentReportLimit` most recently confirmed, then those whose source stated an end, the latest
 * end first (the periods that can be in effect long after their observation, today's and the
 * announced ones before those long over), then the next most recent, up to the limit.
 */
export function keptReports<Report extends CatalogueReport>(reports: readonly Report[]): Report[] {
  if (reports.length <= keptReportLimit) return [...reports];
  const kept = new Set(reports.slice(0, recentReportLimit));
  const periods = reports.filter((report) => report.until !== null).sort((a, b) => (a.currentUntil < b.currentUntil ? 1 : a.currentUntil > b.currentUntil ? -1 : 0));
  for (const report of periods) {
    if (kept.size === keptReportLimit) break;
    kept.add(report);
  }
  for (const report of reports) {
    if (kept.size === keptReportLimit) break;
    kept.add(report);
  }
  return reports.filter((report) => kept.has(report));
}

/** A heavy landmark's report in the chunks' order: slug, then newest observation, then id. */
export type HeavyReportKey = [slug: string, observed: number, id: string];

export const heavyReportKeyOf = (report: CatalogueReport): HeavyReportKey => [report.landmark.slug, instantOf(report.observedAt), report.id];

export function compareHeavyReportKeys(a: HeavyReportKey, b: HeavyReportKey): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return compareReportPositions({ observed: a[1], id: a[2] }, { observed: b[1], id: b[2] });
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

export const positionOf = (report: CatalogueReport) => ({ observed: instantOf(report.observedAt), id: report.id });
