import { z } from 'zod';
import { invalidParameter } from '../api-error.ts';
import { bucketOf } from '../../domain/buckets.ts';
import { dayWindow, maxStatusDays } from '../answer-day.ts';
import { encodeCursor } from '../cursor.ts';
import type { DataStore } from '../data-products.ts';
import { nearbyAnswerOf } from '../nearby/nearby-answer.ts';
import type { Point } from '../nearby/sphere.ts';
import { compareFound, landmarksWithin } from '../nearby/within-circle.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { nearbyLandmarks, type NearbyLandmark } from '../../schema/nearby.ts';
import { cursorPosition } from './cursor-parameter.ts';
import { declareOperation } from './declaration.ts';
import { periodAsked } from './get-landmark-status.ts';
import { apiCacheControl, cursor, dayParameter, pageLimit, slug } from './parameters.ts';
import { booleanText, decimalText, queryText } from './query-text.ts';

export const radiusLimits = { min: 0.1, max: 200, fallback: 10 } as const;
export const nearbyPageLimit = 100;

const degrees = (name: 'lat' | 'lon', bound: number, example: string) =>
  z
    .number({ error: `${name} must be a number of decimal degrees from -${bound} to ${bound}, e.g. ${name}=${example}` })
    .min(-bound, { error: `${name} must be at least -${bound} (decimal degrees)` })
    .max(bound, { error: `${name} must be at most ${bound} (decimal degrees)` })
    .register(queryText, decimalText);

/** The centre and radius of a circle, shared by the nearby list and the place's calendar. */
export const circleParameters = {
  lat: degrees('lat', 90, '41.8902').describe('Latitude of the centre, decimal degrees (WGS 84), -90 to 90; give lon too, and no near.').optional(),
  lon: degrees('lon', 180, '12.4922').describe('Longitude of the centre, decimal degrees (WGS 84), -180 to 180; give lat too, and no near.').optional(),
  near: slug.describe('Centre the circle on this landmark (its slug, e.g. colosseum) instead of lat and lon. It is listed itself, at distance 0.').optional(),
  radius: z
    .number({ error: `radius must be a number of kilometres from ${radiusLimits.min} to ${radiusLimits.max}, e.g. radius=5` })
    .min(radiusLimits.min, { error: `radius must be at least ${radiusLimits.min} (kilometres)` })
    .max(radiusLimits.max, { error: `radius must be at most ${radiusLimits.max} (kilometres)` })
    .register(queryText, decimalText)
    .default(radiusLimits.fallback)
    .describe(`Radius of the circle in kilometres, ${radiusLimits.min} to ${radiusLimits.max}; ${radiusLimits.fallback} when omitted.`),
};

/** The centre a request asks about: lat and lon together, or a landmark; a 400 naming the parameter otherwise. */
export async function circleCentre(store: Pick<DataStore, 'landmark'>, { lat, lon, near }: { lat?: number | undefined; lon?: number | undefined; near?: string | undefined }): Promise<Point & { near: string | null }> {
  if (near !== undefined) {
    if (lat !== undefined || lon !== undefined) throw invalidParameter('near', `give either near (a landmark) or lat and lon (a point), not both`);
    const landmark = await store.landmark(near);
    if (!landmark) throw invalidParameter('near', `no landmark has the slug "${near}"; find slugs with /api/public/v1/search?q=`);
    return { ...landmark.coordinates, near };
  }
  if (lat === undefined && lon === undefined) throw invalidParameter('lat', 'a centre is required: lat and lon (decimal degrees), e.g. lat=41.8902&lon=12.4922, or near=<landmark slug>');
  if (lon === undefined) throw invalidParameter('lon', 'lon is missing: a centre needs both lat and lon, e.g. lat=41.8902&lon=12.4922');
  if (lat === undefined) throw invalidParameter('lat', 'lat is missing: a centre needs both lat and lon, e.g. lat=41.8902&lon=12.4922');
  return { lat, lon, near: null };
}

/** Where a page ends: the last landmark's exact distance and slug, and the query it belongs to. */
type NearbyPosition = [distanceKm: number, slug: string, query: string];
const isNearbyPosition = (value: unknown): value is NearbyPosition =>
  Array.isArray(value) && value.length === 3 && typeof value[0] === 'number' && Number.isFinite(value[0]) && typeof value[1] === 'string' && typeof value[2] === 'string';

