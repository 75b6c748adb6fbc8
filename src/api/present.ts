import type {
  AnnouncedNext,
  CurrentCondition,
  StoredCurrentCondition,
  LandmarkDetail,
  LandmarkSummary,
  Report,
  CheckedLandmarkDetail,
  StoredLandmarkSummary,
  StoredReport,
} from '../schema/api.ts';
import { includedReportLimit, recentReportLimit } from '../domain/api-limits.ts';
import { conditionOn, reportsInEffectOn, nextUpcomingOn } from '../domain/condition-timeline.ts';
import { reportsThatMatter } from '../domain/landmark-reports.ts';
import { phaseOn } from '../domain/freshness.ts';

/**
 * Static files carry dates, never a stale boolean; these turn stored records into what the API
 * serves for a day (YYYY-MM-DD, UTC: the request's, or the one asked for with `at`), so a report
 * stops being current without a rebuild and any day can be asked about.
 */

export function presentReport(report: StoredReport, day: string): Report {
  const phase = phaseOn(report, day);
  return { ...report, isCurrent: phase === 'in_effect', isUpcoming: phase === 'upcoming' };
}

function presentCurrentCondition(landmark: StoredLandmarkSummary, day: string): CurrentCondition | null {
  const found = conditionOn(landmark.conditionTimeline, day);
  return found && { ...found.condition, isCurrent: found.inEffect };
}

function announcedNextOf(next: StoredCurrentCondition | undefined): AnnouncedNext {
  if (!next) return null;
  const { condition, reportId, summary, from, until, untilKind } = next;
  return { condition, reportId, summary, from, until, untilKind };
}

export function presentLandmarkSummary(landmark: StoredLandmarkSummary, day: string): LandmarkSummary {
  const { reportCount, reportDays: _reportDays, conditionTimeline, currentCondition: _stored, ...rest } = landmark;
  return {
    ...rest,
    currentCondition: presentCurrentCondition(landmark, day),
    reportCounts: { total: reportCount, current: reportsInEffectOn(landmark, day) },
    announcedNext: announcedNextOf(nextUpcomingOn(conditionTimeline, day)),
  };
}

/** The landmark with the reports that matter on `day` (see landmark-reports.ts); `allReportsUrl` pages the rest. */
export function presentLandmarkDetail(landmark: CheckedLandmarkDetail, day: string, allReportsUrl: string): LandmarkDetail {
  const { website, description, watchChecks, reports, ...summary } = landmark;
  const included = reportsThatMatter(reports, day);
  return {
    ...presentLandmarkSummary(summary, day),
    asOf: day,
    website,
    description,
    watchChecks,
    reports: included.map((report) => presentReport(report, day)),
    reportsIncluded: { count: included.length, omitted: landmark.reportCount - included.length, recentLimit: recentReportLimit, limit: includedReportLimit, all: allReportsUrl },
  };
}
