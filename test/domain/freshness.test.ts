import { describe, expect, it } from 'vitest';
import { freshnessOf, isCurrentAt, phaseOn } from '../../src/domain/freshness.ts';

describe('freshness of a report', () => {
  it('lasts the condition\'s expiry days after the observation', () => {
    const freshness = freshnessOf({ condition: 'closed', observedAt: '2026-03-01', confirmations: [] });
    expect(freshness).toEqual({ from: '2026-03-01', lastConfirmedAt: '2026-03-01', reportExpiryDays: 14, currentUntil: '2026-03-15' });
  });

  it('is current through the whole last day and not a moment after (UTC)', () => {
    const { currentUntil } = freshnessOf({ condition: 'closed', observedAt: '2026-03-01', confirmations: [] });
    expect(isCurrentAt(currentUntil, new Date('2026-03-15T00:00:00Z'))).toBe(true);
    expect(isCurrentAt(currentUntil, new Date('2026-03-15T23:59:59.999Z'))).toBe(true);
    expect(isCurrentAt(currentUntil, new Date('2026-03-16T00:00:00Z'))).toBe(false);
  });

  it('is extended by the latest confirmation, whatever order confirmations are written in', () => {
    const freshness = freshnessOf({
      condition: 'scaffolding',
      observedAt: '2026-01-10',
      confirmations: [{ date: '2026-02-01' }, { date: '2026-01-20' }],
    });
    expect(freshness.lastConfirmedAt).toBe('2026-02-01');
    expect(freshness.currentUntil).toBe('2026-05-02');
  });

  it('counts from the UTC day of a date-time observation', () => {
    const freshness = freshnessOf({ condition: 'view_obstructed', observedAt: '2026-03-05T23:30:00-05:00', confirmations: [] });
    // 23:30 in New York is already 6 March in UTC.
    expect(freshness.currentUntil).toBe('2026-05-05');
  });

  it('uses the end its source stated instead of the default expiry, even a long one', () => {
    const freshness = freshnessOf({ condition: 'closed', observedAt: '2019-04-15', confirmations: [], until: '2024-12-07' });
    expect(freshness.currentUntil).toBe('2024-12-07');
    expect(freshness.reportExpiryDays).toBe(14);
    expect(isCurrentAt(freshness.currentUntil, new Date('2023-06-01T12:00:00Z'))).toBe(true);
  });

  it('honours a stated end whatever the source: a press report of an announced reopening counts', () => {
    const freshness = freshnessOf({ condition: 'closed', observedAt: '2025-09-22', confirmations: [], until: '2030-12-31' });
    expect(freshness.currentUntil).toBe('2030-12-31');
  });

  it('starts a condition announced ahead on its from day and counts its expiry from then', () => {
    const freshness = freshnessOf({ condition: 'partially_closed', observedAt: '2026-10-01', from: '2027-01-05', confirmations: [] });
    expect(freshness).toMatchObject({ from: '2027-01-05', currentUntil: '2027-02-04' });
    expect(phaseOn({ observedAt: '2026-10-01', ...freshness }, '2026-09-30')).toBe('not_yet_reported');
    expect(phaseOn({ observedAt: '2026-10-01', ...freshness }, '2026-12-01')).toBe('upcoming');
    expect(phaseOn({ observedAt: '2026-10-01', ...freshness }, '2027-01-05')).toBe('in_effect');
    expect(phaseOn({ observedAt: '2026-10-01', ...freshness }, '2027-02-04')).toBe('in_effect');
    expect(phaseOn({ observedAt: '2026-10-01', ...freshness }, '2027-02-05')).toBe('ended');
  });

  it('crosses month and leap-year boundaries by the calendar', () => {
    const freshness = freshnessOf({ condition: 'partially_closed', observedAt: '2028-02-15', confirmations: [] });
    expect(freshness.currentUntil).toBe('2028-03-16');
  });
});
