import { conditionExpiryDays, type Condition } from '../schema/conditions.ts';
import type { SourceKind } from '../schema/sources.ts';
import { addDays, dayOf, instantOf, isOnOrBefore } from '../schema/calendar.ts';

export interface FreshnessInput {
  condition: Condition;
  observedAt: string;
  confirmations: readonly { date: string }[];
  until?: string | undefined;
  sourceKind: SourceKind;
}

export interface Freshness {
  /** The latest of the observation and its confirmations. */
  lastConfirmedAt: string;
  reportExpiryDays: number;
  /** The last day (UTC) on which the report is current. */
  currentUntil: string;
}

export function lastConfirmedAt(observedAt: string, confirmations: readonly { date: string }[]): string {
  return confirmations.reduce(
    (latest, confirmation) => (instantOf(confirmation.date) > instantOf(latest) ? confirmation.date : latest),
    observedAt,
  );
}

/**
 * How long a report can be trusted: an official end date when one was announced, otherwise the
 * condition's expiry counted from the last time anyone confirmed it.
 */
export function freshnessOf(report: FreshnessInput): Freshness {
  const confirmed = lastConfirmedAt(report.observedAt, report.confirmations);
  const reportExpiryDays = conditionExpiryDays[report.condition];
  const officialEnd = report.sourceKind === 'official' ? report.until : undefined;
  return {
    lastConfirmedAt: confirmed,
    reportExpiryDays,
    currentUntil: officialEnd ?? addDays(dayOf(confirmed), reportExpiryDays),
  };
}

/** A report is current until the end of its `currentUntil` day, UTC. */
export function isCurrentAt(currentUntil: string, now: Date): boolean {
  return isOnOrBefore(now, currentUntil);
}
