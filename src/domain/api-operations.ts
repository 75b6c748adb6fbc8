import { z } from 'zod';
import {
  changeList,
  featuredLandmarks,
  landmarkDetail,
  landmarkList,
  landmarkSearchResults,
  landmarkReportList,
  landmarkStatus,
  recheckList,
  report,
} from '../schema/api.ts';
import { landmarkSlug } from '../schema/landmark-frontmatter.ts';
import { reportId } from '../schema/report-frontmatter.ts';
import { downloadPaths } from './download-resources.ts';
import { includedReportLimit, pageLimits, queryLength, recentReportLimit } from './api-limits.ts';
import { defaultChangesWindowDays } from './changes.ts';
import { maxCursorLength } from './cursor.ts';
import { dayWindow, maxStatusDays } from './answer-day.ts';
import { isRealCalendarDate } from '../schema/calendar-date.ts';
import { popularCount, randomCount } from './featured.ts';
import { maxSearchResults } from './search/run-query.ts';
import { apiBasePath } from './urls.ts';

/**
 * The operations of the public API, described once: their paths, parameters with their limits,
 * and the schemas of what they answer. The REST routes and the MCP tools check their inputs
 * against these limits, and the OpenAPI document, the MCP tool list, llms.txt and the plugin
 * manifest are generated from this table, so none of them can drift from what the API does.
 */

/** The version of the interface description (OpenAPI info.version, MCP server version). */
export const openApiVersion = '1.0.0';

const limit = z
  .int({ error: `limit must be a whole number from ${pageLimits.min} to ${pageLimits.max}` })
  .min(pageLimits.min, { error: `limit must be at least ${pageLimits.min}` })
  .max(pageLimits.max, { error: `limit must be at most ${pageLimits.max}` })
  .default(pageLimits.fallback)
  .describe(`How many items per page, ${pageLimits.min} to ${pageLimits.max}; ${pageLimits.fallback} when omitted.`);

const cursor = z
  .string({ error: 'cursor must be the string pagination.nextCursor of the previous page' })
  .min(1, { error: 'cursor must not be empty: pass pagination.nextCursor unchanged, or omit cursor to start from the first page' })
  .max(maxCursorLength, { error: `cursor is at most ${maxCursorLength} characters; pass pagination.nextCursor unchanged` })
  .describe('Opaque: pagination.nextCursor of the previous page, unchanged. Omit it for the first page.');

const searchTerm = z
  .string({ error: `q is required: the name or place to search for, ${queryLength.min} to ${queryLength.max} characters, e.g. "eiffel"` })
  .min(queryLength.min, { error: `q must be at least ${queryLength.min} characters, e.g. "eiffel"` })
  .max(queryLength.max, { error: `q must be at most ${queryLength.max} characters` })
  .describe(`Name, alias, city, region or country to search for, ${queryLength.min} to ${queryLength.max} characters after trimming spaces. Case and diacritics are ignored, the last word matches as a prefix, words of 5 or more letters tolerate one typo anywhere, and names may be typed as one word ("tajmahal").`);

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

const at = dayParameter(
  'at',
  `Answer as of this day (UTC) instead of the day of the request: isCurrent, currentCondition and reportCounts are computed for it, and asOf says which day was answered for. ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead.`,
).optional();

const atError = { status: 400, when: `at is not a real date written YYYY-MM-DD from ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead` } as const;

const slug = landmarkSlug.describe('The landmark\'s slug, as in its canonical URL: lowercase words joined by hyphens, e.g. eiffel-tower. Find slugs with searchLandmarks.');

const id = reportId.describe('The report\'s opaque id, as listed in its landmark\'s reports or in the changes feed.');

const updatedSince = z
  .string({ error: 'updated_since must be a string such as "2026-10-01T00:00:00Z" or "2026-10-01"' })
  .describe(`List reports updated strictly after this moment: an ISO 8601 date-time with a time zone, such as 2026-10-01T00:00:00Z, or a date such as 2026-10-01 (meaning 00:00 UTC). Defaults to ${defaultChangesWindowDays} days before the request.`);

