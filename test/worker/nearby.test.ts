import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueInput } from '../../src/domain/catalogue.ts';
import { apiError, landmarkStatus, type LandmarkStatus } from '../../src/schema/api.ts';
import { nearbyLandmarks, type NearbyLandmark } from '../../src/schema/nearby.ts';
import { buildSiteFrom } from '../support/build.ts';
import { nearbyCatalogueInput, places, writeNearbyContent } from '../support/nearby-content.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// A generated catalogue (test/support/nearby-content.ts) built for real and served by workerd.
const input: CatalogueInput = nearbyCatalogueInput();
let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await buildSiteFrom(await writeNearbyContent(input)), { fixedNow: '2026-11-10T12:00:00Z' });
}, 300_000);
afterAll(async () => {
  await site?.dispose();
});

/** The great circle by unit vectors and their chord: another formula than the service's, for the same distance. */
function bruteForceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const vector = ({ lat, lon }: { lat: number; lon: number }) => {
    const [phi, lambda] = [(lat * Math.PI) / 180, (lon * Math.PI) / 180];
    return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  };
  const [u, v] = [vector(a), vector(b)];
  const chord = Math.hypot(u[0]! - v[0]!, u[1]! - v[1]!, u[2]! - v[2]!);
  return 2 * 6371.0088 * Math.asin(Math.min(1, chord / 2));
}

/** Every landmark within the radius, nearest first then by slug, by looking at all of them. */
const withinByBruteForce = (centre: { lat: number; lon: number }, radiusKm: number) =>
  input.landmarks
    .map(({ slug, frontmatter }) => ({ slug, distanceKm: bruteForceKm(centre, frontmatter.coordinates) }))
    .filter(({ distanceKm }) => distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || (a.slug < b.slug ? -1 : 1));

const json = (path: string) => site.json(path);

