import { describe, expect, it } from 'vitest';
import {
  lastCompletePeriod,
  periodRange,
  periodUnit,
  previousPeriod,
  sameDatesLastYear,
} from './alert-periods';

const at = (iso: string) => new Date(iso);

describe('alert periods', () => {
  it('judges the last complete day, never today', () => {
    const p = lastCompletePeriod('day', at('2026-11-20T12:00:00Z'), 'UTC', 'monday');
    expect(p).toMatchObject({ key: 'day:2026-11-19', from: '2026-11-19', to: '2026-11-19' });
  });

  it('reads "today" in the user\'s zone', () => {
    // 23:30 UTC on the 19th is already the 20th in Istanbul (UTC+3) but still the 19th in Los Angeles.
    const now = at('2026-11-19T23:30:00Z');
    expect(lastCompletePeriod('day', now, 'Europe/Istanbul', 'monday').key).toBe('day:2026-11-19');
    expect(lastCompletePeriod('day', now, 'America/Los_Angeles', 'monday').key).toBe('day:2026-11-18');
    expect(lastCompletePeriod('day', now, null, 'monday').key).toBe('day:2026-11-18');
  });

  it('weeks start on Monday (or Sunday for a Sunday-week reader) and only a finished week is judged', () => {
    // Friday 20 Nov 2026: the running week began Monday 16th, so the last complete one is 9–15 Nov.
    const monday = lastCompletePeriod('week', at('2026-11-20T12:00:00Z'), 'UTC', 'monday');
    expect(monday).toMatchObject({ key: 'week:2026-11-09', from: '2026-11-09', to: '2026-11-15' });
    const sunday = lastCompletePeriod('week', at('2026-11-20T12:00:00Z'), 'UTC', 'sunday');
    expect(sunday).toMatchObject({ key: 'week:2026-11-08', from: '2026-11-08', to: '2026-11-14' });
    // On a Monday the week just ended is judged.
    expect(lastCompletePeriod('week', at('2026-11-16T00:30:00Z'), 'UTC', 'monday').key).toBe(
      'week:2026-11-09',
    );
    // Sunday evening: the week is still running.
    expect(lastCompletePeriod('week', at('2026-11-15T22:00:00Z'), 'UTC', 'monday').key).toBe(
      'week:2026-11-02',
    );
  });

  it('months: mid-month judges the month before; ends are the real last days', () => {
    const nov = lastCompletePeriod('month', at('2026-11-20T12:00:00Z'), 'UTC', 'monday');
    expect(nov).toMatchObject({
      key: 'month:2026-10-01',
      from: '2026-10-01',
      to: '2026-10-31',
      label: 'October 2026',
    });
    const mar2028 = lastCompletePeriod('month', at('2028-03-01T08:00:00Z'), 'UTC', 'monday');
    expect(mar2028).toMatchObject({ from: '2028-02-01', to: '2028-02-29' });
    const jan = lastCompletePeriod('month', at('2027-01-01T00:00:00Z'), 'UTC', 'monday');
    expect(jan).toMatchObject({ key: 'month:2026-12-01', to: '2026-12-31' });
    // The last evening of a month is still that month for the reader in New York.
    const ny = lastCompletePeriod('month', at('2026-12-01T03:00:00Z'), 'America/New_York', 'monday');
    expect(ny.key).toBe('month:2026-10-01');
  });

  it('crosses daylight-saving changes on calendar dates', () => {
    // Europe switched back on Sun 25 Oct 2026 (a 25-hour day); London at 00:30 on the 26th.
    const p = lastCompletePeriod('day', at('2026-10-26T00:30:00Z'), 'Europe/London', 'monday');
    expect(p.key).toBe('day:2026-10-25');
    // Spring forward is at 01:00 UTC on 29 March: before it London is UTC, the 28th is still running.
    expect(lastCompletePeriod('day', at('2026-03-28T23:30:00Z'), 'Europe/London', 'monday').key).toBe(
      'day:2026-03-27',
    );
    // After the change London is UTC+1: 23:30 UTC on the 29th is the 30th there.
    expect(lastCompletePeriod('day', at('2026-03-29T23:30:00Z'), 'Europe/London', 'monday').key).toBe(
      'day:2026-03-29',
    );
    const week = lastCompletePeriod('week', at('2026-03-30T00:10:00+01:00'), 'Europe/London', 'monday');
    expect(week).toMatchObject({ from: '2026-03-23', to: '2026-03-29' });
  });

  it('quarters and years', () => {
    const q = lastCompletePeriod('quarter', at('2026-11-20T12:00:00Z'), 'UTC', 'monday');
    expect(q).toMatchObject({ key: 'quarter:2026-07-01', to: '2026-09-30', label: 'Q3 2026' });
    const y = lastCompletePeriod('year', at('2026-11-20T12:00:00Z'), 'UTC', 'monday');
    expect(y).toMatchObject({ key: 'year:2025-01-01', to: '2025-12-31' });
  });

  it('maps schedules to units (hourly and on_sync without a grain: a day)', () => {
    const q = { measures: ['revenue'], dimensions: [], filters: [] };
    expect(periodUnit('hourly', q)).toBe('day');
    expect(periodUnit('daily', q)).toBe('day');
    expect(periodUnit('weekly', q)).toBe('week');
    expect(periodUnit('monthly', q)).toBe('month');
    expect(periodUnit('on_sync', q)).toBe('day');
    const byMonth = {
      ...q,
      timeDimension: { field: 'order_date', grain: 'month' as const, range: { kind: 'all' as const } },
    };
    expect(periodUnit('on_sync', byMonth)).toBe('month');
  });

  it("judges the card's own period when it names one, however often it is checked", () => {
    const card = (range: object) => ({
      measures: ['revenue'],
      dimensions: [],
      filters: [],
      timeDimension: { field: 'order_date', range },
    });
    expect(periodUnit('daily', card({ kind: 'last', unit: 'month', n: 1 }) as never)).toBe('month');
    expect(periodUnit('hourly', card({ kind: 'this', unit: 'week' }) as never)).toBe('week');
    // "last 3 months" is no one period: the schedule's unit.
    expect(periodUnit('weekly', card({ kind: 'last', unit: 'month', n: 3 }) as never)).toBe('week');
  });

  it('the period before and a year before', () => {
    const oct = lastCompletePeriod('month', at('2026-11-20T12:00:00Z'), 'UTC', 'monday');
    expect(previousPeriod(oct)).toMatchObject({ from: '2026-09-01', to: '2026-09-30' });
    expect(sameDatesLastYear(oct)).toEqual({ from: '2025-10-01', to: '2025-10-31' });
    const feb = lastCompletePeriod('month', at('2028-03-05T12:00:00Z'), 'UTC', 'monday');
    expect(sameDatesLastYear(feb)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    const week = lastCompletePeriod('week', at('2026-11-20T12:00:00Z'), 'UTC', 'monday');
    expect(previousPeriod(week)).toMatchObject({ from: '2026-11-02', to: '2026-11-08' });
  });

  it('as query ranges the engine compares unit by unit', () => {
    const now = at('2026-11-20T12:00:00Z');
    expect(periodRange(lastCompletePeriod('month', now, 'UTC', 'monday'))).toEqual({
      kind: 'month',
      year: 2026,
      month: 10,
    });
    expect(periodRange(lastCompletePeriod('week', now, 'UTC', 'monday'))).toEqual({
      kind: 'between',
      from: '2026-11-09',
      to: '2026-11-15',
    });
    expect(periodRange(lastCompletePeriod('day', now, 'UTC', 'monday'))).toEqual({
      kind: 'day',
      date: '2026-11-19',
    });
    expect(periodRange(lastCompletePeriod('quarter', now, 'UTC', 'monday'))).toEqual({
      kind: 'quarter',
      year: 2026,
      quarter: 3,
    });
  });
});