export type OperationId =
  | 'listLandmarks'
  | 'getFeaturedLandmarks'
  | 'searchLandmarks'
  | 'getLandmark'
  | 'getLandmarkStatus'
  | 'listLandmarkReports'
  | 'getReport'
  | 'getChanges'
  | 'listLandmarksToRecheck';

export interface ApiOperation {
  operationId: OperationId;
  /** Path template, OpenAPI style: path parameters in braces, e.g. /api/public/v1/landmarks/{slug}. */
  path: string;
  /** A few words, for tool titles and link texts. */
  title: string;
  /** One sentence. */
  summary: string;
  /** What it answers and how to use it; Markdown. */
  description: string;
  /** Every parameter: those named in the path template are path parameters, the rest query parameters. */
  input: z.ZodObject;
  /** The success body (status 200). */
  response: z.ZodType;
  responseName: string;
  /** Client errors the operation answers, and when. */
  errors: readonly { status: 400 | 404; when: string }[];
  /** The Cache-Control of its successful answers. */
  cacheControl: string;
  /** A typical wrong request: the documents show what the operation answers to it. */
  exampleMistake?: Record<string, unknown>;
}

/** Stored API data changes only with a deploy; five minutes keeps `isCurrent` close to the clock. */
export const apiCacheControl = 'public, max-age=300';

const freshnessNote =
  'Reports are dated observations: read isCurrent, currentUntil and reportExpiryDays instead of assuming a lifetime. ' +
  'A report is in effect from `from` (a start announced ahead, else the observation) to `currentUntil`; pass `at=YYYY-MM-DD` to answer for another day.';

