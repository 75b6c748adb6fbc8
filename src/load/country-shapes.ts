import { geoBounds, geoContains } from 'd3-geo';
import type { Feature, Geometry } from 'geojson';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-50m.json' with { type: 'json' };

/**
 * Which country a point lies in, on Natural Earth's countries as the world-atlas package ships them,
 * the package the site's maps are drawn from. At 1:50m rather than the maps' 1:110m: the coarser
 * shapes leave out 64 countries (Malta, Singapore, the Vatican…) and put coastal castles at sea.
 * Each shape carries its ISO 3166-1 numeric code; the United Kingdom is one shape, so its nations
 * all answer GB.
 */

export type CountryAt =
  | { kind: 'country'; code: string }
  /** A shape with no ISO 3166-1 code (Kosovo, Northern Cyprus, Somaliland…). */
  | { kind: 'uncoded'; shapeName: string }
  | { kind: 'none' };

interface CountryShape {
  code: string | undefined;
  name: string;
  feature: Feature<Geometry>;
  /** [west, south, east, north]; west > east when the shape crosses the antimeridian. */
  bounds: [number, number, number, number];
}

let shapes: CountryShape[] | undefined;

function countryShapes(): CountryShape[] {
  if (shapes) return shapes;
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.countries);
  shapes = collection.features.map((shape) => {
    const [[west, south], [east, north]] = geoBounds(shape);
    return {
      code: shape.id === undefined ? undefined : countries.numericToAlpha2(String(shape.id)),
      name: shape.properties?.name ?? String(shape.id),
      feature: shape as Feature<Geometry>,
      bounds: [west, south, east, north],
    };
  });
  return shapes;
}

const withinBounds = ([west, south, east, north]: CountryShape['bounds'], lon: number, lat: number): boolean =>
  lat >= south && lat <= north && (west <= east ? lon >= west && lon <= east : lon >= west || lon <= east);

/** The country whose shape holds the point, if any. */
export function countryAt(lat: number, lon: number): CountryAt {
  for (const shape of countryShapes()) {
    if (!withinBounds(shape.bounds, lon, lat) || !geoContains(shape.feature, [lon, lat])) continue;
    return shape.code ? { kind: 'country', code: shape.code } : { kind: 'uncoded', shapeName: shape.name };
  }
  return { kind: 'none' };
}

/** Whether the shapes draw the country at all (they leave out Gibraltar, Réunion, Tokelau…). */
export const hasCountryShape = (code: string): boolean => countryShapes().some((shape) => shape.code === code);

/** How far from a coast or border a point may lie and still be placed by the shapes around it: 1:50m lines are a few kilometres off. */
export const shapeTolerance = { kilometres: 5, rings: 10, bearings: 12 };

/** The countries of the shapes found on rings around the point, out to the tolerance, close enough together to find the Vatican's. */
function countriesAround(lat: number, lon: number): CountryAt[] {
  const found: CountryAt[] = [];
  for (let ring = 1; ring <= shapeTolerance.rings; ring++) {
    const kilometres = (shapeTolerance.kilometres * ring) / shapeTolerance.rings;
    for (let step = 0; step < shapeTolerance.bearings; step++) {
      const bearing = (2 * Math.PI * step) / shapeTolerance.bearings;
      const dLat = (kilometres / 111.2) * Math.cos(bearing);
      const dLon = (kilometres / (111.2 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)))) * Math.sin(bearing);
      found.push(countryAt(lat + dLat, lon + dLon));
    }
  }
  return found;
}

/**
 * The country of a point that no shape holds (a lighthouse, a sea fort, a coast drawn coarsely):
 * the one country that every shape found within the tolerance around it belongs to, or none when
 * there is no such shape or more than one country.
 */
export function countryNear(lat: number, lon: number): string | undefined {
  const around = countriesAround(lat, lon);
  if (around.some((near) => near.kind === 'uncoded')) return undefined;
  const codes = new Set(around.flatMap((near) => (near.kind === 'country' ? [near.code] : [])));
  return codes.size === 1 ? [...codes][0] : undefined;
}

/** Whether the country's shape lies within the tolerance of the point: a border or a small state drawn coarsely. */
export const isNearCountry = (lat: number, lon: number, code: string): boolean =>
  countriesAround(lat, lon).some((near) => near.kind === 'country' && near.code === code);
