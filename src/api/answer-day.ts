import { addDays, dayOfInstant } from '../schema/calendar.ts';
import { invalidParameter } from './api-error.ts';

/**
 * The day an answer is for. Without `at` (or `on`) it is the request's UTC day; a client may ask
 * about another day, within a window wide enough for any history in the data and any trip anyone
 * plans, and narrow enough that a typo such as 20266-01-01 or 1026-01-01 is refused, not answered.
 */
export const dayWindow = { earliest: '1900-01-01', yearsAhead: 10 } as const;

/** The longest period a landmark's status (operations/get-landmark-status.ts) answers day by day: a year, leap day included. */
export const maxStatusDays = 366;

/** The latest day that may be asked about, as of `now`. */
export const latestAskableDay = (now: Date): string => addDays(dayOfInstant(now.getTime()), dayWindow.yearsAhead * 366);

/** The day asked about as `parameter`, checked against the window; the request's day without one. */
export function answerDay(now: Date, asked: string | undefined, parameter = 'at'): string {
  if (asked === undefined) return dayOfInstant(now.getTime());
  if (asked < dayWindow.earliest) {
    throw invalidParameter(parameter, `${parameter} must be on or after ${dayWindow.earliest}; got "${asked}"`);
  }
  const latest = latestAskableDay(now);
  if (asked > latest) {
    throw invalidParameter(parameter, `${parameter} must be at most ${dayWindow.yearsAhead} years ahead (on or before ${latest}); got "${asked}"`);
  }
  return asked;
}
