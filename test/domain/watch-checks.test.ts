import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../scripts/lib/synthetic-content.ts';
import { checksRecordedAgain, recordsOfChecks, watchChecksOf } from '../../src/domain/watch-checks.ts';
import type { SourceCheck } from '../../src/schema/watch-checks.ts';
import { watchEntryOf, type WatchSource } from '../../src/schema/watch-sources.ts';

/** A watch list of every method, in a fixed order: the order the published checks follow. */
const watch: WatchSource[] = [
  { nps: { parkCode: 'grca' } },
  { wikidata: {} },
  { ical: { url: 'https://example.org/hours.ics' } },
  { feed: { url: 'https://example.org/news.xml', match: ['closed'] } },
  { jsonld: { url: 'https://example.org/visit' } },
];
const keys = watch.map((source) => watchEntryOf(source).key);

/** Records of some of the sources (and now and then of one the list does not watch), as a run of the watch leaves them. */
function recordsOf(next: () => number, day: number): Record<string, SourceCheck> {
  const records: Record<string, SourceCheck> = {};
  for (const key of [...keys, 'ical:https://example.org/old.ics']) {
    if (next() < (key.includes('old') ? 0.1 : 0.7)) {
      const at = `2026-12-${String(day).padStart(2, '0')}T06:00:00Z`;
      const failed = next() < 0.2;
      records[key] = {
        method: key.split(':')[0] as SourceCheck['method'],
        url: `https://example.org/read/${key}`,
        checkedAt: at,
        outcome: failed ? 'failed' : next() < 0.5 ? 'ok' : 'empty',
        items: Math.floor(next() * 3),
        ...(next() < 0.8 ? { lastSuccessAt: at } : {}),
        ...(failed ? { error: 'HTTP 503' } : {}),
        ...(next() < 0.4 ? { closures: [['2026-12-24', '2026-12-26']] as [string, string][] } : {}),
      };
    }
  }
  return records;
}

describe("a landmark's checks taken again from new records", () => {
  it('are what its watch list joined with the records gives, or undefined when a record names a source it had no check of', () => {
    const next = seededRandom(7);
    let [taken, declined] = [0, 0];
    for (let round = 0; round < 2_000; round++) {
      const before = watchChecksOf(watch, recordsOf(next, 1));
      const records = recordsOf(next, 2);
      const again = checksRecordedAgain(before, records);
      const newSource = Object.keys(records).some((key) => !before.some((check) => check.source === key));
      if (again === undefined) {
        declined++;
        expect(newSource).toBe(true);
      } else {
        taken++;
        expect(again).toEqual(watchChecksOf(watch, records));
      }
    }
    // Both ways are exercised.
    expect(taken).toBeGreaterThan(200);
    expect(declined).toBeGreaterThan(200);
  });

  it('leave out a source whose record is gone, and keep the watch list order', () => {
    const records = recordsOf(() => 0.5, 3);
    const before = watchChecksOf(watch, records);
    expect(before.map((check) => check.source)).toEqual(keys);
    const { [keys[1]!]: _gone, ...rest } = records;
    expect(checksRecordedAgain(before, rest)?.map((check) => check.source)).toEqual([keys[0], keys[2], keys[3], keys[4]]);
    expect(checksRecordedAgain(before, undefined)).toEqual([]);
  });
});

describe("a landmark's records taken back from its published checks", () => {
  it('give, with the same watch list, the same checks written byte for byte', () => {
    const next = seededRandom(11);
    for (let round = 0; round < 2_000; round++) {
      // A watch list of some of the sources, as a landmark's file gives it.
      const watched = watch.filter(() => next() < 0.7);
      const published = watchChecksOf(watched, recordsOf(next, 1 + (round % 28)));
      expect(JSON.stringify(watchChecksOf(watched, recordsOfChecks(published)))).toBe(JSON.stringify(published));
    }
  });

  it('keep what the record said when a value was left out: no last success, no error, no closures', () => {
    const [published] = watchChecksOf([{ wikidata: {} }], { wikidata: { method: 'wikidata', url: 'https://example.org/q', checkedAt: '2026-12-01T06:00:00Z', outcome: 'failed', items: 0 } });
    expect(recordsOfChecks([published!])).toEqual({ wikidata: { method: 'wikidata', url: 'https://example.org/q', checkedAt: '2026-12-01T06:00:00Z', outcome: 'failed', items: 0, closures: [] } });
  });
});
