import { z } from 'zod';
import { calendarDate, dateOrDateTime } from './calendar-date.ts';
import { conditions } from './conditions.ts';
import { landmarkSlug } from './landmark-frontmatter.ts';

/**
 * The JSON the API serves. Static files hold the "stored" shapes, which carry dates only; the
 * Worker turns them into the served shapes by adding what depends on the moment of the request
 * (`isCurrent`, the count of current reports). One schema per shape, extended, never restated.
 */

const absoluteUrl = z.url().describe('Absolute URL.');

export const pageUrls = z
  .object({
    html: absoluteUrl.describe('Canonical page to cite.'),
    json: absoluteUrl.describe('This resource in the JSON API.'),
    markdown: absoluteUrl.describe('Markdown rendering of the page.'),
  })
  .describe('Canonical URLs of a landmark or report.');

const condition = z.enum(conditions).describe('Reported condition.');

const freshnessFields = {
  observedAt: dateOrDateTime.describe('When the condition was observed.'),
  lastConfirmedAt: dateOrDateTime.describe('The latest of the observation and its confirmations.'),
  reportExpiryDays: z.int().positive().describe('Days after the last confirmation that a report of this condition stays current.'),
  currentUntil: calendarDate.describe('Last day (UTC) on which the report is current: an official end date, or lastConfirmedAt + reportExpiryDays.'),
};
const isCurrent = z.boolean().describe('Whether the report is current at the moment of the request.');

export const confirmation = z.object({
  date: dateOrDateTime,
  note: z.string().nullable(),
});

export const storedReport = z.object({
  id: z.string().describe('Opaque report id.'),
  landmark: z.object({ slug: landmarkSlug, name: z.string(), url: absoluteUrl }),
  condition,
  summary: z.string(),
  ...freshnessFields,
  confirmations: z.array(confirmation),
  until: calendarDate.nullable().describe('Official end date announced for the condition, if any.'),
  source: z.object({
    kind: z.enum(['traveller', 'official']),
    name: z.string().nullable(),
    url: z.url().nullable(),
  }),
  details: z.string().describe('Details in Markdown, as written by the contributor.'),
  updatedAt: z.iso.datetime().describe('When the report last changed in the data set.'),
  urls: pageUrls,
});
export const report = storedReport.extend({ isCurrent });

export const storedCurrentCondition = z.object({
  condition,
  reportId: z.string(),
  summary: z.string(),
  ...freshnessFields,
});
export const currentCondition = storedCurrentCondition
  .extend({ isCurrent })
  .describe('The condition of the most recently confirmed report, with that report\'s freshness.');

const landmarkCore = {
  slug: landmarkSlug,
  name: z.string(),
  aliases: z.array(z.string()),
  location: z.object({
    city: z.string(),
    region: z.string().nullable(),
    country: z.string().describe('ISO 3166-1 alpha-2 code.'),
    countryName: z.string(),
  }),
  coordinates: z.object({ lat: z.number(), lon: z.number() }),
  wikidata: z.string(),
  latestObservedAt: dateOrDateTime.nullable().describe('The most recent observation date among its reports.'),
  urls: pageUrls,
};

export const storedLandmarkSummary = z.object({
  ...landmarkCore,
  currentCondition: storedCurrentCondition.nullable(),
  reportCount: z.int().nonnegative(),
  /** currentUntil of every report, so the Worker can count current reports without loading them. */
  reportsCurrentUntil: z.array(calendarDate),
});

export const reportCounts = z.object({
  total: z.int().nonnegative(),
  current: z.int().nonnegative().describe('Reports current at the moment of the request.'),
});

export const landmarkSummary = z.object({
  ...landmarkCore,
  currentCondition: currentCondition.nullable(),
  reportCounts,
});

const landmarkDetailFields = {
  website: z.url().nullable(),
  description: z.string().describe('Short description in Markdown.'),
};

export const storedLandmarkDetail = storedLandmarkSummary.extend({
  ...landmarkDetailFields,
  reports: z.array(storedReport).describe('Dated reports, newest confirmation first.'),
});
export const landmarkDetail = landmarkSummary.extend({
  ...landmarkDetailFields,
  reports: z.array(report).describe('Dated reports, newest confirmation first.'),
});

export const pagination = z.object({
  limit: z.int().min(1).max(1000),
  nextCursor: z.string().nullable().describe('Opaque; pass as `cursor` to get the next page. Null on the last page.'),
  hasMore: z.boolean(),
});

export const landmarkList = z.object({
  landmarks: z.array(landmarkSummary),
  pagination,
});

export const apiError = z.object({
  error: z.object({
    status: z.int(),
    code: z.string().describe('Stable machine-readable code, e.g. not_found or invalid_parameter.'),
    message: z.string().describe('What was wrong and how to fix it.'),
    parameter: z.string().optional().describe('The query parameter at fault, for 400 errors.'),
  }),
});

export type StoredReport = z.infer<typeof storedReport>;
export type Report = z.infer<typeof report>;
export type StoredCurrentCondition = z.infer<typeof storedCurrentCondition>;
export type CurrentCondition = z.infer<typeof currentCondition>;
export type StoredLandmarkSummary = z.infer<typeof storedLandmarkSummary>;
export type LandmarkSummary = z.infer<typeof landmarkSummary>;
export type StoredLandmarkDetail = z.infer<typeof storedLandmarkDetail>;
export type LandmarkDetail = z.infer<typeof landmarkDetail>;
export type LandmarkList = z.infer<typeof landmarkList>;
export type ApiError = z.infer<typeof apiError>;
