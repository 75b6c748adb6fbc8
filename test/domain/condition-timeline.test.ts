import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextUpcomingOn } from '../../src/domain/condition-timeline.ts';
import { phaseOn } from '../../src/domain/freshness.ts';
import type { StoredCurrentCondition } from '../../src/schema/api.ts';

const day = fc.integer({ min: 0, max: 40 }).map((offset) => new Date(Date.UTC(2027, 0, 1 + offset)).toISOString().slice(0, 10));
const condition = fc.record({ observedAt: day, from: day, currentUntil: day, reportId: fc.string({ minLength: 1, maxLength: 4 }) }).map(
  (fields) => ({ ...fields, condition: 'closed', summary: '', lastConfirmedAt: fields.observedAt, reportExpiryDays: 30, until: null, untilKind: null }) as StoredCurrentCondition,
);

describe('what is announced next on a day', () => {
  it('is the soonest condition upcoming that day, the first of the timeline among those starting the same day', () => {
    fc.assert(
      fc.property(fc.array(condition, { maxLength: 12 }), day, (timeline, on) => {
        const upcoming = timeline.filter((entry) => phaseOn(entry, on) === 'upcoming');
        const soonest = upcoming.find((entry) => upcoming.every((other) => entry.from <= other.from));
        expect(nextUpcomingOn(timeline, on)).toBe(soonest);
      }),
      { numRuns: 2000 },
    );
  });
});
