import type { Condition } from '../schema/conditions.ts';
import type { StoredCurrentCondition, StoredLandmarkSummary } from '../schema/api.ts';
import { isAnnouncedAhead } from '../domain/condition-timeline.ts';
import { projectPoint, type MapPoint } from './map-projection.ts';

/**
 * What the world map shows. Static pages carry dates, never a stale "current" flag: each marker
 * says its condition and the day it stays current until, and whoever serves the page decides,
 * as of the request, whether it is still current (the Worker marks it; CSS mutes it when not).
 */

/** One landmark, linking to its page. */
export interface LandmarkMarker extends MapPoint {
  slug: string;
  name: string;
  url: string;
  condition: Condition | null;
  /** The first day of that condition: later than today when it is announced ahead. */
  from: string | null;
  currentUntil: string | null;
}

/**
 * The report a landmark's marker shows: of those that decide its condition on some day or are
 * announced ahead, the one whose period reaches furthest, so the marker stays coloured while any
 * such report can be in effect and fades only once none can (whoever serves the page marks it).
 */
function reachingFurthest(landmark: StoredLandmarkSummary): StoredCurrentCondition | null {
  let furthest: StoredCurrentCondition | null = landmark.currentCondition;
  for (const condition of landmark.conditionTimeline) {
    if (furthest === null || condition.currentUntil > furthest.currentUntil) furthest = condition;
  }
  return furthest;
}

/**
 * Landmarks close together, drawn as one counted circle. It stands out while any of them is
 * affected (a condition other than open): it shows the affected one current the longest, so it
 * turns muted only once none of them is current any more. A cell with none affected is neutral.
 */
export interface MarkerCell extends MapPoint {
  landmarkCount: number;
  affectedCount: number;
  condition: Condition | null;
  currentUntil: string | null;
}

export type WorldMapMarkers = { kind: 'landmarks'; markers: LandmarkMarker[] } | { kind: 'cells'; cellDegrees: number; cells: MarkerCell[] };

/**
 * Beyond this many markers the home page would outgrow its 50 KB budget (a marker is a named link
 * of about 245 bytes, a cell about 150; the page also leads with what is affected now and announced
 * next), so landmarks are counted in grid cells instead.
 */
export const maxMapMarkers = 120;

/** Cell sizes tried in turn, smallest first: each divides 180°, so cells tile the globe evenly. */
const cellSizesInDegrees = [5, 6, 9, 10, 12, 15, 18, 20, 30, 45, 60, 90];

function landmarkMarker(landmark: StoredLandmarkSummary): LandmarkMarker {
  const { lat, lon } = landmark.coordinates;
  const shown = reachingFurthest(landmark);
  return {
    ...projectPoint(lon, lat),
    slug: landmark.slug,
    name: landmark.name,
    url: landmark.urls.html,
    condition: shown?.condition ?? null,
    // Only a start announced ahead needs saying: any other report began by its observation.
    from: shown && isAnnouncedAhead(shown) ? shown.from : null,
    currentUntil: shown?.currentUntil ?? null,
  };
}

/** What a landmark adds to its cell: where it is and, when affected, the condition it shows. */
interface CellEntry {
  lon: number;
  lat: number;
  affected: { condition: Condition; currentUntil: string } | undefined;
}

function cellEntryOf(landmark: StoredLandmarkSummary): CellEntry {
  const { lat, lon } = landmark.coordinates;
  const shown = reachingFurthest(landmark);
  return { lon, lat, affected: shown && shown.condition !== 'open' ? { condition: shown.condition, currentUntil: shown.currentUntil } : undefined };
}

/**
 * A grid of cells `degrees` wide and high: a place's column counts from the antimeridian, its row
 * from the south pole, and each cell has a number below `cells`.
 */
function gridOf(degrees: number) {
  const columns = Math.floor(360 / degrees) + 1;
  const rows = Math.floor(180 / degrees) + 1;
  return {
    cells: columns * rows,
    column: (lon: number) => Math.floor((lon + 180) / degrees),
    row: (lat: number) => Math.floor((lat + 90) / degrees),
    cell: (column: number, row: number) => column * rows + row,
  };
}

function cellsOf(entries: readonly CellEntry[], degrees: number): MarkerCell[] {
  interface Tally { column: number; row: number; lonSum: number; latSum: number; landmarkCount: number; affectedCount: number; longest?: CellEntry['affected'] }
  // Keyed by a number, not a "column:row" text: at 100k landmarks, a text per landmark and size tried took a second of the build.
  const grid = gridOf(degrees);
  const tallies = new Map<number, Tally>();
  for (const { lon, lat, affected } of entries) {
    const column = grid.column(lon);
    const row = grid.row(lat);
    const cell = grid.cell(column, row);
    let tally = tallies.get(cell);
    if (!tally) {
      tally = { column, row, lonSum: 0, latSum: 0, landmarkCount: 0, affectedCount: 0 };
      tallies.set(cell, tally);
    }
    tally.lonSum += lon;
    tally.latSum += lat;
    tally.landmarkCount += 1;
    if (affected) {
      tally.affectedCount += 1;
      if (!tally.longest || affected.currentUntil > tally.longest.currentUntil) tally.longest = affected;
    }
  }
  // In the order of their "column:row" names, as the map has always drawn them.
  return [...tallies.values()]
    .map((tally) => [`${tally.column}:${tally.row}`, tally] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, tally]) => ({
      // The cell's landmarks' mean position: the circle sits where they are, not at a grid corner.
      ...projectPoint(tally.lonSum / tally.landmarkCount, tally.latSum / tally.landmarkCount),
      landmarkCount: tally.landmarkCount,
      affectedCount: tally.affectedCount,
      condition: tally.longest?.condition ?? null,
      currentUntil: tally.longest?.currentUntil ?? null,
    }));
}

/** Every landmark as a marker, or, for large catalogues, counted in the fewest cells that fit. */
export function worldMapMarkers(landmarks: readonly StoredLandmarkSummary[], maxMarkers = maxMapMarkers): WorldMapMarkers {
  if (landmarks.length <= maxMarkers) {
    return { kind: 'landmarks', markers: landmarks.map(landmarkMarker) };
  }
  // Each landmark's shown condition is found once, not once per cell size tried (up to twelve).
  const entries = landmarks.map(cellEntryOf);
  const cellDegrees = cellSizesInDegrees.find((size) => occupiedCells(entries, size) <= maxMarkers) ?? cellSizesInDegrees.at(-1)!;
  return { kind: 'cells', cellDegrees, cells: cellsOf(entries, cellDegrees) };
}

/**
 * How many cells of this size hold a landmark, counted in a flag per cell: with every size tried
 * tallied until one fitted, the map took 0.28-0.37 s of a build at 100k landmarks, 0.15-0.19 s
 * with only the size it draws tallied.
 */
function occupiedCells(entries: readonly CellEntry[], degrees: number): number {
  const grid = gridOf(degrees);
  const occupied = new Uint8Array(grid.cells);
  let count = 0;
  for (const { lon, lat } of entries) {
    const cell = grid.cell(grid.column(lon), grid.row(lat));
    if (occupied[cell] === 0) {
      occupied[cell] = 1;
      count++;
    }
  }
  return count;
}
