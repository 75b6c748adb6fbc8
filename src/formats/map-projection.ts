import { geoEqualEarth, geoPath } from 'd3-geo';

/**
 * The one projection of every map on the site: the basemap drawn at build time and each marker
 * placed on it share it, so a point lands where the coastline says. Equal Earth keeps areas true,
 * so no continent looks emptier than it is.
 */
export const mapWidth = 960;

const sphere = { type: 'Sphere' } as const;

export const worldProjection = geoEqualEarth().fitWidth(mapWidth, sphere);

export const mapHeight = Math.ceil(geoPath(worldProjection).bounds(sphere)[1][1]);

/** Map units with one decimal: a tenth of a unit is finer than any screen shows the map. */
export interface MapPoint {
  x: number;
  y: number;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

export function projectPoint(lon: number, lat: number): MapPoint {
  const [x, y] = worldProjection([lon, lat])!;
  return { x: tenth(x), y: tenth(y) };
}

/** The basemap drawn in this projection, a static file every map shows beneath its markers. */
export const worldBasemapPath = '/map/world.svg';
