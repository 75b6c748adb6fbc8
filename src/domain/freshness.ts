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
    currentUntil: officialEnd ?? laterDay(dayOf(confirmed), reportExpiryDays),
  };
}

/** Days computed by `laterDay`, by the number of days added, then by the day they were added to. */
const laterDays = new Map<number, Map<string, string>>();

/**
 * The day `days` after `day`, computed once per pair: a million reports share a few thousand days
 * and a few expiry lengths, and computing the day for each report took 0.6 s more. The pairs are
 * bounded by the content's days, not by requests: only the build asks.
 */
function laterDay(day: string, days: number): string {
  let byDay = laterDays.get(days);
  if (!byDay) laterDays.set(days, (byDay = new Map()));
  let later = byDay.get(day);
  if (later === undefined) byDay.set(day, (later = addDays(day, days)));
  return later;
}

/** A report is current until the end of its `currentUntil` day, UTC. */
export function isCurrentAt(currentUntil: string, now: Date): boolean {
  return isOnOrBefore(now, currentUntil);
}
