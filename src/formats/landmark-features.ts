import { z } from 'zod';
import { storedLandmarkSummary, type StoredLandmarkSummary } from '../schema/api.ts';

/**
 * Landmarks as GeoJSON (RFC 7946) for GIS tools: one Point feature per landmark, `[lon, lat]` in
 * WGS 84. Properties are flat, since QGIS and most GIS formats show nested objects as opaque
 * text; like every download they carry dates (`currentUntil`), never a stale "is current".
 */
const summary = storedLandmarkSummary.shape;
const current = storedLandmarkSummary.shape.currentCondition.unwrap().shape;

export const landmarkFeatureProperties = z.object({
  slug: summary.slug,
  name: summary.name,
  city: summary.location.shape.city,
  country: summary.location.shape.country,
  countryName: summary.location.shape.countryName,
  wikidata: summary.wikidata,
  condition: current.condition.nullable().describe('The current condition: that of the most recently confirmed report; null when nobody has reported on the landmark yet (its condition is unknown).'),
  observedAt: current.observedAt.nullable().describe('When the report giving the condition was observed.'),
  lastConfirmedAt: current.lastConfirmedAt.nullable(),
  from: current.from.nullable().describe('First day (UTC) on which that report applies: later than observedAt when it was announced ahead.'),
  currentUntil: current.currentUntil.nullable().describe('Last day (UTC) on which that report is current: it is current while from <= today <= currentUntil.'),
  until: current.until.describe('The end its source stated, if any.'),
  untilKind: current.untilKind,
  reportExpiryDays: current.reportExpiryDays.nullable(),
  reportCount: summary.reportCount,
  url: summary.urls.shape.html,
  jsonUrl: summary.urls.shape.json,
  markdownUrl: summary.urls.shape.markdown,
});

export type LandmarkFeatureProperties = z.infer<typeof landmarkFeatureProperties>;

export interface LandmarkFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: LandmarkFeatureProperties;
}

export function landmarkFeatureOf(landmark: StoredLandmarkSummary): LandmarkFeature {
  const current = landmark.currentCondition;
  return {
    type: 'Feature',
    id: landmark.slug,
    geometry: { type: 'Point', coordinates: [landmark.coordinates.lon, landmark.coordinates.lat] },
    properties: {
      slug: landmark.slug,
      name: landmark.name,
      city: landmark.location.city,
      country: landmark.location.country,
      countryName: landmark.location.countryName,
      wikidata: landmark.wikidata,
      condition: current?.condition ?? null,
      observedAt: current?.observedAt ?? null,
      lastConfirmedAt: current?.lastConfirmedAt ?? null,
      from: current?.from ?? null,
      currentUntil: current?.currentUntil ?? null,
      until: current?.until ?? null,
      untilKind: current?.untilKind ?? null,
      reportExpiryDays: current?.reportExpiryDays ?? null,
      reportCount: landmark.reportCount,
      url: landmark.urls.html,
      jsonUrl: landmark.urls.json,
      markdownUrl: landmark.urls.markdown,
    },
  };
}
