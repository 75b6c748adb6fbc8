import type {
  CurrentCondition,
  LandmarkDetail,
  LandmarkSummary,
  Report,
  StoredCurrentCondition,
  StoredLandmarkDetail,
  StoredLandmarkSummary,
  StoredReport,
} from '../schema/api.ts';
import { isCurrentAt } from './freshness.ts';

/**
 * Static files carry dates, never a stale boolean; these turn stored records into what the API
 * serves at the moment `now`, so a report stops being current without a rebuild.
 */

export function presentReport(report: StoredReport, now: Date): Report {
  return { ...report, isCurrent: isCurrentAt(report.currentUntil, now) };
}

function presentCurrentCondition(current: StoredCurrentCondition | null, now: Date): CurrentCondition | null {
  return current && { ...current, isCurrent: isCurrentAt(current.currentUntil, now) };
}

export function presentLandmarkSummary(landmark: StoredLandmarkSummary, now: Date): LandmarkSummary {
  const { reportCount, reportsCurrentUntil, currentCondition, ...rest } = landmark;
  return {
    ...rest,
    currentCondition: presentCurrentCondition(currentCondition, now),
    reportCounts: {
      total: reportCount,
      current: reportsCurrentUntil.filter((currentUntil) => isCurrentAt(currentUntil, now)).length,
    },
  };
}

export function presentLandmarkDetail(landmark: StoredLandmarkDetail, now: Date): LandmarkDetail {
  const { website, description, reports, ...summary } = landmark;
  return {
    ...presentLandmarkSummary(summary, now),
    website,
    description,
    reports: reports.map((report) => presentReport(report, now)),
  };
}
