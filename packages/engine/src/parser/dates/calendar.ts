/** Calendar arithmetic the date grammar's steps share, whatever the language. */
import type { TComparison, TDateRange, TDateUnit } from '@parley/contract';
import { addDays, daysInMonth, isIsoDate } from '../../dates/date-range';

export const pad = (n: number): string => String(n).padStart(2, '0');

/** An ISO day, or null when the numbers are not a valid date. */
export function makeDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  return isIsoDate(iso) ? iso : null;
}

/** The latest occurrence of a month on or before today (a bare "March"). */
export function recentYearForMonth(month: number, today: string): number {
  const y = Number(today.slice(0, 4));
  return month <= Number(today.slice(5, 7)) ? y : y - 1;
}

/** The comparison "vs the previous <unit>" names, against a range of `rangeUnit`. */
export function compareForUnit(unit: TDateUnit, rangeUnit: TDateUnit | null): TComparison {
  if (unit === rangeUnit) return 'previous_period';
  switch (unit) {
    case 'year':
      return 'previous_year';
    case 'quarter':
      return 'previous_quarter';
    case 'month':
      return 'previous_month';
    case 'week':
      return 'previous_week';
    case 'day':
      return 'previous_day';
    default:
      return 'previous_period';
  }
}

/** The calendar unit a range spans, for "vs the previous <unit>". */
export function unitOfRange(r: TDateRange): TDateUnit | null {
  switch (r.kind) {
    case 'this':
    case 'to_date':
      return r.unit;
    case 'last':
      return r.n === 1 ? r.unit : null;
    case 'day':
    case 'month':
    case 'quarter':
    case 'half':
    case 'year':
      return r.kind;
    default:
      return null;
  }
}

/** "3 months ago" → that whole month ("3 weeks ago": that day). */
export function relativeUnit(unit: TDateUnit, n: number, today: string): { from: string; to: string } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  if (unit === 'year') return { from: `${y - n}-01-01`, to: `${y - n}-12-31` };
  if (unit === 'week') {
    const d = addDays(today, -7 * n);
    return { from: d, to: d };
  }
  const months = unit === 'quarter' ? 3 * n : n;
  const index = y * 12 + (m - 1) - months;
  const yy = Math.floor(index / 12);
  const mm = (index % 12) + 1;
  if (unit === 'quarter') {
    const q = Math.floor((mm - 1) / 3) * 3 + 1;
    return { from: `${yy}-${pad(q)}-01`, to: `${yy}-${pad(q + 2)}-${pad(daysInMonth(yy, q + 2))}` };
  }
  return { from: `${yy}-${pad(mm)}-01`, to: `${yy}-${pad(mm)}-${pad(daysInMonth(yy, mm))}` };
}
