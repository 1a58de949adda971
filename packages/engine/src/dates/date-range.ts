/**
 * Date-range arithmetic of DESIGN §6 (CONTRACT): resolving a TDateRange to inclusive ISO
 * dates given the user's "today" and week start, and the comparison period before it.
 * All arithmetic is on calendar dates (UTC), never on wall-clock time.
 */
import type { TComparison, TDateRange, TDateUnit } from '@parley/contract';
import { assertNever } from '../util';

export type TWeekStart = 'monday' | 'sunday';

/** Inclusive ISO dates. */
export interface TResolvedRange {
  from: string;
  to: string;
}

/** How far back a comparison period sits, so time buckets can be aligned with the current one. */
export interface TPeriodShift {
  unit: 'day' | 'month';
  n: number;
}

export interface TComparisonPeriod extends TResolvedRange {
  shift: TPeriodShift;
}

const DAY_MS = 86_400_000;

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && toIso(d) === value;
}

function toDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function toIso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, n: number): string {
  return toIso(new Date(toDate(iso).getTime() + n * DAY_MS));
}

/** Adds calendar months, clamping the day (Mar 31 − 1 month = Feb 28/29). */
export function addMonths(iso: string, n: number): string {
  const d = toDate(iso);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const target = new Date(Date.UTC(y, m, 1));
  const last = daysInMonth(target.getUTCFullYear(), target.getUTCMonth() + 1);
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return toIso(target);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);
}

function isMonthEnd(iso: string): boolean {
  return addDays(iso, 1).endsWith('-01');
}

