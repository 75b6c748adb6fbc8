import { z } from 'zod';
import { calendarDate, dateOrDateTime } from './calendar-date.ts';
import { conditions } from './conditions.ts';
import { landmarkSlug } from './landmark-frontmatter.ts';
import { sourceKind } from './sources.ts';

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
  date: dateOrDateTime.describe('When the condition was seen to still hold.'),
  note: z.string().nullable().describe('What was seen, if noted.'),
});

export const storedReport = z.object({
  id: z.string().describe('Opaque report id.'),
  landmark: z
    .object({
      slug: landmarkSlug.describe('Slug of the landmark.'),
      name: z.string().describe('Name of the landmark.'),
      url: absoluteUrl.describe('Canonical page of the landmark.'),
    })
    .describe('The landmark the report is about.'),
  condition,
  summary: z.string().describe('One line saying what was observed.'),
  ...freshnessFields,
  confirmations: z.array(confirmation).describe('Later sightings confirming that the condition still holds, each { date, note }.'),
  until: calendarDate.nullable().describe('Official end date announced for the condition, if any.'),
  source: z.object({
    kind: sourceKind,
    name: z.string().nullable().describe('Who reported it or where it was published.'),
    url: z.url().nullable().describe('The page that documents the claim: the operator\'s notice or a contemporaneous news article.'),
  }).describe('Where the report comes from.'),
  additionalSources: z
    .array(z.object({ name: z.string().describe('The publication or publisher.'), url: z.url().describe('The page itself.') }))
    .describe('Further pages that support the report, each { name, url }; encyclopedia articles only as permanent revision links.'),
  details: z.string().describe('Details in Markdown, as written by the contributor.'),
  updatedAt: z.iso.datetime().describe('When the report last changed in the data set.'),
  urls: pageUrls,
});
export const report = storedReport.extend({ isCurrent });

export const storedCurrentCondition = z.object({
  condition,
  reportId: z.string().describe('Id of the report that gives the condition.'),
  summary: z.string().describe('One line saying what was observed.'),
  ...freshnessFields,
});
export const currentCondition = storedCurrentCondition
  .extend({ isCurrent })
  .describe('The condition of the most recently confirmed report, with that report\'s freshness.');

const landmarkCore = {
  slug: landmarkSlug.describe('Identifier of the landmark in URLs, e.g. eiffel-tower.'),
  name: z.string().describe('The landmark\'s usual English name.'),
  aliases: z.array(z.string()).describe('Other names: native names, spellings without diacritics.'),
  location: z.object({
    city: z.string().describe('City, town or nearest settlement.'),
    region: z.string().nullable().describe('State, province or region, if given.'),
    country: z.string().describe('ISO 3166-1 alpha-2 code.'),
    countryName: z.string().describe('English name of the country.'),
  }).describe('Where the landmark is.'),
  coordinates: z
    .object({ lat: z.number().describe('Latitude.'), lon: z.number().describe('Longitude.') })
    .describe('Position in decimal degrees (WGS 84).'),
  wikidata: z.string().describe('Wikidata item id, e.g. Q243.'),
  wikipediaEditions: z
    .int()
    .nonnegative()
    .nullable()
    .describe('Wikipedia language editions with an article on the landmark (Wikidata sitelinks); the popularity ranking of featured. Null when not yet read.'),
  latestObservedAt: dateOrDateTime.nullable().describe('The most recent observation date among its reports.'),
  urls: pageUrls,
};

export const storedLandmarkSummary = z.object({
  ...landmarkCore,
  currentCondition: storedCurrentCondition
    .nullable()
    .describe('The most recently confirmed report\'s condition and dates; null when there are no reports.'),
  reportCount: z.int().nonnegative().describe('Number of reports about the landmark.'),
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
  website: z.url().nullable().describe('Official website, if any.'),
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

export const landmarkSearchResults = z.object({
  query: z.string().describe('The query as understood: trimmed.'),
  total: z.int().nonnegative().describe('How many landmarks match; the best 20 of them are listed.'),
  landmarks: z.array(landmarkSummary).describe('Best matches first: by match quality, then popularity.'),
});

export const featuredLandmarks = z.object({
  popular: z.array(landmarkSummary).describe('Up to 50 landmarks with the most Wikipedia language editions.'),
  random: z.array(landmarkSummary).describe('Up to 12 distinct landmarks drawn at random for each request.'),
});

/** A change names a report and what a syncing client needs to decide whether to fetch it. */
export const storedChange = storedReport.pick({
  id: true,
  landmark: true,
  condition: true,
  summary: true,
  observedAt: true,
  lastConfirmedAt: true,
  reportExpiryDays: true,
  currentUntil: true,
  updatedAt: true,
  urls: true,
});
export const change = storedChange.extend({ isCurrent });

export const changeList = z.object({
  updatedSince: z.iso.datetime().describe('The moment changes are listed after.'),
  changes: z.array(change).describe('Reports updated after updatedSince, oldest update first.'),
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
export type LandmarkSearchResults = z.infer<typeof landmarkSearchResults>;
export type FeaturedLandmarks = z.infer<typeof featuredLandmarks>;
export type StoredChange = z.infer<typeof storedChange>;
export type Change = z.infer<typeof change>;
export type ChangeList = z.infer<typeof changeList>;
