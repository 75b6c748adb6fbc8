import { describe, expect, it } from 'vitest';
import { cellOf, cellsCovering, gridLevels, levelFor, maxRadiusKm, type GridLevel } from '../../src/api/nearby/cell-grid.ts';
import { earthRadiusKm, haversineKm } from '../../src/api/nearby/sphere.ts';
import { seededRandom } from '../../scripts/lib/synthetic-content.ts';

/** The point at `distanceKm` from `start` in direction `bearing` (radians) on the sphere. */
function destination(start: { lat: number; lon: number }, distanceKm: number, bearing: number) {
  const [phi, lambda, delta] = [(start.lat * Math.PI) / 180, (start.lon * Math.PI) / 180, distanceKm / earthRadiusKm];
  const phi2 = Math.asin(Math.sin(phi) * Math.cos(delta) + Math.cos(phi) * Math.sin(delta) * Math.cos(bearing));
  const lambda2 = lambda + Math.atan2(Math.sin(bearing) * Math.sin(delta) * Math.cos(phi), Math.cos(delta) - Math.sin(phi) * Math.sin(phi2));
  return { lat: (phi2 * 180) / Math.PI, lon: ((((lambda2 * 180) / Math.PI + 540) % 360) - 180) };
}

describe('the nearby grid', () => {
  const random = seededRandom(45);
  // Everywhere, and most where circles are hard: at the poles and on the antimeridian.
  const centres = [
    ...Array.from({ length: 300 }, () => ({ lat: Math.asin(2 * random() - 1) * (180 / Math.PI), lon: random() * 360 - 180 })),
    ...Array.from({ length: 100 }, () => ({ lat: 90 - random() * 2, lon: random() * 360 - 180 })),
    ...Array.from({ length: 100 }, () => ({ lat: -90 + random() * 2, lon: random() * 360 - 180 })),
    ...Array.from({ length: 100 }, () => ({ lat: random() * 160 - 80, lon: random() < 0.5 ? 180 - random() * 0.5 : -180 + random() * 0.5 })),
    { lat: 90, lon: 0 },
    { lat: -90, lon: 180 },
    { lat: 0, lon: 180 },
    { lat: 0, lon: -180 },
  ];

  for (const level of gridLevels.keys() as Iterable<GridLevel>) {
    it(`covers any circle of up to ${maxRadiusKm(level).toFixed(1)} km with at most four cells of level ${level}, holding every point of it`, () => {
      for (const centre of centres) {
        const radius = maxRadiusKm(level) * (0.2 + 0.8 * random());
        const covering = cellsCovering(level, centre, radius);
        expect(covering.length, JSON.stringify(centre)).toBeLessThanOrEqual(4);
        for (let point = 0; point < 24; point++) {
          const inside = destination(centre, radius * Math.sqrt(random()) * (point < 8 ? 1 : 0.999), random() * 2 * Math.PI);
          expect(haversineKm(centre, inside)).toBeLessThanOrEqual(radius + 1e-6);
          expect(covering, `${JSON.stringify(centre)} ${JSON.stringify(inside)}`).toContain(cellOf(level, inside));
        }
      }
    });
  }

  it('asks the finest level a radius allows: 10 km the finest, 200 km the coarsest', () => {
    expect([0.1, 10, 10.5, 40, 41, 200].map(levelFor)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('measures great circles across the antimeridian and over a pole', () => {
    expect(haversineKm({ lat: 0, lon: 179.95 }, { lat: 0, lon: -179.95 })).toBeCloseTo(11.1195, 4);
    expect(haversineKm({ lat: 89.95, lon: 0 }, { lat: 89.95, lon: 180 })).toBeCloseTo(11.1195, 4);
    expect(haversineKm({ lat: 90, lon: 0 }, { lat: 90, lon: 123 })).toBeCloseTo(0, 9);
  });
});
