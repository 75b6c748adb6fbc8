import type { CurrentCondition, StoredCurrentCondition, StoredLandmarkSummary } from '../schema/api.ts';

/**
 * How the site says a landmark's place and a report's condition and freshness in words. The
 * static pages, the Markdown twins, the Worker's search results page and the search-as-you-type
 * script all use these, so a person reads the same sentence wherever they meet a report.
 */

/** Conditions as people read them: "partially_closed" becomes "partially closed". */
export const conditionLabel = (condition: string): string => condition.replace(/_/g, ' ');

type Dated = Pick<StoredCurrentCondition, 'condition' | 'observedAt' | 'lastConfirmedAt' | 'currentUntil'>;

const day = (dateOrDateTime: string) => dateOrDateTime.slice(0, 10);

/**
 * Freshness in words. Static pages give dates ("current until …"), never a yes/no that would go
 * stale between builds; whatever knows the moment (the Worker, a script) may add `noLongerCurrent`.
 */
export function freshnessInWords(report: Dated): string {
  const parts = [`observed ${day(report.observedAt)}`];
  if (report.lastConfirmedAt !== report.observedAt) parts.push(`confirmed ${day(report.lastConfirmedAt)}`);
  parts.push(`current until ${report.currentUntil}`);
  return parts.join(', ');
}

/** "scaffolding, observed 2026-10-03, confirmed 2026-10-20, current until 2027-01-18" */
export function conditionInWords(report: Dated): string {
  return `${conditionLabel(report.condition)}, ${freshnessInWords(report)}`;
}

/** "announced end 2027-03-01" or "estimated end about 2030-12-31", for a report whose source gave an end. */
export function periodInWords(report: { from: string; until: string | null; untilKind: string | null }): string {
  const end = report.until === null ? 'no end stated' : report.untilKind === 'estimated' ? `estimated end about ${report.until}` : `announced end ${report.until}`;
  return `from ${report.from}, ${end}`;
}

/** A status answer as a traveller reads it: "open", "closed" or "unknown: no current report". */
export function answerInWords(answer: 'open' | 'affected' | 'unknown', condition: string | null): string {
  if (answer === 'affected' && condition) return conditionLabel(condition);
  return answer === 'unknown' ? 'unknown: no report in effect' : 'open';
}

/** Said after a "current until" date once that day has passed. */
export const noLongerCurrent = 'no longer current';

/** Said of a condition announced ahead, before its first day. */
export const notYetCurrent = (from: string) => `announced, starts ${from}`;

/**
 * What is said of a landmark nobody has reported on: a normal state (most of the catalogue waits
 * for its first report), answered "unknown", never "open".
 */
export const noReportYet = 'nobody has reported on it yet';

/** "München, Bavaria, Germany" */
export function placeInWords(location: StoredLandmarkSummary['location']): string {
  return [location.city, location.region, location.countryName].filter(Boolean).join(', ');
}

/** A search result's condition line, said at the moment the API answered (it knows `isCurrent`). */
export function currentConditionInWords(current: CurrentCondition | null): string {
  if (!current) return `unknown: ${noReportYet}`;
  return current.isCurrent ? conditionInWords(current) : `${conditionInWords(current)} (${noLongerCurrent})`;
}

/** "2 landmarks match “tower”." The API lists the best matches; `total` counts them all. */
export function searchStatusInWords(query: string, total: number, shown: number): string {
  if (total === 0) return `No landmark matches “${query}”.`;
  const matches = total === 1 ? `1 landmark matches “${query}”` : `${total} landmarks match “${query}”`;
  return shown < total ? `${matches}; the best ${shown} are listed.` : `${matches}.`;
}
