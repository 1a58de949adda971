/**
 * The periods an alert judges (issue 34): always the last *complete* period in the user's zone,
 * never the running one, so a partial day, week or month can never fire. Pure calendar arithmetic
 * on the engine's dates (startOfUnit / addUnits), weeks starting as the engine starts them.
 */
import type { AlertSchedule, TDateRange, TSemanticQuery } from '@parley/contract';
import { addDays, addUnits, MONTH_NAMES, startOfUnit, type TWeekStart } from '@parley/engine';
import { dateIn } from '../../lib/time';
import type { AlertPeriod } from './alert-check';

/** The calendar units a period can be: the engine's finest grain is the day (its data has no hours). */
export type AlertPeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** A judged period with its unit: what the query's range and the forecast's grain are built from. */
export interface ResolvedAlertPeriod extends AlertPeriod {
  unit: AlertPeriodUnit;
}

/** The unit the card itself speaks of: "last month", "this week" (a half is judged as its quarter's months: none). */
function cardUnit(range: TDateRange | undefined): AlertPeriodUnit | null {
  if (!range || (range.kind !== 'last' && range.kind !== 'this' && range.kind !== 'to_date')) return null;
  if (range.kind === 'last' && range.n !== 1) return null;
  return range.unit === 'half' ? null : range.unit;
}

/**
 * The unit an alert judges: the card's own ("revenue last month" judges the last complete month,
 * however often it is checked), else the schedule's. Hourly re-checks the last complete day every
 * hour (data is dated by day, so an hour is not a period the engine can read); on_sync judges the
 * card's grain, else a day.
 */
export function periodUnit(schedule: AlertSchedule, query: TSemanticQuery): AlertPeriodUnit {
  const own = cardUnit(query.timeDimension?.range);
  if (own) return own;
  switch (schedule) {
    case 'hourly':
    case 'daily':
      return 'day';
    case 'weekly':
      return 'week';
    case 'monthly':
      return 'month';
    case 'on_sync':
      return query.timeDimension?.grain ?? 'day';
    default: {
      const never: never = schedule;
      throw new Error(`unknown schedule ${String(never)}`);
    }
  }
}

/** How a notice names a period ("week of 2026-11-09", "October 2026"). */
function labelOf(unit: AlertPeriodUnit, from: string): string {
  const year = from.slice(0, 4);
  const month = Number(from.slice(5, 7));
  switch (unit) {
    case 'day':
      return from;
    case 'week':
      return `week of ${from}`;
    case 'month':
      return `${MONTH_NAMES[month - 1]} ${year}`;
    case 'quarter':
      return `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
    case 'year':
      return year;
  }
}

/** The period of `unit` that starts on `from` (a unit start). */
export function periodStarting(unit: AlertPeriodUnit, from: string): ResolvedAlertPeriod {
  return {
    unit,
    key: `${unit}:${from}`,
    from,
    to: addDays(addUnits(from, unit, 1), -1),
    label: labelOf(unit, from),
  };
}

/**
 * The last complete period of `unit` at `now` in `timeZone` (null: UTC): the one that ended before
 * the user's current day, week, month… began. Its key (`week:2026-11-09`) is stable for claims.
 */
export function lastCompletePeriod(
  unit: AlertPeriodUnit,
  now: Date,
  timeZone: string | null,
  weekStart: TWeekStart,
): ResolvedAlertPeriod {
  const today = dateIn(timeZone, now);
  const running = startOfUnit(today, unit, weekStart);
  return periodStarting(unit, addUnits(running, unit, -1));
}

/** The period before `period` (same unit): what previous_period compares with. */
export function previousPeriod(period: ResolvedAlertPeriod): ResolvedAlertPeriod {
  return periodStarting(period.unit, addUnits(period.from, period.unit, -1));
}

/**
 * The dates a year before, as the engine's previous_year shifts them (12 calendar months, so a
 * week a year ago is the same dates, not the same weekdays).
 */
export function sameDatesLastYear(period: ResolvedAlertPeriod): { from: string; to: string } {
  const to = addUnits(addDays(period.to, 1), 'year', -1);
  return { from: addUnits(period.from, 'year', -1), to: addDays(to, -1) };
}

/**
 * The period as a query range the engine's comparisons shift by the same unit: a month as a month
 * (previous_period = the month before, not the 31 days before), a week as its seven dates.
 */
export function periodRange(period: ResolvedAlertPeriod): TDateRange {
  const year = Number(period.from.slice(0, 4));
  const month = Number(period.from.slice(5, 7));
  switch (period.unit) {
    case 'day':
      return { kind: 'day', date: period.from };
    case 'week':
      return { kind: 'between', from: period.from, to: period.to };
    case 'month':
      return { kind: 'month', year, month };
    case 'quarter':
      return { kind: 'quarter', year, quarter: Math.floor((month - 1) / 3) + 1 };
    case 'year':
      return { kind: 'year', year };
  }
}
