import { conditionLabel } from '../../domain/in-words.ts';
import { mapHeight, mapWidth, projectPoint, worldBasemapPath } from '../../formats/map-projection.ts';
import type { Condition } from '../../schema/conditions.ts';
import { html, type Markup } from '../../formats/html.ts';

/** A quarter of the world's width: enough to show the country and its neighbours at 1:110m. */
const cropWidth = mapWidth / 4;
const cropHeight = Math.round(cropWidth * 0.6);
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * Where one landmark is: the shared basemap, cropped around it, with its marker. The crop is the
 * SVG's viewBox, so the page carries one circle and the browser reuses the cached basemap.
 */
export function locatorMap(landmark: { name: string; place: string; lat: number; lon: number; condition: Condition | null; currentUntil: string | null }): Markup {
  const { x, y } = projectPoint(landmark.lon, landmark.lat);
  const left = clamp(x - cropWidth / 2, 0, mapWidth - cropWidth);
  const top = clamp(y - cropHeight / 2, 0, mapHeight - cropHeight);
  const label = `Map: ${landmark.name} in ${landmark.place}, at ${landmark.lat}, ${landmark.lon}${landmark.condition ? `; ${conditionLabel(landmark.condition)}` : ''}`;
  return html`<figure class="locator-map"><svg class="map" viewBox="${`${left} ${top} ${cropWidth} ${cropHeight}`}" role="img" aria-label="${label}"><image href="${worldBasemapPath}" width="${mapWidth}" height="${mapHeight}"></image><circle cx="${x}" cy="${y}" r="4" data-condition="${landmark.condition ?? 'none'}"${landmark.currentUntil ? html` data-current-until="${landmark.currentUntil}"` : ''}></circle></svg></figure>`;
}
