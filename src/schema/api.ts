import { z } from 'zod';
import { calendarDate, dateOrDateTime } from './calendar-date.ts';
import { conditions } from './conditions.ts';
import { landmarkSlug } from './landmark-frontmatter.ts';
import { untilKinds } from './periods.ts';
import { sourceKind } from './sources.ts';
import { watchOutcomeMeanings, watchOutcomes } from './watch-checks.ts';
import { watchCheckValidDays, watchHorizonDays, watchMethods } from './watch-sources.ts';

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
  observedAt: dateOrDateTime.describe('When the condition was observed or announced.'),
  lastConfirmedAt: dateOrDateTime.describe('The latest of the observation and its confirmations.'),
  reportExpiryDays: z.int().positive().describe('Days after the last confirmation (or after `from`, when later) that a report of this condition stays current when its source states no end.'),
  from: calendarDate.describe('First day (UTC) on which the condition applies: the announced start of a condition announced ahead, else the day of observedAt.'),
  currentUntil: calendarDate.describe('Last day (UTC) on which the report is current: the end its source stated (until), else the later of lastConfirmedAt and from, plus reportExpiryDays; when a later report supersedes it, at most the day before that report\'s from.'),
};
const isCurrent = z.boolean().describe('Whether the report is in effect (from <= day <= currentUntil) on the day answered for: the day of the request, or `at`.');
const isUpcoming = z.boolean().describe('Whether the report was announced by the day answered for and its condition starts after it (from > day).');
/** The day a response answers for; every freshness field of the response is computed for it. */
export const asOf = calendarDate.describe('The day (UTC) this response answers for: the day of the request, or the `at` day asked for. isCurrent, currentCondition and reportCounts are computed for it.');

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
  until: calendarDate.nullable().describe('The end its source stated at the time, if any, whatever the source kind; untilKind says whether it is a firm date.'),
  untilKind: z
    .enum(untilKinds)
    .nullable()
    .describe('announced: the source states the end date; estimated: the source gives an approximate end ("around 2030"), written as the last day of that period. Null without until.'),
  supersedes: z.string().nullable().describe('Id of the earlier report of the same landmark that this one updates (a new end, a changed condition), if any.'),
  supersededBy: z
    .string()
    .nullable()
    .describe('Id of the later report that updates this one, if any: this report counts only until the day before that one\'s from, and its currentUntil says so.'),
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
export const report = storedReport.extend({
  isCurrent,
  isUpcoming,
  asOf: asOf.optional().describe('On a single report\'s answer (/reports/{id}): the day (UTC) it answers for, the day of the request or `at`. A landmark\'s reports go without: its asOf says it once.'),
});

export const storedCurrentCondition = z.object({
  condition,
  reportId: z.string().describe('Id of the report that gives the condition.'),
  summary: z.string().describe('One line saying what was observed.'),
  ...freshnessFields,
  until: storedReport.shape.until,
  untilKind: storedReport.shape.untilKind,
});
export const currentCondition = storedCurrentCondition
  .extend({ isCurrent })
  .describe('The condition of the most recently confirmed report in effect on the day answered for; when none is, the most recently confirmed report, with isCurrent false.');

