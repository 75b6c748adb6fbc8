import { z } from 'zod';
import { pagination, statusAnswer, storedCurrentCondition, storedLandmarkSummary, storedReport, watchCheck } from './api.ts';
import { calendarDate } from './calendar-date.ts';
import { landmarkSlug } from './landmark-frontmatter.ts';

/** The shapes of the nearby index (stored) and of the nearby answers (API). */

const condition = storedCurrentCondition.shape.condition;
const coordinates = storedLandmarkSummary.shape.coordinates;

/**
 * What decides a day in the nearby index: of each report of the condition timeline, the fields
 * conditionOn reads, as a row rather than an object, since a request reads hundreds of them.
 */
export const storedNearbyCondition = z.tuple([
  storedCurrentCondition.shape.reportId,
  condition,
  storedCurrentCondition.shape.from,
  storedCurrentCondition.shape.currentUntil,
]);

/** A report whose source stated an end, as the place's calendar shows it. */
export const storedNearbyPeriod = storedReport.pick({ id: true, condition: true, summary: true, from: true, currentUntil: true, until: true, untilKind: true, supersededBy: true, source: true, updatedAt: true });

/**
 * One landmark in a cell of the nearby index: where it is, what decides its answer on any day
 * (landmark-status.ts's AnswerTimeline) and its periods with a stated end, so a request answers
 * every landmark of a circle from the cells' files alone.
 */
export const storedNearbyEntry = z.object({
  slug: landmarkSlug,
  name: z.string(),
  coordinates,
  conditionTimeline: z.array(storedNearbyCondition),
  lastKnown: z.array(z.tuple([calendarDate, z.string()])),
  /** The watched sources listing dated closures, whose recent check answers open on a day no report decides. */
  datedClosureChecks: z.array(watchCheck),
  periods: z.array(storedNearbyPeriod),
});

const reportLink = z
  .object({ reportId: z.string().describe('Id of the report.'), url: z.url().describe('Canonical URL of the report: cite it.') })
  .nullable();

export const nearbyStretch = z.object({
  from: calendarDate.describe('First day of the stretch.'),
  to: calendarDate.describe('Last day of the stretch: every day of it has the same answer and deciding report.'),
  answer: statusAnswer,
  condition: condition.nullable().describe('The condition in effect; null when unknown.'),
  evidence: reportLink.describe('The deciding report; null when unknown.'),
  lastKnown: reportLink.describe('When unknown: the most recently confirmed report made by then; null otherwise or with no such report.'),
});

export const nearbyLandmark = z.object({
  landmark: z.object({ slug: landmarkSlug, name: z.string(), url: z.url().describe('Canonical page of the landmark.') }),
  coordinates,
  distanceKm: z.number().nonnegative().describe('Great-circle distance from the centre (haversine, mean Earth radius), in kilometres, to the metre.'),
  answer: statusAnswer.describe('For the whole period, as the status route answers: affected when any day is, else unknown when any day is, else open.'),
  condition: condition.nullable().describe('The condition of the first affected stretch; else that of the first stretch (open, or null when unknown).'),
  evidence: reportLink.describe('The report deciding the first affected stretch, else the first stretch; null when unknown.'),
  stretches: z.array(nearbyStretch).describe('The period cut into stretches of days with the same answer and deciding report, as in the status route.'),
  status: z.url().describe('The status route for this landmark and period: the full answer with each report\'s source, dates and reason.'),
});

export const nearbyLandmarks = z.object({
  centre: z.object({ lat: z.number(), lon: z.number(), near: landmarkSlug.nullable().describe('The landmark asked to be near, when the centre is one.') }),
  radiusKm: z.number(),
  from: calendarDate.describe('First day answered for (`on`, or `from` of a trip).'),
  to: calendarDate.describe('Last day answered for.'),
  affectedOnly: z.boolean().describe('Whether only landmarks affected on some day of the period are listed (affected=true).'),
  landmarks: z.array(nearbyLandmark).describe('Nearest first (then by slug).'),
  pagination,
});

export type StoredNearbyEntry = z.infer<typeof storedNearbyEntry>;
export type NearbyLandmark = z.infer<typeof nearbyLandmark>;
export type NearbyLandmarks = z.infer<typeof nearbyLandmarks>;
