import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { buildCatalogue } from '../../src/domain/catalogue.ts';
import { fnv1aOf } from '../../src/domain/buckets.ts';
import { reportColumnsOf } from '../../src/domain/report-columns.ts';
import { instantOf } from '../../src/schema/calendar.ts';

describe("a catalogue's report columns", () => {
  it('hold each report’s id hash and update time, whether the ids ascend, and the newest observation', () => {
    const { reports } = buildCatalogue(syntheticCatalogueInput({ landmarks: 20, reports: 500, seed: 11, realistic: true }), 'https://lcr.test');
    const columns = reportColumnsOf(reports);
    expect(Array.from(columns.idHashes)).toEqual(reports.map(({ id }) => fnv1aOf(id)));
    expect(Array.from(columns.updatedTimes)).toEqual(reports.map(({ updatedAt }) => instantOf(updatedAt)));
    expect(columns.inIdOrder).toBe(true);
    expect(columns.newestObservedAt).toBe([...reports.map(({ observedAt }) => observedAt)].sort().at(-1));
    // Made once per list: the same columns for the same list, others for another.
    expect(reportColumnsOf(reports)).toBe(columns);
    const reversed = [...reports].reverse();
    expect(reportColumnsOf(reversed).inIdOrder).toBe(false);
    expect(Array.from(reportColumnsOf(reversed).idHashes)).toEqual([...columns.idHashes].reverse());
    expect(reportColumnsOf([])).toEqual({ idHashes: new Uint32Array(), updatedTimes: new Float64Array(), inIdOrder: true, newestObservedAt: '' });
  });
});