const landmarkCore = {
  slug: landmarkSlug.describe('Identifier of the landmark in URLs, e.g. eiffel-tower.'),
  name: z.string().describe('The landmark\'s usual English name.'),
  aliases: z.array(z.string()).describe('Other names: native names, spellings without diacritics.'),
  location: z.object({
    city: z.string().nullable().describe('City, town or nearest settlement; null when the landmark\'s record names none (never guessed).'),
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

/** [day, how many so far]: a running count by day. */
const dayCount = z.tuple([calendarDate, z.int().nonnegative()]);

export const storedLandmarkSummary = z.object({
  ...landmarkCore,
  currentCondition: storedCurrentCondition
    .nullable()
    .describe('The most recently confirmed report\'s condition and dates; null when nobody has reported on the landmark yet (its condition is unknown: a first report is welcome).'),
  reportCount: z.int().nonnegative().describe('Number of reports about the landmark.'),
  /**
   * How many reports begin (`from`) and end (`currentUntil`) by each day, as [day, count so far]
   * in day order, so the Worker counts the reports in effect on any day (begun minus ended) without
   * loading them. One pair per distinct day, not per report: a landmark with a hundred thousand
   * reports over a few years keeps a few thousand pairs.
   */
  reportDays: z.object({ from: z.array(dayCount), currentUntil: z.array(dayCount) }),
  /**
   * Every report that decides the landmark's condition on some day (the most recently confirmed in
   * effect then), every report announced ahead and the most recently confirmed one, in that order
   * of confirmation: the Worker finds the condition on any day without loading the reports.
   */
  conditionTimeline: z.array(storedCurrentCondition),
});

export const reportCounts = z.object({
  total: z.int().nonnegative(),
  current: z.int().nonnegative().describe('Reports in effect on the day answered for.'),
});

/** The soonest condition announced to start after the day answered for. */
export const announcedNext = z
  .object({
    condition,
    reportId: z.string().describe('Id of the report that announces it.'),
    summary: z.string(),
    from: freshnessFields.from,
    until: storedReport.shape.until,
    untilKind: storedReport.shape.untilKind,
  })
  .nullable()
  .describe('The soonest condition announced (by the day answered for) to start after it; null when none is.');

export const landmarkSummary = z.object({
  ...landmarkCore,
  currentCondition: currentCondition.nullable(),
  reportCounts,
  announcedNext,
});

/** The last check of one official source the landmark's `watch:` list names (npm run watch, on a schedule). */
export const watchCheck = z
  .object({
    source: z.string().describe('The source as the landmark\'s watch list names it, e.g. "nps:grca" or "ical:https://…".'),
    method: z.enum(watchMethods),
    description: z.string().describe('What was read, in words, e.g. "NPS alerts and operating hours for grca".'),
    url: z.string().describe('The address read.'),
    checkedAt: z.iso.datetime().describe('When the source was last tried.'),
    outcome: z.enum(watchOutcomes).describe(Object.entries(watchOutcomeMeanings).map(([outcome, meaning]) => `${outcome}: ${meaning}`).join('; ') + '.'),
    items: z.int().nonnegative().describe('Items the source listed at its last successful read.'),
    lastSuccessAt: z.iso.datetime().nullable().describe('When the source was last read successfully; null when never.'),
    listsDatedClosures: z.boolean().describe(`Whether the source lists closures with their days (NPS operating-hours exceptions, JSON-LD special opening hours, an operator calendar): read successfully within ${watchCheckValidDays} days, it can make a day open.`),
    closures: z.array(z.tuple([calendarDate, calendarDate])).describe('Periods of closure the source listed at its last successful read, [first day, last day]; empty for other sources.'),
    error: z.string().nullable().describe('Why the last try failed, or why the source is paused; null otherwise.'),
  })
  .describe('The last check of an official source watched for this landmark.');

const landmarkDetailFields = {
  website: z.url().nullable().describe('Official website, if any.'),
  description: z.string().describe('Short description in Markdown.'),
};

const watchChecks = z.array(watchCheck).describe('Official sources watched for this landmark and what their last check found; empty when none is watched or none was checked yet.');

/**
 * A landmark as its bucket stores it. Its checks are stored apart (the landmark-checks data
 * product) and joined to it when it is answered for: a run of the watch, every six hours, gives
 * most watched landmarks a new check time and nothing else, and with the checks inside, each run
 * republished every watched landmark with all its reports.
 */
export const storedLandmarkDetail = storedLandmarkSummary.extend({
  ...landmarkDetailFields,
  reports: z.array(storedReport).describe('Dated reports, newest confirmation first.'),
});
export const landmarkDetail = landmarkSummary.extend({
  asOf,
  ...landmarkDetailFields,
  watchChecks,
  reports: z
    .array(report)
    .describe('The reportsIncluded.recentLimit most recently confirmed reports and those in effect or upcoming on asOf, at most reportsIncluded.limit in all, newest confirmation first (of a landmark with more reports than that limit, among those it keeps at hand: the most recent, and those whose source stated an end); reportsIncluded says how to read the rest.'),
  reportsIncluded: z
    .object({
      count: z.int().nonnegative().describe('Reports in this answer.'),
      omitted: z.int().nonnegative().describe('Older reports left out: page through `all` to read them.'),
      recentLimit: z.int().positive().describe('How many most recently confirmed reports are included beside those in effect or upcoming.'),
      limit: z.int().positive().describe('The most reports included in all, most recently confirmed first.'),
      all: absoluteUrl.describe('Every report of this landmark, newest observation first, in pages (/landmarks/{slug}/reports).'),
    })
    .describe('Which of the landmark\'s reports this answer holds. When omitted is above 0, page through `all` to read every report.'),
});

export const pagination = z.object({
  limit: z.int().min(1).max(1000),
  nextCursor: z.string().nullable().describe('Opaque; pass as `cursor` to get the next page. Null on the last page.'),
  hasMore: z.boolean(),
});

/** A page of one landmark's reports. */
export const landmarkReportList = z.object({
  asOf,
  landmark: storedReport.shape.landmark,
  total: z.int().nonnegative().describe('How many reports the landmark has.'),
  reports: z.array(report).describe('Reports, newest observation first (then by id).'),
  pagination,
});

export const landmarkList = z.object({
  asOf,
  landmarks: z.array(landmarkSummary),
  pagination,
});

export const landmarkSearchResults = z.object({
  asOf,
  query: z.string().describe('The query as understood: trimmed.'),
  total: z.int().nonnegative().describe('How many landmarks match; the best 20 of them are listed.'),
  landmarks: z.array(landmarkSummary).describe('Best matches first: by match quality, then popularity.'),
});

export const featuredLandmarks = z.object({
  asOf,
  popular: z.array(landmarkSummary).describe('Up to 50 landmarks with the most Wikipedia language editions.'),
  random: z.array(landmarkSummary).describe('Up to 12 distinct landmarks drawn at random for each request.'),
});

/**
 * A landmark as the list of those to check again stores it: enough to say what was last known and,
 * as of any later day, whether anything is in effect, without loading its reports.
 */
export const storedRecheckEntry = z.object({
  slug: landmarkCore.slug,
  name: landmarkCore.name,
  location: landmarkCore.location,
  wikipediaEditions: landmarkCore.wikipediaEditions,
  urls: pageUrls,
  lastReport: storedCurrentCondition.nullable().describe('The most recently confirmed report; null when there are no reports.'),
  /**
   * The stretches of days on which some report is in effect, [first, last], merged and in order;
   * only those ending on or after the newest observation of the data set, as no later day can fall
   * in an earlier one.
   */
  periods: z.array(z.tuple([calendarDate, calendarDate])),
});

export const recheckEntry = storedRecheckEntry.omit({ lastReport: true, periods: true }).extend({
  lastReport: currentCondition.nullable().describe('The most recently confirmed report, no longer (or not yet) in effect on the day answered for; null when there are no reports.'),
  announcedFrom: calendarDate.nullable().describe('The first day of the soonest condition announced to start after the day answered for; null when none is.'),
});

export const recheckList = z.object({
  asOf,
  landmarks: z.array(recheckEntry).describe('Landmarks with no report in effect on the day answered for, most Wikipedia language editions first, then by slug.'),
  pagination,
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
  from: true,
  currentUntil: true,
  until: true,
  untilKind: true,
  updatedAt: true,
  urls: true,
});
export const change = storedChange.extend({ isCurrent, isUpcoming });

export const changeList = z.object({
  asOf,
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
/**
 * A stored report without its body, its addresses and its evidence: what the build holds of each
 * report. Over a million reports the bodies are most of the text (a gigabyte of heap) and the
 * addresses another quarter of a gigabyte, yet each is needed only while a file holding it is
 * written, so the build reads the body and the evidence and makes the addresses then
 * (domain/catalogue.ts).
 */
export type CatalogueReport = Omit<StoredReport, 'details' | 'urls' | keyof ReportEvidence>;
/**
 * A report's sources and confirmations: what a file publishing the report shows of it, and what
 * nothing else reads. The build holds them apart from the report (Catalogue.evidence), so that a
 * rebuild can leave those of the reports it does not publish again in the kept files: they were a
 * third of a million reports' heap (src/kept/catalogue.ts).
 */
export type ReportEvidence = Pick<StoredReport, 'confirmations' | 'source' | 'additionalSources'>;
export type Report = z.infer<typeof report>;
export type StoredCurrentCondition = z.infer<typeof storedCurrentCondition>;
export type CurrentCondition = z.infer<typeof currentCondition>;
export type AnnouncedNext = z.infer<typeof announcedNext>;
export type StoredLandmarkSummary = z.infer<typeof storedLandmarkSummary>;
export type LandmarkSummary = z.infer<typeof landmarkSummary>;
export type StoredLandmarkDetail = z.infer<typeof storedLandmarkDetail>;
/** A landmark's stored detail with its watched sources' checks, read beside it: what its answers are made from. */
export type CheckedLandmarkDetail = StoredLandmarkDetail & { watchChecks: WatchCheck[] };
/** A landmark as the build holds it: its reports without their bodies, and its checks. */
export type CatalogueLandmark = Omit<CheckedLandmarkDetail, 'reports'> & { reports: CatalogueReport[] };
export type LandmarkDetail = z.infer<typeof landmarkDetail>;
export type LandmarkList = z.infer<typeof landmarkList>;
export type LandmarkReportList = z.infer<typeof landmarkReportList>;
export type ApiError = z.infer<typeof apiError>;
export type LandmarkSearchResults = z.infer<typeof landmarkSearchResults>;
export type FeaturedLandmarks = z.infer<typeof featuredLandmarks>;
export type StoredChange = z.infer<typeof storedChange>;
export type Change = z.infer<typeof change>;
export type ChangeList = z.infer<typeof changeList>;
export type StoredRecheckEntry = z.infer<typeof storedRecheckEntry>;
export type RecheckEntry = z.infer<typeof recheckEntry>;
export type RecheckList = z.infer<typeof recheckList>;

/** The report that decides an answer, with what a reader needs to cite and weigh it. */
export const statusEvidence = z
  .object({
    reportId: z.string().describe('Id of the deciding report.'),
    url: absoluteUrl.describe('Canonical page of the report, to cite.'),
    condition,
    summary: z.string().describe('One line saying what was observed.'),
    source: storedReport.shape.source,
    observedAt: freshnessFields.observedAt,
    lastConfirmedAt: freshnessFields.lastConfirmedAt,
    from: freshnessFields.from,
    currentUntil: freshnessFields.currentUntil,
    until: storedReport.shape.until,
    untilKind: storedReport.shape.untilKind,
    ageDays: z.int().nonnegative().describe('Days from the last confirmation to the first day of the stretch: how old the evidence is then.'),
  })
  .describe('The report that decides the answer.');

export const statusAnswer = z
  .enum(['open', 'affected', 'unknown'])
  .describe(`open: a report in effect says it is open, or no report is in effect and a watched official source that lists dated closures was read successfully within ${watchCheckValidDays} days, lists none on that day, and the day is at most ${watchHorizonDays} days after that read (the check is the evidence); affected: a report in effect names a condition; unknown: otherwise (never open by default).`);

/** The check that makes a day open when no report is in effect. */
export const statusCheckEvidence = watchCheck
  .pick({ source: true, method: true, description: true, url: true, checkedAt: true, lastSuccessAt: true })
  .extend({ horizon: calendarDate.describe(`The last day the check speaks for (its read plus ${watchHorizonDays} days).`) })
  .describe('The watched official source whose recent successful read lists no closure on these days.');

export const statusStretch = z.object({
  from: calendarDate.describe('First day of the stretch.'),
  to: calendarDate.describe('Last day of the stretch: every day of it has the same answer and deciding report.'),
  answer: statusAnswer,
  condition: condition.nullable().describe('The condition in effect; null when unknown.'),
  evidence: statusEvidence.nullable().describe('The deciding report; null when unknown or when a check decides.'),
  check: statusCheckEvidence.nullable().describe('When no report is in effect and the answer is open: the check that shows it; null otherwise.'),
  lastKnown: statusEvidence
    .nullable()
    .describe('When unknown: the most recently confirmed report made by then (no longer or not yet in effect), with its age; null otherwise or with no such report.'),
  reason: z.string().describe('Why, in words, e.g. "the last report expired on 2025-02-05: nobody has confirmed since".'),
});

export const landmarkStatus = z.object({
  landmark: z.object({ slug: landmarkSlug, name: z.string(), url: absoluteUrl.describe('Canonical page of the landmark.') }),
  asOf: calendarDate.describe('The first day answered for: `on`, or `from` of a range.'),
  from: calendarDate.describe('First day asked about.'),
  to: calendarDate.describe('Last day asked about (the same as from for one day).'),
  answer: statusAnswer.describe('For the whole period: affected when any day is, else unknown when any day is, else open.'),
  condition: condition.nullable().describe('The condition of the first affected stretch; else that of the first stretch (open, or null when unknown).'),
  reason: z.string().describe('The answer in words.'),
  stretches: z.array(statusStretch).describe('The period cut into stretches of days with the same answer and deciding report, in day order.'),
  checks: z.array(watchCheck).describe('Every official source watched for this landmark, with its last check: what was checked and when, whatever the answer.'),
  next: z
    .object({
      reportId: z.string(),
      url: absoluteUrl,
      condition,
      summary: z.string(),
      from: calendarDate,
      until: calendarDate.nullable(),
      untilKind: storedReport.shape.untilKind,
    })
    .nullable()
    .describe('The next condition announced to start after the last day asked about, if any.'),
});

export type StatusEvidence = z.infer<typeof statusEvidence>;
export type WatchCheck = z.infer<typeof watchCheck>;
export type StatusCheckEvidence = z.infer<typeof statusCheckEvidence>;
export type StatusStretch = z.infer<typeof statusStretch>;
export type LandmarkStatus = z.infer<typeof landmarkStatus>;
