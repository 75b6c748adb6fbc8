import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CatalogueInput } from '../../src/domain/catalogue.ts';
import { seededRandom, syntheticCatalogueInput, writeSyntheticContent } from '../../scripts/lib/synthetic-content.ts';

/** The day the synthetic reports are dated up to; tests pin the Worker's clock a little after it. */
export const nearbyToday = '2026-11-01';

export const places = {
  rome: { lat: 41.8902, lon: 12.4922 },
  /** Fiji's side of the antimeridian and Samoa's. */
  antimeridian: { lat: -17.8, lon: 180 },
  northPole: { lat: 90, lon: 0 },
  southPole: { lat: -90, lon: 0 },
} as const;

/**
 * A generated catalogue whose landmarks crowd where circles are hard to get right: a dense
 * cluster (Rome, with two landmarks on the very same point), both sides of the antimeridian (and
 * on it, as 180 and -180), around both poles (and on the north pole), and the rest spread over the
 * globe. Reports fall unevenly (the first Roman landmark has more than a bucket keeps at hand),
 * a fifth announce a period ahead with an end.
 */
export function nearbyCatalogueInput(): CatalogueInput {
  const input = syntheticCatalogueInput({ landmarks: 320, reports: 1_600, seed: 45, today: nearbyToday, skew: 1.1, announced: 0.2 });
  const random = seededRandom(4545);
  const around = (lat: number, lon: number, spread: number) => ({ lat: lat + (random() - 0.5) * spread, lon: lon + (random() - 0.5) * spread * 1.3 });
  const round = ({ lat, lon }: { lat: number; lon: number }) => ({ lat: Math.round(lat * 1e5) / 1e5, lon: Math.round(lon * 1e5) / 1e5 });
  input.landmarks.forEach((landmark, index) => {
    let point: { lat: number; lon: number } | undefined;
    if (index < 80) point = around(places.rome.lat, places.rome.lon, 0.08);
    else if (index < 140) {
      const east = index % 2 === 0;
      const lon = index === 80 ? 180 : index === 81 ? -180 : east ? 180 - random() * 0.15 : -180 + random() * 0.15;
      point = { lat: places.antimeridian.lat + (random() - 0.5) * 0.2, lon };
    } else if (index < 180) point = index === 140 ? { lat: 90, lon: 0 } : { lat: 90 - random() * 0.25, lon: random() * 360 - 180 };
    else if (index < 200) point = { lat: -90 + random() * 0.2, lon: random() * 360 - 180 };
    if (index === 1) point = { ...input.landmarks[0]!.frontmatter.coordinates };
    if (point) landmark.frontmatter.coordinates = round(point);
  });
  return input;
}

/** Writes the catalogue as content files into a temporary folder; returns the content root. */
export async function writeNearbyContent(input: CatalogueInput): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lcr-nearby-'));
  await writeSyntheticContent(root, input);
  return root;
}