export const listNearbyLandmarks = declareOperation({
  operationId: 'listNearbyLandmarks',
  path: `${apiBasePath}/nearby`,
  title: 'What is affected near a place?',
  summary: 'The landmarks within a radius of a point or of a landmark, nearest first, each with its distance and its answer for a day or a trip (open, affected with the condition, or unknown) and the deciding report.',
  description:
    `Centre the circle on \`lat\` and \`lon\` or on a landmark with \`near\`; \`radius\` is in kilometres (${radiusLimits.min} to ${radiusLimits.max}, default ${radiusLimits.fallback}). ` +
    `Ask about one day with \`on\` (default: today, UTC) or a trip with \`from\` and \`to\` (at most ${maxStatusDays} days); \`affected=true\` keeps only the landmarks affected on some day of it. ` +
    'Each answer is the one the status route gives for that landmark and period (`status` links to it, with sources and reasons): affected or open only when a report is in effect, else unknown, never open by default. ' +
    `Distances are great-circle (haversine). Pages follow distance order: pass \`pagination.nextCursor\` as \`cursor\` with the same other parameters. Cite \`evidence.url\`.`,
  tag: 'Landmarks',
  input: z.strictObject({
    ...circleParameters,
    on: dayParameter('on', `The day to answer for, YYYY-MM-DD (UTC); today when omitted. ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead.`).optional(),
    from: dayParameter('from', 'First day of a trip, YYYY-MM-DD; give `to` too, and no `on`.').optional(),
    to: dayParameter('to', `Last day of a trip, YYYY-MM-DD, on or after from and at most ${maxStatusDays} days in all.`).optional(),
    affected: z
      .boolean({ error: 'affected must be true or false' })
      .register(queryText, booleanText)
      .default(false)
      .describe('true: list only landmarks affected (a condition other than open in effect) on some day of the period.'),
    limit: pageLimit(nearbyPageLimit),
    cursor: cursor.optional(),
  }),
  response: nearbyLandmarks,
  responseName: 'NearbyLandmarks',
  errors: [
    {
      status: 400,
      when:
        `lat is beyond ±90 or lon beyond ±180; only one of lat and lon is given; near is given with lat or lon, or names no landmark; no centre is given; radius is not from ${radiusLimits.min} to ${radiusLimits.max}; ` +
        `on, from or to is not a real date YYYY-MM-DD, or the period is wrong (as for the status route); affected is not true or false; limit is not 1 to 1000; or cursor is not a cursor of this query`,
    },
  ],
  cacheControl: apiCacheControl,
  exampleMistake: { lat: 91, lon: 12.4922 },
  exampleRequest: ({ landmark }) => ({ near: landmark.slug, radius: radiusLimits.fallback }),
  shortenExample: (body, shownItems) => ({ ...body, landmarks: body.landmarks.slice(0, shownItems) }),
  async run({ store, now }, { lat, lon, near, radius, on, from, to, affected, limit, cursor }) {
    const period = periodAsked(now, on, from, to);
    const centre = await circleCentre(store, { lat, lon, near });
    // A short digest of the query, so a cursor stays short and is refused by another query.
    const query = bucketOf(JSON.stringify([centre.lat, centre.lon, radius, period.from, period.to, affected]), 2 ** 32).toString(36);
    const after = cursorPosition('nearby', 'this query (same centre, radius, days and affected)', cursor, isNearbyPosition);
    if (after && after[2] !== query) {
      throw invalidParameter('cursor', 'cursor belongs to another query: keep lat, lon or near, radius, on or from and to, and affected as they were, or omit cursor to start again');
    }
    const found = await landmarksWithin(store, centre, radius);
    const siteUrl = await store.siteUrl();
    const landmarks: NearbyLandmark[] = [];
    let last: NearbyPosition | undefined;
    let hasMore = false;
    for (const candidate of found) {
      if (after && compareFound({ distanceKm: candidate.distanceKm, slug: candidate.entry.slug }, { distanceKm: after[0], slug: after[1] }) <= 0) continue;
      const answer = nearbyAnswerOf(candidate, period, siteUrl, now);
      if (affected && answer.answer !== 'affected') continue;
      if (landmarks.length === limit) {
        hasMore = true;
        break;
      }
      landmarks.push(answer);
      last = [candidate.distanceKm, candidate.entry.slug, query];
    }
    return {
      centre,
      radiusKm: radius,
      from: period.from,
      to: period.to,
      affectedOnly: affected,
      landmarks,
      pagination: { limit, nextCursor: hasMore && last ? encodeCursor('nearby', last) : null, hasMore },
    };
  },
});