export const apiOperations = {
  listLandmarks: {
    operationId: 'listLandmarks',
    path: `${apiBasePath}/landmarks`,
    title: 'List landmarks',
    summary: 'One page of landmarks in slug order, each with its current condition, latest observation date, report counts and canonical URLs.',
    description:
      'To read every landmark, request a page, then while `pagination.hasMore` is true request again with `cursor` set to `pagination.nextCursor`. ' +
      'Cursors are keyset cursors: a walk sees every landmark once even when the data changes mid-walk. ' +
      freshnessNote,
    input: z.strictObject({ limit, cursor: cursor.optional(), at }),
    response: landmarkList,
    responseName: 'LandmarkList',
    errors: [{ status: 400, when: 'limit is not a whole number from 1 to 1000, a parameter is repeated, or cursor is not a current cursor of this list' }, atError],
    cacheControl: apiCacheControl,
    exampleMistake: { limit: 0 },
  },
  getFeaturedLandmarks: {
    operationId: 'getFeaturedLandmarks',
    path: `${apiBasePath}/featured`,
    title: 'Featured landmarks',
    summary: `The ${popularCount} most popular landmarks and ${randomCount} drawn at random, each with its current condition, report counts and canonical URLs.`,
    description:
      `Popularity is the number of Wikipedia language editions with an article on the landmark (Wikidata sitelinks), an external open ranking. ` +
      `The ${randomCount} random landmarks are distinct and drawn anew for every request, so the response is never cached. ` +
      freshnessNote,
    input: z.strictObject({ at }),
    response: featuredLandmarks,
    responseName: 'FeaturedLandmarks',
    errors: [atError],
    // A new random draw every request: no shared cache may keep one draw for everybody.
    cacheControl: 'no-store',
  },
  searchLandmarks: {
    operationId: 'searchLandmarks',
    path: `${apiBasePath}/search`,
    title: 'Search landmarks',
    summary: 'Landmarks matching a name, alias or place, best matches first.',
    description:
      `Matches every word of \`q\` against names, aliases, city, region and country, ignoring case and diacritics; the last word also matches as a prefix, words of 5 or more letters tolerate one typo (a letter added, missing, changed or two swapped, first letters included: "ieffel" finds Eiffel), and a name's first two words may be typed as one ("tajmahal", "notredame"), as may two words of a one-word name ("sky tree"). ` +
      `Exact words rank above prefixes, prefixes above typos and joined words, name matches above place matches, then more popular landmarks first. At most ${maxSearchResults} landmarks are listed; \`total\` says how many match.`,
    input: z.strictObject({ q: searchTerm, at }),
    response: landmarkSearchResults,
    responseName: 'LandmarkSearchResults',
    errors: [{ status: 400, when: `q is missing, repeated, shorter than ${queryLength.min} or longer than ${queryLength.max} characters after trimming, or has no word of 2 letters or digits` }, atError],
    cacheControl: apiCacheControl,
    exampleMistake: { q: ' a ' },
  },
  getLandmark: {
    operationId: 'getLandmark',
    path: `${apiBasePath}/landmarks/{slug}`,
    title: 'Get a landmark',
    summary: 'One landmark with its current condition, counts and the reports that matter: every report in effect or upcoming and the most recently confirmed ones.',
    description:
      `Cite the landmark by \`urls.html\`, its canonical URL. Reports come newest confirmation first: the ${recentReportLimit} most recently confirmed and those in effect or upcoming on the day answered for, at most ${includedReportLimit} in all ` +
      `(of a landmark with more than ${includedReportLimit} reports, among the ${includedReportLimit} it keeps at hand: the most recent, and those whose source stated an end); ` +
      '`reportsIncluded` says how many were left out, and `reportsIncluded.all` (listLandmarkReports) pages through every report. ' +
      freshnessNote,
    input: z.strictObject({ slug, at }),
    response: landmarkDetail,
    responseName: 'LandmarkDetail',
    errors: [{ status: 404, when: 'no landmark has this slug' }, atError],
    cacheControl: apiCacheControl,
    exampleMistake: { slug: 'no-such-place' },
  },
  getLandmarkStatus: {
    operationId: 'getLandmarkStatus',
    path: `${apiBasePath}/landmarks/{slug}/status`,
    title: 'Is it open on a day?',
    summary: 'Whether a landmark is open, affected by a condition, or unknown on a day or over a trip, with the report that decides it and why.',
    description:
      'Ask about one day with `on` (default: today, UTC) or a trip with `from` and `to` (at most ' + maxStatusDays + ' days). ' +
      '`answer` is open or affected only when a report is in effect on that day (from <= day <= currentUntil); otherwise it is unknown, never open by default. ' +
      'Each stretch of days with the same answer names its deciding report (`evidence`: id, canonical URL, source, observed and confirmed dates, age on that day) and says why in `reason`; `next` is the next condition announced to start after the period. ' +
      'Cite `evidence.url`.',
    input: z.strictObject({
      slug,
      on: dayParameter('on', `The day to answer for, YYYY-MM-DD (UTC); today when omitted. ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead.`).optional(),
      from: dayParameter('from', 'First day of a trip, YYYY-MM-DD; give `to` too, and no `on`.').optional(),
      to: dayParameter('to', `Last day of a trip, YYYY-MM-DD, on or after from and at most ${maxStatusDays} days in all.`).optional(),
    }),
    response: landmarkStatus,
    responseName: 'LandmarkStatus',
    errors: [
      { status: 400, when: `on, from or to is not a real date YYYY-MM-DD from ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead; on is given with from or to; only one of from and to is given; to is before from; or the period is longer than ${maxStatusDays} days` },
      { status: 404, when: 'no landmark has this slug' },
    ],
    cacheControl: apiCacheControl,
    exampleMistake: { slug: 'eiffel-tower', from: '2027-03-14' },
  },
  listLandmarkReports: {
    operationId: 'listLandmarkReports',
    path: `${apiBasePath}/landmarks/{slug}/reports`,
    title: "List a landmark's reports",
    summary: 'Every report of one landmark, newest observation first, one page at a time.',
    description:
      `getLandmark includes the ${recentReportLimit} most recently confirmed reports and those in effect or upcoming, at most ${includedReportLimit}; this pages through all of them. ` +
      'To read every report, request a page, then while `pagination.hasMore` is true request again with `cursor` set to `pagination.nextCursor`; ' +
      'keyset cursors see every report once even when reports are added mid-walk. ' +
      freshnessNote,
    input: z.strictObject({ slug, limit, cursor: cursor.optional(), at }),
    response: landmarkReportList,
    responseName: 'LandmarkReportList',
    errors: [
      { status: 400, when: "limit is not a whole number from 1 to 1000, cursor is not a current cursor of this landmark's reports, or at is not a real date YYYY-MM-DD within the window" },
      { status: 404, when: 'no landmark has this slug' },
    ],
    cacheControl: apiCacheControl,
    exampleMistake: { slug: 'eiffel-tower', limit: 1001 },
  },
  getReport: {
    operationId: 'getReport',
    path: `${apiBasePath}/reports/{id}`,
    title: 'Get a report',
    summary: 'One condition report with its freshness, source, details and canonical URLs.',
    description: `Cite the report by \`urls.html\`, its canonical URL. ${freshnessNote}`,
    input: z.strictObject({ id, at }),
    response: report,
    responseName: 'Report',
    errors: [{ status: 404, when: 'no report has this id' }, atError],
    cacheControl: apiCacheControl,
    exampleMistake: { id: 'zzzzzzzzzz' },
  },
  getChanges: {
    operationId: 'getChanges',
    path: `${apiBasePath}/changes`,
    title: 'Recent changes',
    summary: 'Reports added or updated after a moment, oldest update first, for keeping a copy in sync.',
    description:
      `Without \`updated_since\`, lists the changes of the last ${defaultChangesWindowDays} days. Pages like listLandmarks: follow \`pagination.nextCursor\` while \`pagination.hasMore\` is true. ` +
      'Store the updatedAt of the last change you saw and pass it as updated_since next time. ' +
      `Feed readers can follow the same changes as Atom at ${downloadPaths.changesFeed}; the whole data set is at ${downloadPaths.page}. ` +
      freshnessNote,
    input: z.strictObject({ updated_since: updatedSince.optional(), limit, cursor: cursor.optional(), at }),
    response: changeList,
    responseName: 'ChangeList',
    errors: [{ status: 400, when: 'updated_since is not an ISO 8601 date or date-time with a time zone, limit is out of range, or cursor is not a current cursor of the changes feed' }, atError],
    cacheControl: apiCacheControl,
    exampleMistake: { updated_since: 'yesterday' },
  },
  listLandmarksToRecheck: {
    operationId: 'listLandmarksToRecheck',
    path: `${apiBasePath}/recheck`,
    title: 'Landmarks to check again',
    summary: 'Landmarks with no report in effect today, most popular first: where a visitor\'s report is most wanted.',
    description:
      'Each entry says what was last known (`lastReport`, no longer in effect) and `announcedFrom`, the first day of a condition announced to start later, if any. ' +
      'Visitors can report from the landmark\'s page (`urls.html`). ' +
      'Pages like listLandmarks: follow `pagination.nextCursor` while `pagination.hasMore` is true; a page may list fewer than `limit` landmarks when most of those it looked at are current, and still have more after it. ' +
      'Answers for the day of the request only: which landmarks need a report changes as reports expire.',
    input: z.strictObject({ limit, cursor: cursor.optional() }),
    response: recheckList,
    responseName: 'RecheckList',
    errors: [{ status: 400, when: 'limit is not a whole number from 1 to 1000, or cursor is not a current cursor of this list' }],
    cacheControl: apiCacheControl,
    exampleMistake: { limit: 5000 },
  },
} as const satisfies Record<OperationId, ApiOperation>;

/** In the order people meet them: find, then read, then keep in sync. */
export const operationOrder: readonly OperationId[] = [
  'searchLandmarks',
  'getLandmark',
  'getLandmarkStatus',
  'listLandmarkReports',
  'getReport',
  'listLandmarks',
  'getChanges',
  'getFeaturedLandmarks',
  'listLandmarksToRecheck',
];

/** The names of the path parameters of a path template, e.g. ["slug"]. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** A concrete path for a template, e.g. /api/public/v1/landmarks/eiffel-tower. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