function ymd(iso: string): { y: number; m: number; d: number } {
  return { y: Number(iso.slice(0, 4)), m: Number(iso.slice(5, 7)), d: Number(iso.slice(8, 10)) };
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const MONTHS_PER_UNIT: Record<Exclude<TDateUnit, 'day' | 'week'>, number> = {
  month: 1,
  quarter: 3,
  half: 6,
  year: 12,
};

/** First day of the unit containing `date`; weeks start on `weekStart`. */
export function startOfUnit(date: string, unit: TDateUnit, weekStart: TWeekStart): string {
  const { y, m } = ymd(date);
  switch (unit) {
    case 'day':
      return date;
    case 'week': {
      const dow = toDate(date).getUTCDay(); // 0 = Sunday
      const back = weekStart === 'monday' ? (dow + 6) % 7 : dow;
      return addDays(date, -back);
    }
    case 'month':
      return iso(y, m, 1);
    case 'quarter':
      return iso(y, Math.floor((m - 1) / 3) * 3 + 1, 1);
    case 'half':
      return iso(y, m <= 6 ? 1 : 7, 1);
    case 'year':
      return iso(y, 1, 1);
    default:
      return assertNever(unit);
  }
}

/** Moves a date by n units (weeks = 7 days, months clamp). */
export function addUnits(date: string, unit: TDateUnit, n: number): string {
  switch (unit) {
    case 'day':
      return addDays(date, n);
    case 'week':
      return addDays(date, 7 * n);
    default:
      return addMonths(date, MONTHS_PER_UNIT[unit] * n);
  }
}

/** The inclusive dates of a range, or null for the whole data range. */
export function resolveRange(range: TDateRange, today: string, weekStart: TWeekStart): TResolvedRange | null {
  switch (range.kind) {
    case 'all':
      return null;
    case 'this':
    case 'to_date':
      return { from: startOfUnit(today, range.unit, weekStart), to: today };
    case 'last': {
      const currentStart = startOfUnit(today, range.unit, weekStart);
      return { from: addUnits(currentStart, range.unit, -range.n), to: addDays(currentStart, -1) };
    }
    case 'half': {
      const y = range.year ?? ymd(today).y;
      return range.half === 1
        ? { from: iso(y, 1, 1), to: iso(y, 6, 30) }
        : { from: iso(y, 7, 1), to: iso(y, 12, 31) };
    }
    case 'year':
      return { from: iso(range.year, 1, 1), to: iso(range.year, 12, 31) };
    case 'quarter': {
      const m = (range.quarter - 1) * 3 + 1;
      return { from: iso(range.year, m, 1), to: iso(range.year, m + 2, daysInMonth(range.year, m + 2)) };
    }
    case 'month':
      return {
        from: iso(range.year, range.month, 1),
        to: iso(range.year, range.month, daysInMonth(range.year, range.month)),
      };
    case 'day':
      return { from: range.date, to: range.date };
    case 'between':
      return range.from <= range.to ? { from: range.from, to: range.to } : { from: range.to, to: range.from };
    default:
      return assertNever(range);
  }
}

function shiftBack(r: TResolvedRange, shift: TPeriodShift): TComparisonPeriod {
  if (shift.unit === 'day') return { from: addDays(r.from, -shift.n), to: addDays(r.to, -shift.n), shift };
  // A range ending on a month end keeps ending on one (Feb 29 → Jan 31, not Jan 29).
  const to = isMonthEnd(r.to)
    ? addDays(addMonths(addDays(r.to, 1), -shift.n), -1)
    : addMonths(r.to, -shift.n);
  return { from: addMonths(r.from, -shift.n), to, shift };
}

function unitShift(unit: TDateUnit, n: number): TPeriodShift {
  switch (unit) {
    case 'day':
      return { unit: 'day', n };
    case 'week':
      return { unit: 'day', n: 7 * n };
    default:
      return { unit: 'month', n: MONTHS_PER_UNIT[unit] * n };
  }
}

/**
 * The period a comparison compares with (DESIGN §6): previous period = the same kind of
 * period immediately before; previous year = the same dates a year earlier. A period still
 * in progress (this month, year to date) is compared with the same stretch of the one before.
 */
export function resolveComparison(
  range: TDateRange,
  compare: TComparison,
  today: string,
  weekStart: TWeekStart,
): TComparisonPeriod | null {
  const current = resolveRange(range, today, weekStart);
  if (!current) return null;
  switch (compare) {
    case 'previous_year':
      return shiftBack(current, { unit: 'month', n: 12 });
    case 'previous_quarter':
      return shiftBack(current, { unit: 'month', n: 3 });
    case 'previous_month':
      return shiftBack(current, { unit: 'month', n: 1 });
    case 'previous_week':
      return shiftBack(current, { unit: 'day', n: 7 });
    case 'previous_day':
      return shiftBack(current, { unit: 'day', n: 1 });
    case 'previous_period':
      return shiftBack(current, previousPeriodShift(range, current));
    default:
      return assertNever(compare);
  }
}

function previousPeriodShift(range: TDateRange, current: TResolvedRange): TPeriodShift {
  switch (range.kind) {
    case 'this':
    case 'to_date':
      return unitShift(range.unit, 1);
    case 'last':
      return unitShift(range.unit, range.n);
    case 'half':
      return unitShift('half', 1);
    case 'year':
      return unitShift('year', 1);
    case 'quarter':
      return unitShift('quarter', 1);
    case 'month':
      return unitShift('month', 1);
    case 'day':
      return unitShift('day', 1);
    case 'between':
    case 'all':
      return { unit: 'day', n: daysBetween(current.from, current.to) + 1 };
    default:
      return assertNever(range);
  }
}

/** English month names, January first (labels, the alerts' period names). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const UNIT_ADJECTIVE: Record<TDateUnit, string> = {
  day: 'today',
  week: 'this week',
  month: 'this month',
  quarter: 'this quarter',
  half: 'this half',
  year: 'this year',
};

/** Human words for a range, as the user would say it ("last 3 months", "Q2 2025"). */
export function describeRange(range: TDateRange): string {
  switch (range.kind) {
    case 'all':
      return 'all time';
    case 'this':
      return UNIT_ADJECTIVE[range.unit];
    case 'to_date':
      return `${range.unit} to date`;
    case 'last':
      if (range.unit === 'day' && range.n === 1) return 'yesterday';
      return range.n === 1 ? `last ${range.unit}` : `last ${range.n} ${range.unit}s`;
    case 'half':
      return `${range.half === 1 ? 'first' : 'second'} half${range.year ? ` of ${range.year}` : ''}`;
    case 'year':
      return String(range.year);
    case 'quarter':
      return `Q${range.quarter} ${range.year}`;
    case 'month':
      return `${MONTH_NAMES[range.month - 1]} ${range.year}`;
    case 'day':
      return range.date;
    case 'between':
      return `${range.from} to ${range.to}`;
    default:
      return assertNever(range);
  }
}

/**
 * The comparison period in words. With the range it compares, "the previous period" says which
 * one: "this year vs last year", "last month vs the month before", "2025 vs 2024".
 */
export function describeComparison(compare: TComparison, range?: TDateRange): string {
  switch (compare) {
    case 'previous_period':
      return range ? previousPeriodWords(range) : 'the previous period';
    case 'previous_year':
      return 'the previous year';
    case 'previous_day':
      return 'the day before';
    case 'previous_week':
      return 'the week before';
    case 'previous_month':
      return 'the month before';
    case 'previous_quarter':
      return 'the quarter before';
    default:
      return assertNever(compare);
  }
}

function previousPeriodWords(range: TDateRange): string {
  switch (range.kind) {
    case 'this':
    case 'to_date':
      return range.unit === 'day' ? 'yesterday' : `last ${range.unit}`;
    case 'last':
      return range.n === 1 ? `the ${range.unit} before` : `the ${range.n} ${range.unit}s before`;
    case 'year':
      return String(range.year - 1);
    case 'quarter':
      return range.quarter === 1 ? `Q4 ${range.year - 1}` : `Q${range.quarter - 1} ${range.year}`;
    case 'month':
      return range.month === 1
        ? `${MONTH_NAMES[11]} ${range.year - 1}`
        : `${MONTH_NAMES[range.month - 2]} ${range.year}`;
    default:
      return 'the previous period';
  }
}

export function getMonthNames(): readonly string[] {
  return MONTH_NAMES;
}
