/**
 * Distances on the Earth as a sphere of the mean radius (IUGG): within 0.5% of the ellipsoid's,
 * which is finer than any "within 10 km" a traveller asks, and the same wherever the points are,
 * across the antimeridian and at the poles.
 */
export const earthRadiusKm = 6371.0088;

/** Kilometres along a meridian per degree of latitude. */
export const kmPerDegree = (Math.PI * earthRadiusKm) / 180;

export interface Point {
  lat: number;
  lon: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance by the haversine formula, stable for small distances as for antipodes. */
export function haversineKm(a: Point, b: Point): number {
  const sinLat = Math.sin(radians(b.lat - a.lat) / 2);
  const sinLon = Math.sin(radians(b.lon - a.lon) / 2);
  const h = sinLat * sinLat + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * sinLon * sinLon;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}
