import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json' with { type: 'json' };
import { mapHeight, mapWidth, worldProjection } from '../../../formats/map-projection.ts';

/**
 * The basemap of every map on the site, drawn once at build time from Natural Earth's public-domain
 * 1:110m countries (as the world-atlas package ships them): the globe's outline, land, and borders
 * between countries. One static SVG file, cached by browsers, so pages carry only their markers
 * and no tile server, script or font is ever fetched.
 */
export function worldBasemapSvg(): string {
  const topology = countries as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
  const draw = geoPath(worldProjection).digits(1);
  const sphere = draw({ type: 'Sphere' });
  const land = draw(feature(topology, topology.objects.land));
  const borders = draw(mesh(topology, topology.objects.countries, (a, b) => a !== b));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${mapWidth} ${mapHeight}" width="${mapWidth}" height="${mapHeight}">`,
    '<title>World map: Natural Earth 1:110m, public domain</title>',
    `<path d="${sphere}" fill="#eef3f7" stroke="#b9c6d0" stroke-width="0.8"/>`,
    `<path d="${land}" fill="#dcdcd4"/>`,
    `<path d="${borders}" fill="none" stroke="#ffffff" stroke-width="0.6" stroke-linejoin="round"/>`,
    '</svg>',
    '',
  ].join('\n');
}
