import { describe, expect, it } from 'vitest';
import { instantAt, localDate } from '../../lib/time';
import { isDigestDay, latestSlot, nextSlot, periodKey } from './digest-schedule';

const iso = (d: Date) => d.toISOString();

describe('digest slots', () => {
  it('finds 09:00 local on both sides of a daylight-saving change', () => {
    // Europe/London leaves summer time on Sunday 25 October 2026 at 02:00.
    expect(iso(instantAt('2026-10-24', 9, 'Europe/London'))).toBe('2026-10-24T08:00:00.000Z');
    expect(iso(instantAt('2026-10-25', 9, 'Europe/London'))).toBe('2026-10-25T09:00:00.000Z');
    // America/New_York enters summer time on Sunday 8 March 2026.
    expect(iso(instantAt('2026-03-07', 9, 'America/New_York'))).toBe('2026-03-07T14:00:00.000Z');
    expect(iso(instantAt('2026-03-08', 9, 'America/New_York'))).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(instantAt('2026-06-01', 9, 'Asia/Kathmandu'))).toBe('2026-06-01T03:15:00.000Z');
    expect(iso(instantAt('2026-06-01', 9, 'Not/AZone'))).toBe('2026-06-01T09:00:00.000Z');
  });

  it('plans daily slots across the change at 09:00 local', () => {
    const first = nextSlot('daily', new Date('2026-10-24T08:30:00Z'), 'Europe/London', 'monday');
    expect(first).toEqual({ at: new Date('2026-10-25T09:00:00Z'), date: '2026-10-25' });
    const before = nextSlot('daily', new Date('2026-10-24T07:59:00Z'), 'Europe/London', 'monday');
    expect(before).toEqual({ at: new Date('2026-10-24T08:00:00Z'), date: '2026-10-24' });
  });

  it('puts weekly slots on the first day of the user’s week, monthly ones on day 1', () => {
    const after = new Date('2026-11-20T12:00:00Z'); // a Friday
    expect(nextSlot('weekly', after, 'Europe/London', 'monday').date).toBe('2026-11-23');
    expect(nextSlot('weekly', after, 'America/New_York', 'sunday').date).toBe('2026-11-22');
    expect(nextSlot('monthly', after, 'Europe/Istanbul', 'monday')).toEqual({
      at: new Date('2026-12-01T06:00:00Z'),
      date: '2026-12-01',
    });
    expect(isDigestDay('weekly', '2026-11-23', 'monday')).toBe(true);
    expect(isDigestDay('weekly', '2026-11-23', 'sunday')).toBe(false);
  });

  it('names the period of the latest slot, in the owner’s calendar', () => {
    const late = new Date('2026-11-20T23:30:00Z'); // already Saturday in Istanbul
    expect(localDate(late, 'Europe/Istanbul')).toBe('2026-11-21');
    // 02:30 on Saturday there: Saturday's 09:00 has not come yet, the period is Friday's.
    const daily = latestSlot('daily', late, 'Europe/Istanbul', 'monday');
    expect(periodKey('daily', daily.date)).toBe('day:2026-11-20');
    expect(latestSlot('daily', new Date('2026-11-21T06:00:00Z'), 'Europe/Istanbul', 'monday').date).toBe(
      '2026-11-21',
    );
    const weekly = latestSlot('weekly', late, 'Europe/Istanbul', 'monday');
    expect(periodKey('weekly', weekly.date)).toBe('week:2026-11-16');
    const monthly = latestSlot('monthly', late, 'Europe/Istanbul', 'monday');
    expect(periodKey('monthly', monthly.date)).toBe('month:2026-11');
  });
});
