import { conditionExpiryDays, type Condition } from '../schema/conditions.ts';
import { addDays, dayOf, instantOf, isOnOrBefore } from '../schema/calendar.ts';

export interface FreshnessInput {
  condition: Condition;
  observedAt: string;
  confirmations: readonly { date: string }[];
  /** The first day of a condition announced ahead; the observation's day when absent. */
  from?: string | undefined;
  /** The end the source stated (announced or estimated), whatever the source's kind. */
  until?: string | undefined;
}

export interface Freshness {
  /** The first day (UTC) on which the condition applies. */
  from: string;
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
 * The period a report is in effect: from its start (announced ahead, or the observation) to the
 * end its source stated, otherwise the condition's expiry counted from the last time anyone
 * confirmed it, or from the start when that is later (nobody can confirm a closure not yet begun).
 */
export function freshnessOf(report: FreshnessInput): Freshness {
  const confirmed = lastConfirmedAt(report.observedAt, report.confirmations);
  const reportExpiryDays = conditionExpiryDays[report.condition];
  const confirmedDay = dayOf(confirmed);
  const from = report.from ?? dayOf(report.observedAt);
  return {
    from,
    lastConfirmedAt: confirmed,
    reportExpiryDays,
    currentUntil: report.until ?? laterDay(from > confirmedDay ? from : confirmedDay, reportExpiryDays),
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

/** The dates that place a report in time on any day. */
export interface Period {
  observedAt: string;
  from: string;
  currentUntil: string;
}

/**
 * Where a report stands on `day` (YYYY-MM-DD, UTC): in effect from its first day to its last;
 * upcoming once announced (observed) and before its first day; otherwise not (yet) known or over.
 * An announcement made after `day` was not known on it, so a report is never upcoming before it.
 */
export type Phase = 'in_effect' | 'upcoming' | 'ended' | 'not_yet_reported';

export function phaseOn(period: Period, day: string): Phase {
  // Superseded before its first day (supersession.ts): it never comes, so it is never upcoming.
  if (period.currentUntil < period.from) return dayOf(period.observedAt) <= day ? 'ended' : 'not_yet_reported';
  if (period.from <= day) return day <= period.currentUntil ? 'in_effect' : 'ended';
  return dayOf(period.observedAt) <= day ? 'upcoming' : 'not_yet_reported';
}

export const isInEffectOn = (period: Pick<Period, 'from' | 'currentUntil'>, day: string): boolean => period.from <= day && day <= period.currentUntil;
