/**
 * The date grammar's steps: what each kind of match adds to the findings, in any language. A
 * step returning false leaves its tokens unconsumed (the words were not a date after all).
 */
import type { TComparison, TDateRange, TDateUnit } from '@parley/contract';
import { addDays } from '../../dates/date-range';
import type { TDateBuild, TDateContext, TDateParts } from '../../languages/date-rule-types';
import { compareForUnit, makeDate, recentYearForMonth, relativeUnit } from './calendar';
import { readPeriod, readSpan, type TPeriodWords } from './periods';

/** What the steps gather over one phrase; the first comparison named wins. */
export interface TDateState {
  ctx: TDateContext;
  currentYear: number;
  ranges: TDateRange[];
  compare: TComparison | null;
  /** "vs the previous month": named once the range is known (settleComparison). */
  compareUnit: TDateUnit | null;
  /** "vs the previous 7 days": the comparison of a "last 7 days" range, else a second period. */
  previousSpan: { n: number; unit: TDateUnit } | null;
  wantsChange: boolean;
}

type TStep = (p: TDateParts, s: TDateState) => boolean;

const first = (p: TDateParts): TPeriodWords => ({ day: p.day, month: p.month, year: p.year ?? p.yearBoth });
const second = (p: TDateParts): TPeriodWords => ({
  day: p.day2,
  month: p.month2,
  year: p.year2 ?? p.yearBoth,
});

/** A year named by a number or by "this/last year"; undefined when neither was written. */
const namedYear = (p: TDateParts, s: TDateState): number | undefined =>
  p.year ?? (p.yearShift === undefined ? undefined : s.currentYear + p.yearShift);

/** One day: a month and a day, in the month's latest occurrence when the year is missing. */
function dayOf(p: TDateParts, s: TDateState): string | null {
  if (p.month === undefined || p.day === undefined) return null;
  return makeDate(p.year ?? recentYearForMonth(p.month, s.ctx.today), p.month, p.day);
}

function push(s: TDateState, range: TDateRange): true {
  s.ranges.push(range);
  return true;
}

function compare(s: TDateState, c: TComparison): true {
  s.compare ??= c;
  return true;
}

/** Comparisons: named outright, or of a range with the period before it. */
const comparisonSteps = {
  compare: (p, s) => compare(s, p.compare!),
  thisVsPrevious: (p, s) => {
    push(s, { kind: 'this', unit: p.unit! });
    return compare(s, compareForUnit(p.unit2!, p.unit!));
  },
  // "2025 vs 2024": the later year, compared with the one before; other pairs ask.
  yearVsYear: (p, s) => {
    const [a, b] = [p.year!, p.year2!];
    if (Math.abs(a - b) !== 1) return false;
    push(s, { kind: 'year', year: Math.max(a, b) });
    return compare(s, 'previous_year');
  },
  // "Q3 vs Q2": the later quarter, compared with the one just before it; other pairs ask.
  quarterVsQuarter: (p, s) => {
    const a = { q: p.quarter!, y: p.year ?? s.currentYear };
    const b = { q: p.quarter2!, y: p.year2 ?? p.year ?? s.currentYear };
    const index = (x: { q: number; y: number }) => x.y * 4 + x.q;
    const [later, earlier] = index(a) >= index(b) ? [a, b] : [b, a];
    if (index(later) - index(earlier) !== 1) return false;
    push(s, { kind: 'quarter', year: later.y, quarter: later.q });
    return compare(s, 'previous_quarter');
  },
  vsPreviousUnit: (p, s) => {
    s.compareUnit ??= p.unit!;
    return true;
  },
  vsPreviousSpan: (p, s) => {
    if (p.n! < 1 || p.n! > 1000) return false;
    s.previousSpan ??= { n: p.n!, unit: p.unit! };
    return true;
  },
  change: (_p, s) => {
    s.wantsChange = true;
    return true;
  },
} satisfies Record<string, TStep>;

/** Ranges relative to today: this, last, to date, ago. */
const relativeSteps = {
  toDate: (p, s) => push(s, { kind: 'to_date', unit: p.unit as Exclude<TDateUnit, 'day'> }),
  last: (p, s) => {
    if (p.n !== undefined && (p.n < 1 || p.n > 1000)) return false;
    return push(s, { kind: 'last', unit: p.unit!, n: p.n ?? 1 });
  },
  thisOrLast: (p, s) =>
    push(s, p.this ? { kind: 'this', unit: p.unit! } : { kind: 'last', unit: p.unit!, n: 1 }),
  // "3 months ago": that whole month; "2 days ago": that day.
  ago: (p, s) => {
    const [n, unit] = [p.n!, p.unit!];
    if (n < 1 || n > 100 || unit === 'half') return false;
    if (unit === 'day') return push(s, { kind: 'day', date: addDays(s.ctx.today, -n) });
    return push(s, { kind: 'between', ...relativeUnit(unit, n, s.ctx.today) });
  },
  allTime: (_p, s) => push(s, { kind: 'all' }),
} satisfies Record<string, TStep>;

/** Ranges of days: a week from a day, days of a month, period to period, since a period. */
const spanSteps = {
  weekOf: (p, s) => {
    const d = dayOf(p, s);
    return d ? push(s, { kind: 'between', from: d, to: addDays(d, 6) }) : false;
  },
  daySpan: (p, s) => {
    const year = p.year ?? recentYearForMonth(p.month!, s.ctx.today);
    const from = makeDate(year, p.month!, Math.min(p.day!, p.day2!));
    const to = makeDate(year, p.month!, Math.max(p.day!, p.day2!));
    return from && to ? push(s, { kind: 'between', from, to }) : false;
  },
  span: (p, s) => {
    const span = readSpan(first(p), second(p), s.ctx.today);
    return span ? push(s, { kind: 'between', ...span }) : false;
  },
  since: (p, s) => {
    const a = readPeriod(first(p), s.ctx.today);
    if (!a || a.from > s.ctx.today) return false;
    return push(s, { kind: 'between', from: a.from, to: s.ctx.today });
  },
} satisfies Record<string, TStep>;

/** Calendar periods: a half, a quarter, a day, a month, a year. */
const periodSteps = {
  half: (p, s) => {
    const year = namedYear(p, s);
    return push(
      s,
      year === undefined ? { kind: 'half', half: p.half! } : { kind: 'half', half: p.half!, year },
    );
  },
  quarter: (p, s) =>
    push(s, { kind: 'quarter', year: namedYear(p, s) ?? s.currentYear, quarter: p.quarter! }),
  day: (p, s) => {
    const d = dayOf(p, s);
    return d ? push(s, { kind: 'day', date: d }) : false;
  },
  month: (p, s) => {
    const year = namedYear(p, s) ?? recentYearForMonth(p.month!, s.ctx.today);
    return push(s, { kind: 'month', year, month: p.month! });
  },
  year: (p, s) => push(s, { kind: 'year', year: p.year! }),
} satisfies Record<string, TStep>;

export const DATE_STEPS: Record<TDateBuild, TStep> = {
  ...comparisonSteps,
  ...relativeSteps,
  ...spanSteps,
  ...periodSteps,
};
