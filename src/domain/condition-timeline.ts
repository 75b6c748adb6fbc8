import type { StoredCurrentCondition, StoredLandmarkSummary } from '../schema/api.ts';
import { dayOf } from '../schema/calendar.ts';
import { isInEffectOn, phaseOn } from './freshness.ts';
import type { DayCountPair } from './shared-values.ts';

/**
 * A landmark's condition on any day, without its reports: on day D it is the condition of the
 * most recently confirmed report in effect on D. The build keeps, in confirmation order, only the
 * reports that can answer that on some day (a report whose whole period is covered by more recently
 * confirmed ones never decides), every report announced ahead (what is coming next) and the most
 * recently confirmed one (said, not current, when nothing is in effect).
 */

/** Each period merged into `covered` (disjoint, by start) unless already inside it; whether it was. */
export function coverPeriod(covered: [string, string][], from: string, until: string): boolean {
  const at = covered.findIndex(([, end]) => end >= from);
  if (at !== -1 && covered[at]![0] <= from && covered[at]![1] >= until) return true;
  let start = from;
  let end = until;
  let last = at === -1 ? covered.length : at;
  while (last < covered.length && covered[last]![0] <= end) {
    if (covered[last]![0] < start) start = covered[last]![0];
    if (covered[last]![1] > end) end = covered[last]![1];
    last++;
  }
  const first = at === -1 ? covered.length : at;
  covered.splice(first, last - first, [start, end]);
  return false;
}

/**
 * `conditions` newest confirmation first, as the landmark's reports are ordered. `keepsAnnounced`
 * says which reports announced ahead to keep for "what comes next" when they decide no day: all of
 * them by default; of a heavy landmark, those it keeps at hand (landmark-reports.ts), so that ten
 * thousand announcements do not make its list entry megabytes long.
 */
export function conditionTimelineOf(conditions: readonly StoredCurrentCondition[], keepsAnnounced: (reportId: string) => boolean = () => true): StoredCurrentCondition[] {
  const covered: [string, string][] = [];
  return conditions.filter((condition, index) => {
    // A report superseded before its first day (supersession.ts) decides no day.
    const decides = condition.from <= condition.currentUntil && !coverPeriod(covered, condition.from, condition.currentUntil);
    return index === 0 || decides || (isAnnouncedAhead(condition) && keepsAnnounced(condition.reportId));
  });
}

export const isAnnouncedAhead = (condition: Pick<StoredCurrentCondition, 'observedAt' | 'from'>): boolean => condition.from > dayOf(condition.observedAt);

/** The condition on `day`, and whether a report is in effect then; null for a landmark without reports. */
export function conditionOn<Condition extends Pick<StoredCurrentCondition, 'from' | 'currentUntil'>>(timeline: readonly Condition[], day: string): { condition: Condition; inEffect: boolean } | null {
  const inEffect = timeline.find((condition) => isInEffectOn(condition, day));
  if (inEffect) return { condition: inEffect, inEffect: true };
  return timeline[0] ? { condition: timeline[0], inEffect: false } : null;
}

/**
 * Of the reports announced by `day` whose condition starts after it, the soonest (of those starting
 * the same day, the first in the timeline). A loop, not a sorted list: the build asks it of every
 * landmark, 100k at a million reports, for the pages' summary of what is announced.
 */
export function nextUpcomingOn(timeline: readonly StoredCurrentCondition[], day: string): StoredCurrentCondition | undefined {
  let next: StoredCurrentCondition | undefined;
  let nextFrom = '';
  for (const condition of timeline) {
    // Only a condition starting after the day is upcoming (phaseOn); most have started, and are
    // passed over on that one field: a rebuild's kept timelines read each field from its columns.
    const from = condition.from;
    if (from <= day || (next !== undefined && from >= nextFrom)) continue;
    if (phaseOn(condition, day) === 'upcoming') {
      next = condition;
      nextFrom = from;
    }
  }
  return next;
}

/**
 * A running count by day: [day, how many days of `days` are on or before it], one pair per distinct
 * day, each made by `pair` (which may share equal pairs between landmarks: nothing changes them).
 */
export function dayCountsOf(days: readonly string[], pair: DayCountPair = (day, count) => [day, count]): [string, number][] {
  // A loop over a sorted copy: a rebuild at 100k landmarks makes 200k of these, and iterating
  // entries() took a third of the time. The list is made at its length: grown by pushes, each had
  // room for 17 pairs.
  const sorted = days.length < 2 ? days : days.slice().sort();
  let distinct = 0;
  for (let index = 0; index < sorted.length; index++) if (sorted[index] !== sorted[index - 1]) distinct++;
  const counts: [string, number][] = new Array(distinct);
  let at = 0;
  for (let index = 0; index < sorted.length; index++) {
    const day = sorted[index]!;
    if (day !== sorted[index + 1]) counts[at++] = pair(day, index + 1);
  }
  return counts;
}

/** The count so far on `day` (or, strictly, on the day before it), by halving over the pairs. */
function countUpTo(counts: readonly (readonly [string, number])[], day: string, strictly: boolean): number {
  let low = 0;
  let high = counts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const value = counts[middle]![0];
    if (strictly ? value < day : value <= day) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? 0 : counts[low - 1]![1];
}

/** Reports in effect on `day`: those begun by then, less those ended before it (every period ends after it begins). */
export function reportsInEffectOn(summary: Pick<StoredLandmarkSummary, 'reportDays'>, day: string): number {
  return countUpTo(summary.reportDays.from, day, false) - countUpTo(summary.reportDays.currentUntil, day, true);
}
