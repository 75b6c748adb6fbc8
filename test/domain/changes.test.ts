import { describe, expect, it } from 'vitest';
import { changeOrder, compareChangePositions } from '../../src/domain/changes.ts';
import type { CatalogueReport } from '../../src/schema/api.ts';
import { seededRandom } from '../../scripts/lib/synthetic-content.ts';

/** Reports with only what the feed's order reads; many share a time, as the reports of one commit do. */
function reportsAt(count: number, seed: number): CatalogueReport[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const id = Math.floor(random() * 36 ** 8).toString(36).padStart(8, '0');
    const minute = String(Math.floor(random() * 5)).padStart(2, '0');
    return { id, updatedAt: `2026-11-${random() < 0.5 ? '03' : '27'}T10:${minute}:00Z` } as CatalogueReport;
  });
}

describe("the changes feed's order", () => {
  it('orders reports by update time, then id, whether or not the list is in id order', () => {
    const shuffled = reportsAt(2_000, 3);
    const sorted = [...shuffled].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const reports of [shuffled, sorted]) {
      const expected = [...reports].sort(compareChangePositions);
      expect(changeOrder(reports).map((index) => reports[index])).toEqual(expected);
    }
  });

  it('orders a list in id order whose times span too long to count in one number', () => {
    // Ten thousand years of seconds times 30,000 positions exceed the integers a double holds exactly.
    const reports = reportsAt(30_000, 5)
      .map((report, index) => ({ ...report, updatedAt: index % 3 === 0 ? '0001-01-01T00:00:00Z' : index % 3 === 1 ? '9999-12-31T23:59:59Z' : report.updatedAt }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const expected = [...reports].sort(compareChangePositions);
    expect(changeOrder(reports).map((index) => reports[index])).toEqual(expected);
  });
});
