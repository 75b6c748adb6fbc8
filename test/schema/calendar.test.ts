import { describe, expect, it } from 'vitest';
import { addDays, dayOf, instantOf } from '../../src/schema/calendar.ts';

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

  it('reads every date and date-time as Date.parse does, including the ones it rolls over or refuses', () => {
    const texts = ['2026-03-05', '2026-03-05T23:30:00Z', '2026-02-30', '2026-04-31T10:00:00Z', '2026-13-01', '2026-00-10', '0099-05-01', '0099-05-01T00:00:00Z',
      '2026-03-05T24:00:00Z', '2026-03-05T23:60:00Z', '2026-3-05xx', '2026-03-05T23:30:00+01:00', '2026-03-05T23:30:00.500Z', 'abcd-ef-gh', '2026-03-0a', ''];
    texts.push('0100-03-01', '0399-12-28', '1600-02-28', '1900-02-28T23:59:59Z', '2000-02-28', '2100-03-01T00:00:00Z', '9999-12-28T23:59:59Z');
    for (let instant = Date.UTC(1700, 0, 1); instant < Date.UTC(2300, 0, 1); instant += 7 * 86_400_000 + 3_661_000) {
      texts.push(new Date(instant).toISOString().slice(0, 10));
    }
    for (let instant = Date.UTC(1999, 0, 1); instant < Date.UTC(2031, 0, 1); instant += 86_400_000 + 3_661_000) {
      texts.push(new Date(instant).toISOString().slice(0, 10), new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    }
    const expected = (text: string) => Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
    expect(texts.filter((text) => !Object.is(instantOf(text), expected(text)))).toEqual([]);
  });
});