/** Every page of a nearby list, following nextCursor. */
async function walk(query: string, limit: number): Promise<NearbyLandmark[]> {
  const seen: NearbyLandmark[] = [];
  let cursor: string | null = null;
  do {
    const page = nearbyLandmarks.parse(await json(`/api/public/v1/nearby?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    expect(page.landmarks.length).toBeLessThanOrEqual(limit);
    seen.push(...page.landmarks);
    cursor = page.pagination.nextCursor;
  } while (cursor !== null);
  return seen;
}

const circles: [name: string, centre: { lat: number; lon: number }, radiusKm: number][] = [
  ['the middle of the Roman cluster, 10 km', places.rome, 10],
  ['the Roman cluster, 0.5 km', places.rome, 0.5],
  ['the Roman cluster, 37 km (the middle grid level)', places.rome, 37],
  ['Rome, 200 km (the coarsest level)', places.rome, 200],
  ['just east of the antimeridian, 10 km', { lat: -17.8, lon: 179.99 }, 10],
  ['just west of the antimeridian, 25 km', { lat: -17.8, lon: -179.99 }, 25],
  ['on the antimeridian, 8 km', places.antimeridian, 8],
  ['the north pole, 10 km', places.northPole, 10],
  ['near the north pole, 30 km', { lat: 89.95, lon: 170 }, 30],
  ['near the north pole, 150 km', { lat: 89.9, lon: -45 }, 150],
  ['the south pole, 20 km', places.southPole, 20],
  ['the open sea, 10 km', { lat: 0, lon: 0 }, 10],
];

describe('listNearbyLandmarks over a generated catalogue in workerd', () => {
  it.each(circles)('lists around %s every landmark a brute-force haversine finds, in its order and at its distances', async (_, centre, radiusKm) => {
    const expected = withinByBruteForce(centre, radiusKm);
    const found = await walk(`lat=${centre.lat}&lon=${centre.lon}&radius=${radiusKm}`, 1000);
    expect(found.map(({ landmark }) => landmark.slug).sort()).toEqual(expected.map(({ slug }) => slug).sort());
    // Position by position, the distance the brute force puts there (to the metre it is rounded to): the same order.
    for (const [index, entry] of found.entries()) {
      expect(Math.abs(entry.distanceKm - expected[index]!.distanceKm), entry.landmark.slug).toBeLessThanOrEqual(0.0005 + 1e-9);
    }
  });

  it('finds landmarks on both sides of the antimeridian in one circle', async () => {
    const found = await walk(`lat=${places.antimeridian.lat}&lon=${places.antimeridian.lon}&radius=10`, 1000);
    const longitudes = found.map(({ coordinates }) => coordinates.lon);
    expect(longitudes.some((lon) => lon > 179)).toBe(true);
    expect(longitudes.some((lon) => lon < -179)).toBe(true);
  });

  it.each([1, 37, 1000])('walks the Roman cluster at limit %i seeing each landmark exactly once, nearest first', async (limit) => {
    const query = `lat=${places.rome.lat}&lon=${places.rome.lon}&radius=10`;
    const found = await walk(query, limit);
    const slugs = found.map(({ landmark }) => landmark.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.sort()).toEqual(withinByBruteForce(places.rome, 10).map(({ slug }) => slug).sort());
    expect(slugs.length).toBeGreaterThan(60);
  });

  it('walks the antimeridian circle at limit 37 seeing each landmark once', async () => {
    const found = await walk(`lat=${places.antimeridian.lat}&lon=${places.antimeridian.lon}&radius=20`, 37);
    const slugs = found.map(({ landmark }) => landmark.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.sort()).toEqual(withinByBruteForce(places.antimeridian, 20).map(({ slug }) => slug).sort());
  });

  const sameAsStatus = (entry: NearbyLandmark, status: LandmarkStatus) => {
    expect({ slug: entry.landmark.slug, answer: entry.answer, condition: entry.condition }).toEqual({ slug: status.landmark.slug, answer: status.answer, condition: status.condition });
    expect(entry.landmark.url).toBe(status.landmark.url);
    expect(entry.stretches).toEqual(
      status.stretches.map((stretch) => ({
        from: stretch.from,
        to: stretch.to,
        answer: stretch.answer,
        condition: stretch.condition,
        evidence: stretch.evidence && { reportId: stretch.evidence.reportId, url: stretch.evidence.url },
        lastKnown: stretch.lastKnown && { reportId: stretch.lastKnown.reportId, url: stretch.lastKnown.url },
      })),
    );
  };

  it.each([
    ['a trip', 'from=2026-10-20&to=2027-02-14'],
    ['a day', 'on=2026-11-10'],
    ['today', ''],
  ])('answers %s for each landmark as the status route does', async (_, days) => {
    const found = await walk(`lat=${places.rome.lat}&lon=${places.rome.lon}&radius=10${days && `&${days}`}`, 1000);
    expect(found.some(({ answer }) => answer === 'affected')).toBe(true);
    for (const entry of found) {
      const status = landmarkStatus.parse(await json(`/api/public/v1/landmarks/${entry.landmark.slug}/status${days && `?${days}`}`));
      sameAsStatus(entry, status);
      expect(new URL(entry.status).pathname).toBe(`/api/public/v1/landmarks/${entry.landmark.slug}/status`);
    }
  });

  it('keeps with affected=true exactly the landmarks affected on some day of the trip', async () => {
    const query = `near=${input.landmarks[0]!.slug}&radius=10&from=2026-11-01&to=2027-01-31`;
    const all = await walk(query, 1000);
    const affected = await walk(`${query}&affected=true`, 7);
    expect(affected.map(({ landmark }) => landmark.slug)).toEqual(all.filter(({ answer }) => answer === 'affected').map(({ landmark }) => landmark.slug));
    expect(affected.length).toBeGreaterThan(0);
  });

  it('centres on a landmark with near, listing it first at distance 0', async () => {
    const [first, twin] = input.landmarks;
    const page = nearbyLandmarks.parse(await json(`/api/public/v1/nearby?near=${first!.slug}&radius=2`));
    expect(page.centre).toEqual({ ...first!.frontmatter.coordinates, near: first!.slug });
    // Its twin stands on the same point: the two come first, by slug.
    expect(page.landmarks.slice(0, 2).map(({ landmark, distanceKm }) => [landmark.slug, distanceKm])).toEqual(
      [first!.slug, twin!.slug].sort().map((slug) => [slug, 0]),
    );
  });

  it.each([
    ['lat=91&lon=12', 'lat', /at most 90/],
    ['lat=-90.5&lon=12', 'lat', /at least -90/],
    ['lat=41&lon=180.01', 'lon', /at most 180/],
    ['lat=41&lon=east', 'lon', /decimal degrees/],
    ['lat=1e1&lon=12', 'lat', /decimal degrees/],
    ['lat=41.89', 'lon', /lon is missing/],
    ['lon=12.49', 'lat', /lat is missing/],
    ['radius=5', 'lat', /a centre is required/],
    ['near=colosseum-of-nowhere', 'near', /no landmark has the slug "colosseum-of-nowhere"/],
    ['near=Not A Slug', 'near', /slug|lowercase/],
    [`near=${input.landmarks[0]!.slug}&lat=41&lon=12`, 'near', /either near .* or lat and lon/],
    ['lat=41&lon=12&radius=0.05', 'radius', /at least 0.1/],
    ['lat=41&lon=12&radius=201', 'radius', /at most 200/],
    ['lat=41&lon=12&on=2026-02-30', 'on', /real calendar date/],
    ['lat=41&lon=12&on=tomorrow', 'on', /YYYY-MM-DD/],
    ['lat=41&lon=12&from=2026-11-01', 'to', /to is missing/],
    ['lat=41&lon=12&from=2026-11-01&to=2027-12-01', 'to', /at most 366 days/],
    ['lat=41&lon=12&affected=yes', 'affected', /true or false/],
    ['lat=41&lon=12&limit=0', 'limit', /at least 1/],
    ['lat=41&lon=12&limit=1001', 'limit', /at most 1000/],
    ['lat=41&lon=12&cursor=not-a-cursor', 'cursor', /not a cursor/],
  ])('refuses %s with a JSON 400 naming %s', async (query, parameter, message) => {
    const response = await site.get(`/api/public/v1/nearby?${query.replace(/ /g, '%20')}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const { error } = apiError.parse(await response.json());
    expect(error.parameter).toBe(parameter);
    expect(error.message).toMatch(message);
  });

  it('refuses a cursor of another query', async () => {
    const page = nearbyLandmarks.parse(await json(`/api/public/v1/nearby?lat=${places.rome.lat}&lon=${places.rome.lon}&limit=1`));
    const response = await site.get(`/api/public/v1/nearby?lat=${places.rome.lat}&lon=${places.rome.lon}&radius=20&limit=1&cursor=${page.pagination.nextCursor}`);
    expect(response.status).toBe(400);
    expect(apiError.parse(await response.json()).error).toMatchObject({ parameter: 'cursor', message: expect.stringMatching(/another query/) });
  });
});

