import { describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../src/schema/calendar.ts';

describe('calendar arithmetic', () => {
  it('crosses month ends, year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('agrees with the date-time library on every day from 1900 to 2200', () => {
    const dayInMs = 86_400_000;
    const mismatches: string[] = [];
    for (let instant = Date.UTC(1900, 0, 1); instant < Date.UTC(2200, 0, 1); instant += dayInMs) {
      const day = new Date(instant).toISOString().slice(0, 10);
      const expected = new Date(instant + 90 * dayInMs).toISOString().slice(0, 10);
      if (addDays(day, 90) !== expected) mismatches.push(`${day} + 90 = ${addDays(day, 90)}, expected ${expected}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('takes the UTC day of a date-time with an offset', () => {
    expect(dayOf('2026-03-05T23:30:00-05:00')).toBe('2026-03-06');
    expect(dayOf('2026-03-06T00:30:00+01:00')).toBe('2026-03-05');
    expect(dayOf('2026-03-05')).toBe('2026-03-05');
  });
});
