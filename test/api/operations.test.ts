import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { apiOperations, operationOrder, type OperationId } from '../../src/api/api-operations.ts';
import { buildCatalogue } from '../../src/domain/catalogue.ts';
import { apiDataFiles, dataStoreOverFiles } from '../../src/api/data-products.ts';
import { dataFileText } from '../../src/api/data-products/product.ts';
import type { OperationContext } from '../../src/api/operations/context.ts';
import { runOperation } from '../../src/api/operations/run-operation.ts';
import { seededRandom, syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';

// Every operation, run as the Worker runs it but over the data files held in memory: fast enough
// to test each rule of each operation, beside the workerd tests of the same routes.
const input = syntheticCatalogueInput({ landmarks: 300, reports: 2_000, seed: 7, today: '2026-11-01', announced: 0.1 });
const catalogue = buildCatalogue(input, 'https://lcr.test');
const files = new Map([...apiDataFiles(catalogue, 'https://github.com/example/lcr')].map((file) => [file.sitePath, dataFileText(file)]));
const store = dataStoreOverFiles(async (sitePath) => {
  const text = files.get(sitePath);
  if (text === undefined) throw new Error(`no data file ${sitePath}`);
  return new TextEncoder().encode(text);
});
// A seeded draw: featured picks distinct random landmarks, which a constant would never give.
const context: OperationContext = { store, now: new Date('2026-11-10T12:00:00Z'), random: seededRandom(11) };
const run = <T>(operationId: OperationId, values: Record<string, unknown>) => runOperation(operationId, context, values) as Promise<T>;

type Page<Item> = { pagination: { nextCursor: string | null } } & Record<string, Item[] | unknown>;
async function walk<Item>(operationId: OperationId, key: string, values: Record<string, unknown>): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Item> = await run(operationId, { ...values, ...(cursor ? { cursor } : {}) });
    items.push(...(page[key] as Item[]));
    cursor = page.pagination.nextCursor;
  } while (cursor !== null);
  return items;
}

const landmark = catalogue.landmarks.find((candidate) => candidate.reports.length >= 3)!;
const report = landmark.reports[0]!;

/** One behaviour a client relies on, for every declared operation (a new one without a case fails). */
const cases: Record<OperationId, () => Promise<void>> = {
  async searchLandmarks() {
    const { landmarks } = await run<{ landmarks: { slug: string }[] }>('searchLandmarks', { q: landmark.name });
    expect(landmarks[0]!.slug).toBe(landmark.slug);
  },
  async getLandmark() {
    const detail = await run<{ slug: string; reports: { id: string }[] }>('getLandmark', { slug: landmark.slug });
    expect(detail.slug).toBe(landmark.slug);
    expect(detail.reports.map(({ id }) => id)).toContain(report.id);
  },
  async getLandmarkStatus() {
    const status = await run<{ answer: string; stretches: unknown[] }>('getLandmarkStatus', { slug: landmark.slug, from: '2026-11-01', to: '2026-11-30' });
    expect(['open', 'affected', 'unknown']).toContain(status.answer);
    expect(status.stretches.length).toBeGreaterThan(0);
  },
  async listNearbyLandmarks() {
    const trip = { from: '2026-11-01', to: '2026-11-30' };
    const nearby = await walk<{ landmark: { slug: string }; distanceKm: number; answer: string; stretches: unknown[] }>('listNearbyLandmarks', 'landmarks', { near: landmark.slug, radius: 200, limit: 3, ...trip });
    expect(nearby[0]).toMatchObject({ landmark: { slug: landmark.slug }, distanceKm: 0 });
    for (const entry of nearby) {
      const status = await run<{ answer: string; stretches: { from: string; answer: string }[] }>('getLandmarkStatus', { slug: entry.landmark.slug, ...trip });
      expect(entry.answer).toBe(status.answer);
      expect(entry.stretches.length).toBe(status.stretches.length);
    }
  },
  async listLandmarkReports() {
    const reports = await walk<{ id: string }>('listLandmarkReports', 'reports', { slug: landmark.slug, limit: 2 });
    expect(reports.map(({ id }) => id).sort()).toEqual(landmark.reports.map(({ id }) => id).sort());
  },
  async getReport() {
    const answer = await run<{ id: string; landmark: { slug: string } }>('getReport', { id: report.id });
    expect(answer).toMatchObject({ id: report.id, landmark: { slug: landmark.slug } });
  },
  async listLandmarks() {
    const landmarks = await walk<{ slug: string }>('listLandmarks', 'landmarks', { limit: 37 });
    expect(landmarks.map(({ slug }) => slug)).toEqual(catalogue.landmarks.map(({ slug }) => slug));
  },
  async getChanges() {
    const changes = await walk<{ id: string }>('getChanges', 'changes', { updated_since: '2000-01-01', limit: 250 });
    expect(new Set(changes.map(({ id }) => id)).size).toBe(catalogue.reports.length);
  },
  async getFeaturedLandmarks() {
    const featured = await run<{ popular: unknown[]; random: { slug: string }[] }>('getFeaturedLandmarks', {});
    expect(featured.popular).toHaveLength(50);
    expect(new Set(featured.random.map(({ slug }) => slug)).size).toBe(featured.random.length);
  },
  async listLandmarksToRecheck() {
    const entries = await walk<{ slug: string; lastReport: { isCurrent: boolean } | null }>('listLandmarksToRecheck', 'landmarks', { limit: 20 });
    const day = '2026-11-10';
    const stale = catalogue.landmarks.filter((candidate) => !candidate.reports.some((stored) => stored.from <= day && day <= stored.currentUntil));
    expect(entries.map(({ slug }) => slug).sort()).toEqual(stale.map(({ slug }) => slug).sort());
    expect(entries.every(({ lastReport }) => lastReport === null || !lastReport.isCurrent)).toBe(true);
  },
};

describe('every operation over an in-memory store', () => {
  it('has a case here', () => {
    expect(Object.keys(cases).sort()).toEqual([...operationOrder].sort());
  });
  for (const operationId of operationOrder) {
    it(`${operationId} answers what its declaration promises`, async () => {
      await cases[operationId]();
    });
    const mistake = apiOperations[operationId].exampleMistake;
    if (mistake) {
      it(`${operationId} refuses its typical mistake with a 400 or 404 that says what to fix`, async () => {
        const refused = await runOperation(operationId, context, mistake).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(ApiError);
        expect([400, 404]).toContain((refused as ApiError).status);
        expect((refused as ApiError).message.length).toBeGreaterThan(20);
      });
    }
  }
});