describe('the calendar of a circle', () => {
  /** The report ids of every period with a stated end of the landmarks within the circle. */
  const periodsWithin = (centre: { lat: number; lon: number }, radiusKm: number) => {
    const slugs = new Set(withinByBruteForce(centre, radiusKm).map(({ slug }) => slug));
    return [...input.reports].filter((report) => slugs.has(report.landmarkSlug) && report.frontmatter.until !== undefined).map(({ id }) => id).sort();
  };

  const eventsOf = async (path: string) => {
    const response = await site.get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    return calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
  };

  it('has one event per announced period around a landmark, its UID the report id', async () => {
    const first = input.landmarks[0]!;
    const events = await eventsOf(`/nearby.ics?near=${first.slug}&radius=10`);
    expect(events.map((event) => event.uid.split('@')[0]).sort()).toEqual(periodsWithin(first.frontmatter.coordinates, 10));
    expect(events.length).toBeGreaterThan(5);
    const event = events[0]!;
    const report = [...input.reports].find(({ id }) => id === event.uid.split('@')[0])!;
    expect(event.startDate.toString()).toBe(report.frontmatter.from);
    expect(event.summary).toContain(input.landmarks.find(({ slug }) => slug === report.landmarkSlug)!.frontmatter.name);
  });

  it('takes lat and lon, across the antimeridian', async () => {
    const events = await eventsOf(`/nearby.ics?lat=${places.antimeridian.lat}&lon=${places.antimeridian.lon}&radius=20`);
    expect(events.map((event) => event.uid.split('@')[0]).sort()).toEqual(periodsWithin(places.antimeridian, 20));
  });

  it('refuses a bad circle with a JSON 400 naming the parameter', async () => {
    const response = await site.get('/nearby.ics?near=no-such-landmark');
    expect(response.status).toBe(400);
    expect(apiError.parse(await response.json()).error.parameter).toBe('near');
  });
});

describe('the MCP tool', () => {
  it('is listed, and answers with the body the REST route gives', async () => {
    const client = new Client({ name: 'lcr-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', site.url)));
    try {
      const { tools } = await client.listTools();
      const tool = tools.find(({ name }) => name === 'listNearbyLandmarks')!;
      expect(tool.inputSchema.properties).toMatchObject({ lat: { type: 'number', minimum: -90, maximum: 90 }, radius: { default: 10, minimum: 0.1, maximum: 200 } });
      const args = { lat: places.antimeridian.lat, lon: -179.99, radius: 15, from: '2026-11-10', to: '2026-12-10' };
      const result = await client.callTool({ name: 'listNearbyLandmarks', arguments: args });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual(await json(`/api/public/v1/nearby?lat=${args.lat}&lon=${args.lon}&radius=15&from=2026-11-10&to=2026-12-10`));
      const refused = await client.callTool({ name: 'listNearbyLandmarks', arguments: { lat: 95, lon: 0 } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
