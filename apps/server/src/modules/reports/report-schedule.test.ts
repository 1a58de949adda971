import { describe, expect, it } from 'vitest';
import { isReportMonth, latestReportSlot, nextReportSlot, reportPeriodKey } from './report-schedule';

describe('report schedule (09:00 local, day 1 of each period)', () => {
  it('starts periods in the right months', () => {
    const months = (f: Parameters<typeof isReportMonth>[0]) =>
      Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => isReportMonth(f, m));
    expect(months('monthly')).toHaveLength(12);
    expect(months('bi-monthly')).toEqual([1, 3, 5, 7, 9, 11]);
    expect(months('quarterly')).toEqual([1, 4, 7, 10]);
  });

  it('finds the next slot at 09:00 in the zone, across daylight saving', () => {
    // 1 December: GMT, so 09:00 London is 09:00Z; 1 April: BST, so 08:00Z.
    expect(
      nextReportSlot('monthly', new Date('2026-11-20T12:00:00Z'), 'Europe/London').at.toISOString(),
    ).toBe('2026-12-01T09:00:00.000Z');
    expect(nextReportSlot('quarterly', new Date('2027-01-01T09:00:00Z'), 'Europe/London')).toEqual({
      at: new Date('2027-04-01T08:00:00.000Z'),
      date: '2027-04-01',
    });
    expect(
      nextReportSlot('bi-monthly', new Date('2026-11-20T12:00:00Z'), 'Europe/Istanbul').at.toISOString(),
    ).toBe('2027-01-01T06:00:00.000Z');
  });

  it('names the period a late run belongs to', () => {
    const late = latestReportSlot('quarterly', new Date('2026-11-20T12:00:00Z'), 'UTC');
    expect(late.date).toBe('2026-10-01');
    expect(reportPeriodKey('quarterly', late.date)).toBe('quarterly:2026-10');
    // Before 09:00 on day 1 the period is still the previous one.
    expect(latestReportSlot('monthly', new Date('2026-12-01T08:59:00Z'), 'UTC').date).toBe('2026-11-01');
  });
});
