import { kmPerDegree, type Point } from './sphere.ts';

/**
 * The nearby index's cells: latitude bands of equal height, each cut into equal longitude cells
 * that are never narrower, on the band's poleward side, than a circle of the level's largest radius
 * is wide. A circle of at most that radius then lies in at most two bands (a band is as tall as
 * its diameter) and, in each, in at most two cells: four cells, whatever the latitude, and a cell
 * is a string key a file can be found by. Near a pole the bands hold fewer cells, down to one
 * around the pole itself, so no cell is a sliver; longitudes wrap, so the antimeridian is an
 * ordinary cell border. A plain latitude/longitude grid would need more cells at high latitudes
 * (its cells narrow to nothing) and geohash has the same fault with its fixed splits; S2 gives
 * even cells but needs a library for what two formulas do here.
 *
 * Three levels, each a complete index: 1,000 bands of 0.18° (about 20 km, for radii up to 10 km),
 * 250 of 0.72° (up to 40 km) and 50 of 3.6° (up to 200 km). A query reads the finest level its
 * radius allows.
 */
export const gridLevels = [{ bands: 1000 }, { bands: 250 }, { bands: 50 }] as const;
export type GridLevel = 0 | 1 | 2;

const bandHeight = (level: GridLevel) => 180 / gridLevels[level].bands;

/** The largest radius a level answers in at most four cells. */
export const maxRadiusKm = (level: GridLevel): number => (bandHeight(level) / 2) * kmPerDegree;

/** The finest level whose cells hold a circle of this radius in at most four. */
export function levelFor(radiusKm: number): GridLevel {
  for (const level of [0, 1, 2] as const) if (radiusKm <= maxRadiusKm(level)) return level;
  return 2;
}

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Half the longitude span of a circle of angular radius `radius` (degrees) centred at latitude `lat`; 180 when it holds a pole. */
function halfLongitudeSpan(lat: number, radius: number): number {
  if (Math.abs(lat) + radius >= 90) return 180;
  const ratio = Math.sin(radians(radius)) / Math.cos(radians(lat));
  return ratio >= 1 ? 180 : degrees(Math.asin(ratio));
}

/** Cells in a band: as many as leave each wider than any circle of the level's radius that reaches into the band. */
function cellsInBand(level: GridLevel, band: number): number {
  const height = bandHeight(level);
  const south = -90 + band * height;
  const poleward = Math.max(Math.abs(south), Math.abs(south + height));
  return Math.max(1, Math.floor(360 / (2 * halfLongitudeSpan(Math.min(90, poleward + height / 2), height / 2))));
}

const bandOf = (level: GridLevel, lat: number) => Math.min(gridLevels[level].bands - 1, Math.max(0, Math.floor((lat + 90) / bandHeight(level))));

const cellKey = (level: GridLevel, band: number, cell: number) => `${level}/${band}/${cell}`;

/** The key of the cell holding a point. */
export function cellOf(level: GridLevel, { lat, lon }: Point): string {
  const band = bandOf(level, lat);
  const cells = cellsInBand(level, band);
  const cell = Math.min(cells - 1, Math.floor((((lon + 180) % 360) + 360) % 360 / (360 / cells)));
  return cellKey(level, band, cell);
}

/** Widens the circle by a hair, so that rounding never leaves out a cell a point on its edge lies in. */
const margin = 1e-9;

/** The keys of every cell of `level` a circle touches (at most four when its radius is within the level's). */
export function cellsCovering(level: GridLevel, centre: Point, radiusKm: number): string[] {
  const radius = radiusKm / kmPerDegree + margin;
  const keys: string[] = [];
  for (let band = bandOf(level, centre.lat - radius); band <= bandOf(level, centre.lat + radius); band++) {
    const cells = cellsInBand(level, band);
    const span = halfLongitudeSpan(centre.lat, radius);
    if (span >= 180 || cells === 1) {
      for (let cell = 0; cell < cells; cell++) keys.push(cellKey(level, band, cell));
      continue;
    }
    const width = 360 / cells;
    const west = Math.floor((centre.lon + 180 - span) / width);
    const east = Math.floor((centre.lon + 180 + span) / width);
    for (let cell = west; cell <= Math.min(east, west + cells - 1); cell++) keys.push(cellKey(level, band, ((cell % cells) + cells) % cells));
  }
  return [...new Set(keys)];
}
