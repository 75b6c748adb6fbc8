import type { StoredCurrentCondition, StoredReport } from '../../schema/api.ts';

/** Conditions as people read them: "partially_closed" becomes "partially closed". */
export const conditionLabel = (condition: string): string => condition.replace(/_/g, ' ');

const day = (dateOrDateTime: string) => dateOrDateTime.slice(0, 10);

/**
 * Freshness in words, as every page and Markdown twin states it. Pages are static, so they give
 * dates ("current until …"), never a yes/no that would go stale between builds.
 */
export function freshnessInWords(report: StoredReport | StoredCurrentCondition): string {
  const parts = [`observed ${day(report.observedAt)}`];
  if (report.lastConfirmedAt !== report.observedAt) parts.push(`confirmed ${day(report.lastConfirmedAt)}`);
  parts.push(`current until ${report.currentUntil}`);
  return parts.join(', ');
}

/** "scaffolding, observed 2026-10-03, confirmed 2026-10-20, current until 2027-01-18" */
export function conditionInWords(report: StoredReport | StoredCurrentCondition): string {
  return `${conditionLabel(report.condition)}, ${freshnessInWords(report)}`;
}
