import type { StoredCurrentCondition, StoredLandmarkSummary } from '../schema/api.ts';
import { addDays, dayOf } from '../schema/calendar.ts';
import { coverPeriod } from './condition-timeline.ts';

/** The days from `first` to `last`, both included, as YYYY-MM-DD. */
export interface DayRange {
  first: string;
  last: string;
}

/**
 * A landmark summary that answers only the days of `days`, with what answers them: the timeline
 * entries that decide one of those days or are the soonest announced on one, the most recently
 * confirmed report, and the day counts from the last one before the range. On every day of the
 * range it gives the answer the whole summary gives (condition, reports in effect, what comes
 * next); a landmark with a hundred thousand reports keeps tens of entries, not thousands.
 */
export function summaryForDays(summary: StoredLandmarkSummary, days: DayRange): StoredLandmarkSummary {
  const timeline = summary.conditionTimeline;
  const kept = new Set<StoredCurrentCondition>(timeline.slice(0, 1));
  // Deciding: the first entry in effect on a day, in confirmation order, as conditionOn reads them.
  const covered: [string, string][] = [];
  for (const condition of timeline) {
    const from = condition.from > days.first ? condition.from : days.first;
    const until = condition.currentUntil < days.last ? condition.currentUntil : days.last;
    if (from <= until && !coverPeriod(covered, from, until)) kept.add(condition);
  }
  for (const condition of soonestAnnouncedOn(timeline, days)) kept.add(condition);
  return {
    ...summary,
    conditionTimeline: timeline.filter((condition) => kept.has(condition)),
    reportDays: { from: countsForDays(summary.reportDays.from, days), currentUntil: countsForDays(summary.reportDays.currentUntil, days) },
  };
}

/**
 * The entry nextUpcomingOn gives on some day of the range: announced by that day, starting after
 * it, soonest start first and, among equal starts, first in confirmation order.
 */
function soonestAnnouncedOn(timeline: readonly StoredCurrentCondition[], days: DayRange): Set<StoredCurrentCondition> {
  // Superseded before its first day, an announcement never comes (freshness.ts phaseOn).
  const announced = timeline
    .filter((condition) => condition.from > days.first && condition.from <= condition.currentUntil && dayOf(condition.observedAt) <= days.last)
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const soonest = new Set<StoredCurrentCondition>();
  let startingAfter = 0;
  for (let day = days.first; day <= days.last; day = addDays(day, 1)) {
    while (startingAfter < announced.length && announced[startingAfter]!.from <= day) startingAfter++;
    for (let index = startingAfter; index < announced.length; index++) {
      if (dayOf(announced[index]!.observedAt) > day) continue;
      soonest.add(announced[index]!);
      break;
    }
  }
  return soonest;
}

/** Running counts by day, cut to what a lookup on a day of the range reads: the last pair before it and those inside. */
function countsForDays(counts: readonly [string, number][], days: DayRange): [string, number][] {
  let start = counts.findIndex(([day]) => day >= days.first);
  if (start === -1) start = counts.length;
  const end = counts.findIndex(([day]) => day > days.last);
  return counts.slice(Math.max(0, start - 1), end === -1 ? counts.length : end);
}
