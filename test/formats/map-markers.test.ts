import { describe, expect, it } from 'vitest';
import { mapHeight, mapWidth, projectPoint } from '../../src/formats/map-projection.ts';
import { maxMapMarkers, worldMapMarkers } from '../../src/formats/map-markers.ts';
import type { StoredLandmarkSummary } from '../../src/schema/api.ts';
import type { Condition } from '../../src/schema/conditions.ts';
import { seededRandom } from '../../scripts/lib/synthetic-content.ts';

function landmark(slug: string, lat: number, lon: number, current?: { condition: Condition; currentUntil: string }): StoredLandmarkSummary {
  const url = `https://lcr.test/landmarks/${slug}`;
  return {
    slug,
    name: slug,
    aliases: [],
    location: { city: 'City', region: null, country: 'FR', countryName: 'France' },
    coordinates: { lat, lon },
    wikidata: 'Q1',
    wikipediaEditions: null,
    latestObservedAt: current ? '2026-01-01' : null,
    urls: { html: url, json: `${url}.json`, markdown: `${url}.md` },
    currentCondition: current
      ? { ...current, reportId: `${slug}1`, summary: 'x', observedAt: '2026-01-01', lastConfirmedAt: '2026-01-01', reportExpiryDays: 14, from: '2026-01-01', until: null, untilKind: null }
      : null,
    reportCount: current ? 1 : 0,
    reportDays: current ? { from: [['2026-01-01', 1]], currentUntil: [[current.currentUntil, 1]] } : { from: [], currentUntil: [] },
    conditionTimeline: current ? [{ ...current, reportId: `${slug}1`, summary: 'x', observedAt: '2026-01-01', lastConfirmedAt: '2026-01-01', reportExpiryDays: 14, from: '2026-01-01', until: null, untilKind: null }] : [],
  };
}

describe('the map projection', () => {
  it('puts places where they are relative to each other, inside the map', () => {
    const paris = projectPoint(2.35, 48.86);
    const newYork = projectPoint(-74.0, 40.71);
    const sydney = projectPoint(151.21, -33.87);
    expect(newYork.x).toBeLessThan(paris.x);
    expect(paris.x).toBeLessThan(sydney.x);
    expect(paris.y).toBeLessThan(newYork.y);
    expect(newYork.y).toBeLessThan(sydney.y);
    for (const point of [paris, newYork, sydney, projectPoint(-180, 90), projectPoint(180, -90)]) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(mapWidth);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(mapHeight);
    }
  });
});

describe('the world map', () => {
  it('shows every landmark as a marker with its condition and the day it stays current until', () => {
    const { kind, markers } = worldMapMarkers([
      landmark('tower', 48.86, 2.35, { condition: 'scaffolding', currentUntil: '2026-05-02' }),
      landmark('square', -23.5, -46.6),
    ]) as Extract<ReturnType<typeof worldMapMarkers>, { kind: 'landmarks' }>;
    expect(kind).toBe('landmarks');
    expect(markers).toEqual([
      { ...projectPoint(2.35, 48.86), slug: 'tower', name: 'tower', url: 'https://lcr.test/landmarks/tower', condition: 'scaffolding', from: null, currentUntil: '2026-05-02' },
      { ...projectPoint(-46.6, -23.5), slug: 'square', name: 'square', url: 'https://lcr.test/landmarks/square', condition: null, from: null, currentUntil: null },
    ]);
  });

  it('counts a large catalogue in few cells, each landmark once, so the page stays light', () => {
    const random = seededRandom(7);
    const landmarks = Array.from({ length: 100_000 }, (_, index) =>
      landmark(`l${index}`, random() * 160 - 80, random() * 360 - 180, index % 3 ? undefined : { condition: 'closed', currentUntil: '2026-03-01' }),
    );
    const map = worldMapMarkers(landmarks);
    if (map.kind !== 'cells') throw new Error('expected cells');
    expect(map.cells.length).toBeLessThanOrEqual(maxMapMarkers);
    expect(map.cells.reduce((sum, cell) => sum + cell.landmarkCount, 0)).toBe(landmarks.length);
    expect(map.cells.reduce((sum, cell) => sum + cell.affectedCount, 0)).toBe(Math.ceil(landmarks.length / 3));
  });

  it('draws the smallest cells that fit, and the largest when none do', () => {
    // 6 degrees of longitude apart: two cells of 5 and of 6 degrees, one of 9.
    const close = worldMapMarkers([landmark('west', 1, 1), landmark('east', 1, 7)], 1);
    expect(close).toMatchObject({ kind: 'cells', cellDegrees: 9, cells: [{ landmarkCount: 2 }] });
    const apart = worldMapMarkers([landmark('west', 1, -100), landmark('east', 1, 100)], 1);
    expect(apart).toMatchObject({ kind: 'cells', cellDegrees: 90 });
    if (apart.kind === 'cells') expect(apart.cells.map((cell) => cell.landmarkCount)).toEqual([1, 1]);
  });

  it('keeps a cell standing out until the last of its affected landmarks stops being current', () => {
    const near = (index: number, current?: { condition: Condition; currentUntil: string }) => landmark(`near${index}`, 10.1 + index / 100, 10.1, current);
    const landmarks = [
      near(0, { condition: 'closed', currentUntil: '2026-03-01' }),
      near(1, { condition: 'scaffolding', currentUntil: '2026-09-30' }),
      near(2, { condition: 'open', currentUntil: '2026-12-31' }),
      near(3),
      landmark('far', -40, 170),
    ];
    const map = worldMapMarkers(landmarks, 1);
    if (map.kind !== 'cells') throw new Error('expected cells');
    const [crowded, alone] = [...map.cells].sort((a, b) => b.landmarkCount - a.landmarkCount);
    expect(crowded).toMatchObject({ landmarkCount: 4, affectedCount: 2, condition: 'scaffolding', currentUntil: '2026-09-30' });
    expect(alone).toMatchObject({ landmarkCount: 1, affectedCount: 0, condition: null, currentUntil: null });
  });
});
