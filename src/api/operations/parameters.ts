import { z } from 'zod';
import { isRealCalendarDate } from '../../schema/calendar-date.ts';
import { landmarkSlug } from '../../schema/landmark-frontmatter.ts';
import { reportId } from '../../schema/report-frontmatter.ts';
import { pageLimits, queryLength } from '../../domain/api-limits.ts';
import { dayWindow } from '../answer-day.ts';
import { defaultChangesWindowDays } from '../../domain/changes.ts';
import { maxCursorLength } from '../cursor.ts';
import { queryText, wholeNumberText } from './query-text.ts';

/**
 * The parameters several operations share, with their limits and the words of their errors, and
 * the notes their descriptions share: each operation's declaration (its own file) takes them from
 * here, so a limit is written once.
 */

/** A page size, `fallback` when omitted. */
export function pageLimit(fallback: number) {
  return z
    .int({ error: `limit must be a whole number from ${pageLimits.min} to ${pageLimits.max}` })
    .min(pageLimits.min, { error: `limit must be at least ${pageLimits.min}` })
    .max(pageLimits.max, { error: `limit must be at most ${pageLimits.max}` })
    .register(queryText, wholeNumberText)
    .default(fallback)
    .describe(`How many items per page, ${pageLimits.min} to ${pageLimits.max}; ${fallback} when omitted.`);
}

export const limit = pageLimit(pageLimits.fallback);

export const cursor = z
  .string({ error: 'cursor must be the string pagination.nextCursor of the previous page' })
  .min(1, { error: 'cursor must not be empty: pass pagination.nextCursor unchanged, or omit cursor to start from the first page' })
  .max(maxCursorLength, { error: `cursor is at most ${maxCursorLength} characters; pass pagination.nextCursor unchanged` })
  .describe('Opaque: pagination.nextCursor of the previous page, unchanged. Omit it for the first page.');

export const searchTerm = z
  .string({ error: `q is required: the name or place to search for, ${queryLength.min} to ${queryLength.max} characters, e.g. "eiffel"` })
  .min(queryLength.min, { error: `q must be at least ${queryLength.min} characters, e.g. "eiffel"` })
  .max(queryLength.max, { error: `q must be at most ${queryLength.max} characters` })
  .describe(`Name, alias, city, region or country to search for, ${queryLength.min} to ${queryLength.max} characters after trimming spaces. Case and diacritics are ignored, "ph" is read as "f", the last word matches as a prefix, words of 5 or more letters tolerate one typo anywhere, and names may be typed as one word ("tajmahal", "goldengatebridge").`);

/** A day to answer for, YYYY-MM-DD; its window is checked by answerDay against the request's day. */
export function dayParameter(name: string, meaning: string) {
  const format = `${name} must be a date written YYYY-MM-DD, such as 2027-03-14`;
  return z
    .string({ error: format })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${format}` })
    .refine((value) => isRealCalendarDate(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10))), { error: `${name} must be a real calendar date written YYYY-MM-DD` })
    .meta({ format: 'date' })
    .describe(meaning);
}

export const at = dayParameter(
  'at',
  `Answer as of this day (UTC) instead of the day of the request: isCurrent, currentCondition and reportCounts are computed for it, and asOf says which day was answered for. ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead.`,
).optional();

export const atError = { status: 400, when: `at is not a real date written YYYY-MM-DD from ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead` } as const;

export const slug = landmarkSlug.describe('The landmark\'s slug, as in its canonical URL: lowercase words joined by hyphens, e.g. eiffel-tower. Find slugs by searching (`/search?q=`).');

export const id = reportId.describe('The report\'s opaque id, as listed in its landmark\'s reports or in the changes feed.');

export const updatedSince = z
  .string({ error: 'updated_since must be a string such as "2026-10-01T00:00:00Z" or "2026-10-01"' })
  .describe(`List reports updated strictly after this moment: an ISO 8601 date-time with a time zone, such as 2026-10-01T00:00:00Z, or a date such as 2026-10-01 (meaning 00:00 UTC). Defaults to ${defaultChangesWindowDays} days before the request.`);

/** Stored API data changes only with a deploy; five minutes keeps `isCurrent` close to the clock. */
export const apiCacheControl = 'public, max-age=300';

export const freshnessNote =
  'Reports are dated observations: read isCurrent, currentUntil and reportExpiryDays instead of assuming a lifetime. ' +
  'A report is in effect from `from` (a start announced ahead, else the observation) to `currentUntil`; pass `at=YYYY-MM-DD` to answer for another day.';
