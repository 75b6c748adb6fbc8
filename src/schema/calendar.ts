/** Calendar arithmetic on ISO dates, in UTC: dates in this service name whole UTC days. */

const dayInMs = 86_400_000;

/** The instant a content date stands for: a plain date is the start of that day, UTC. */
export function instantOf(dateOrDateTime: string): number {
  return Date.parse(dateOrDateTime.length === 10 ? `${dateOrDateTime}T00:00:00Z` : dateOrDateTime);
}

/** The UTC calendar day of a date or date-time, as YYYY-MM-DD. */
export function dayOf(dateOrDateTime: string): string {
  return dateOrDateTime.length === 10 ? dateOrDateTime : new Date(instantOf(dateOrDateTime)).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(instantOf(day) + days * dayInMs).toISOString().slice(0, 10);
}

/** Whether `now` falls on or before the last day `day` (inclusive, UTC). */
export function isOnOrBefore(now: Date, day: string): boolean {
  return now.getTime() < instantOf(day) + dayInMs;
}

/** An ISO date-time without milliseconds, the form every timestamp in the API takes. */
export function toTimestamp(instant: number): string {
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
