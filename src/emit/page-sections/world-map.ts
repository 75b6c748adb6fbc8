import { conditionLabel, noLongerCurrent, noReportYet } from '../../domain/in-words.ts';
import { sitePath } from '../../domain/urls.ts';
import { html, type Markup } from '../../formats/html.ts';
import { mapHeight, mapWidth, worldBasemapPath } from '../../formats/map-projection.ts';
import type { WorldMapMarkers } from '../../formats/map-markers.ts';
import { conditions } from '../../schema/conditions.ts';
import { optionalAttribute } from './attributes.ts';

/**
 * Every landmark on one world map, coloured by its current condition; for large catalogues the
 * landmarks are counted in grid cells instead. An inline SVG over the static basemap: readable
 * without JavaScript, each marker a named link, no third-party tile, script or font.
 */
export function worldMapFigure(markers: WorldMapMarkers): Markup {
  const viewBox = `0 0 ${mapWidth} ${mapHeight}`;
  const map =
    markers.kind === 'landmarks'
      ? html`<svg class="map" viewBox="${viewBox}" role="group" aria-labelledby="world-map-caption"><image href="${worldBasemapPath}" width="${mapWidth}" height="${mapHeight}" aria-hidden="true"></image>${markers.markers.map(
          (marker) =>
            html`<a href="${sitePath(marker.url)}"><title>${marker.name}: ${marker.condition ? conditionLabel(marker.condition) : `unknown, ${noReportYet}`}${until(marker.currentUntil)}</title><circle cx="${marker.x}" cy="${marker.y}" r="6" data-condition="${marker.condition ?? 'none'}"${optionalAttribute('data-current-until', marker.currentUntil)}${optionalAttribute('data-from', marker.from)}></circle></a>`,
        )}</svg>`
      : html`<svg class="map" viewBox="${viewBox}" role="img" aria-label="${cellsInWords(markers.cells)}"><image href="${worldBasemapPath}" width="${mapWidth}" height="${mapHeight}"></image>${markers.cells.map(
          (cell) =>
            html`<g class="cell"><circle cx="${cell.x}" cy="${cell.y}" r="${cellRadius(cell.landmarkCount)}" data-condition="${cell.condition ?? 'none'}"${optionalAttribute('data-current-until', cell.currentUntil)}></circle><text x="${cell.x}" y="${cell.y}">${cell.landmarkCount}</text></g>`,
        )}</svg>`;
  const caption =
    markers.kind === 'landmarks'
      ? 'Where each landmark is, coloured by its current condition; faded once its latest report is no longer current. Each dot links to the landmark’s page.'
      : `Landmarks counted in cells of ${markers.cellDegrees}° of longitude and latitude, coloured by the condition that affects one of them longest; faded once none is current. Search finds each landmark.`;
  return html`<figure class="world-map">${map}<figcaption id="world-map-caption">${caption}${legend(markers.kind === 'landmarks' ? 'unknown: no report yet' : 'none affected')}</figcaption></figure>`;
}

const until = (currentUntil: string | null) => (currentUntil ? `, current until ${currentUntil}` : '');

/** Circles grow with the square root of the count, so their area says how many. */
const cellRadius = (count: number) => Math.round(Math.min(30, 8 + Math.sqrt(count) * 1.2) * 10) / 10;

function cellsInWords(cells: Extract<WorldMapMarkers, { kind: 'cells' }>['cells']): string {
  const landmarks = cells.reduce((sum, cell) => sum + cell.landmarkCount, 0);
  const affected = cells.reduce((sum, cell) => sum + cell.affectedCount, 0);
  return `World map: ${landmarks} landmarks counted in ${cells.length} cells, ${affected} of them affected by a reported condition`;
}

/** The colours' meanings; `neutral` is what a marker without a condition means: a landmark with no reports, or a cell with none affected. */
const legend = (neutral: string) =>
  html`<ul class="map-legend">${conditions.map((condition) => html`<li><span class="swatch" data-condition="${condition}"></span>${conditionLabel(condition)}</li>`)}<li><span class="swatch" data-condition="none"></span>${neutral}</li><li><span class="swatch" data-current="no"></span>${noLongerCurrent}</li></ul>`;
