import { describe, expect, it } from 'vitest';
import { resolveComparison, resolveRange } from './date-range';

const r = (
  range: Parameters<typeof resolveRange>[0],
  today = '2026-11-20',
  ws: 'monday' | 'sunday' = 'monday',
) => resolveRange(range, today, ws);

describe('resolveRange (DESIGN §6 CONTRACT)', () => {
  it('last N days excludes today; yesterday is last 1 day', () => {
    expect(r({ kind: 'last', unit: 'day', n: 7 })).toEqual({ from: '2026-11-13', to: '2026-11-19' });
    expect(r({ kind: 'last', unit: 'day', n: 1 }, '2026-01-01')).toEqual({
      from: '2025-12-31',
      to: '2025-12-31',
    });
  });
  it('weeks start Monday (en-GB, tr) or Sunday (en-US)', () => {
    // 2026-11-20 is a Friday.
    expect(r({ kind: 'this', unit: 'week' })).toEqual({ from: '2026-11-16', to: '2026-11-20' });
    expect(r({ kind: 'this', unit: 'week' }, '2026-11-20', 'sunday')).toEqual({
      from: '2026-11-15',
      to: '2026-11-20',
    });
    expect(r({ kind: 'last', unit: 'week', n: 1 })).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(r({ kind: 'last', unit: 'week', n: 1 }, '2026-11-20', 'sunday')).toEqual({
      from: '2026-11-08',
      to: '2026-11-14',
    });
    // On a Sunday a Monday week is nearly over; a Sunday week has just begun.
    expect(r({ kind: 'this', unit: 'week' }, '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(r({ kind: 'this', unit: 'week' }, '2026-11-22', 'sunday')).toEqual({
      from: '2026-11-22',
      to: '2026-11-22',
    });
  });
  it('crosses year boundaries', () => {
    expect(r({ kind: 'last', unit: 'month', n: 1 }, '2026-01-15')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(r({ kind: 'last', unit: 'quarter', n: 1 }, '2026-02-01')).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(r({ kind: 'last', unit: 'week', n: 1 }, '2026-01-02')).toEqual({
      from: '2025-12-22',
      to: '2025-12-28',
    });
    expect(r({ kind: 'last', unit: 'month', n: 3 }, '2026-02-10')).toEqual({
      from: '2025-11-01',
      to: '2026-01-31',
    });
  });
  it('handles leap years', () => {
    expect(r({ kind: 'month', year: 2024, month: 2 })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(r({ kind: 'last', unit: 'month', n: 1 }, '2024-03-10')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(r({ kind: 'last', unit: 'day', n: 1 }, '2024-03-01')).toEqual({
      from: '2024-02-29',
      to: '2024-02-29',
    });
  });
  it('periods, halves, quarters and to-date ranges', () => {
    expect(r({ kind: 'this', unit: 'month' })).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(r({ kind: 'to_date', unit: 'year' })).toEqual({ from: '2026-01-01', to: '2026-11-20' });
    expect(r({ kind: 'to_date', unit: 'half' })).toEqual({ from: '2026-07-01', to: '2026-11-20' });
    expect(r({ kind: 'half', half: 1 })).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(r({ kind: 'half', half: 2, year: 2025 })).toEqual({ from: '2025-07-01', to: '2025-12-31' });
    expect(r({ kind: 'last', unit: 'half', n: 1 })).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(r({ kind: 'quarter', year: 2025, quarter: 4 })).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(r({ kind: 'last', unit: 'year', n: 2 })).toEqual({ from: '2024-01-01', to: '2025-12-31' });
    expect(r({ kind: 'between', from: '2025-05-01', to: '2025-03-01' })).toEqual({
      from: '2025-03-01',
      to: '2025-05-01',
    });
    expect(r({ kind: 'all' })).toBeNull();
  });
});

describe('resolveComparison', () => {
  const c = (
    range: Parameters<typeof resolveRange>[0],
    compare: Parameters<typeof resolveComparison>[1],
    today = '2026-11-20',
  ) => resolveComparison(range, compare, today, 'monday');
  it('previous period is the same kind of period before', () => {
    expect(c({ kind: 'last', unit: 'month', n: 1 }, 'previous_period')).toMatchObject({
      from: '2026-09-01',
      to: '2026-09-30',
    });
    expect(c({ kind: 'last', unit: 'month', n: 3 }, 'previous_period')).toMatchObject({
      from: '2026-05-01',
      to: '2026-07-31',
    });
    expect(c({ kind: 'last', unit: 'day', n: 30 }, 'previous_period')).toMatchObject({
      from: '2026-09-21',
      to: '2026-10-20',
    });
    expect(c({ kind: 'quarter', year: 2026, quarter: 1 }, 'previous_period')).toMatchObject({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(c({ kind: 'last', unit: 'week', n: 1 }, 'previous_period')).toMatchObject({
      from: '2026-11-02',
      to: '2026-11-08',
    });
    expect(c({ kind: 'between', from: '2026-03-01', to: '2026-03-10' }, 'previous_period')).toMatchObject({
      from: '2026-02-19',
      to: '2026-02-28',
    });
    // A month in progress is compared with the same days of the previous month.
    expect(c({ kind: 'this', unit: 'month' }, 'previous_period')).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-20',
    });
    expect(c({ kind: 'month', year: 2024, month: 3 }, 'previous_period')).toMatchObject({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });
  it('previous year keeps the dates, clamping 29 February', () => {
    expect(c({ kind: 'month', year: 2024, month: 2 }, 'previous_year')).toMatchObject({
      from: '2023-02-01',
      to: '2023-02-28',
    });
    expect(c({ kind: 'day', date: '2024-02-29' }, 'previous_year')).toMatchObject({
      from: '2023-02-28',
      to: '2023-02-28',
    });
    expect(c({ kind: 'to_date', unit: 'year' }, 'previous_year')).toMatchObject({
      from: '2025-01-01',
      to: '2025-11-20',
      shift: { unit: 'month', n: 12 },
    });
  });
  it('vs last week / day', () => {
    expect(c({ kind: 'this', unit: 'day' }, 'previous_day')).toMatchObject({
      from: '2026-11-19',
      to: '2026-11-19',
    });
    expect(c({ kind: 'this', unit: 'week' }, 'previous_week')).toMatchObject({
      from: '2026-11-09',
      to: '2026-11-13',
    });
  });
  it('is null over all data', () => {
    expect(c({ kind: 'all' }, 'previous_year')).toBeNull();
  });
});
