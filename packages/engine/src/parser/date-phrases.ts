/**
 * The date grammar of DESIGN §6 / spec 2 §9: relative ranges (last N days, this quarter, year
 * to date, first half…), absolute periods (2025, March 2025, Q2 2025, explicit dates), and
 * comparisons (vs last year, month over month, 2024 vs 2025). Produces TDateRange values;
 * resolution to concrete dates happens later against "today".
 */
import type { TComparison, TDateRange, TDateUnit } from '@parley/contract';
import { addDays, daysInMonth, isIsoDate } from '../dates/date-range';
import type { TokenScanner } from './scanner';

const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
const MONTH = `(${Object.keys(MONTHS).join('|')})`;
const UNIT = '(day|week|month|quarter|half|year)s?';
const YEAR = '((?:19|20)\\d\\d)';
const NUM = '(\\d{1,3})';
const THE = '(?:the )?';
const LAST = '(?:last|past|previous|prior|preceding|trailing|rolling)';
const VS = '(?:vs|v|versus|compared to|compared with|compare to|compare with|against|relative to|and)';
const ORDINAL: Record<string, number> = {
  first: 1,
  '1': 1,
  second: 2,
  '2': 2,
  third: 3,
  '3': 3,
  fourth: 4,
  '4': 4,
  last: 4,
};

export interface TDateFindings {
  ranges: TDateRange[];
  compare: TComparison | null;
  /** "growth", "change": ask for a comparison with the previous period if a range is given. */
  wantsChange: boolean;
}

export interface TDateContext {
  today: string;
  /** Day-first numeric dates (01/03/2025 = 1 March) outside en-US. */
  dayFirst: boolean;
}

function unitOf(word: string): TDateUnit {
  return word.replace(/s$/, '') as TDateUnit;
}

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

/** The latest occurrence of a month on or before today (a bare "March"). */
export function recentYearForMonth(month: number, today: string): number {
  const y = Number(today.slice(0, 4));
  return month <= Number(today.slice(5, 7)) ? y : y - 1;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export function makeDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  return isIsoDate(iso) ? iso : null;
}

/** One calendar day in any supported spelling; null when the words are not a valid date. */
const DAY_PATTERNS: { source: string; read: (g: string[], ctx: TDateContext) => string | null }[] = [
  { source: '(\\d{4})-(\\d{1,2})-(\\d{1,2})', read: (g) => makeDate(+g[0], +g[1], +g[2]) },
  {
    source: '(\\d{1,2})/(\\d{1,2})/(\\d{4})',
    read: (g, ctx) => (ctx.dayFirst ? makeDate(+g[2], +g[1], +g[0]) : makeDate(+g[2], +g[0], +g[1])),
  },
  {
    source: `(\\d{1,2}) (?:of )?${MONTH}(?: ${YEAR})?`,
    read: (g, ctx) =>
      makeDate(g[2] ? +g[2] : recentYearForMonth(MONTHS[g[1]], ctx.today), MONTHS[g[1]], +g[0]),
  },
  {
    source: `${MONTH} (\\d{1,2})(?: ${YEAR})?`,
    read: (g, ctx) =>
      makeDate(g[2] ? +g[2] : recentYearForMonth(MONTHS[g[0]], ctx.today), MONTHS[g[0]], +g[1]),
  },
];
const DAY_SOURCE = DAY_PATTERNS.map((p) => `(?:${p.source.replace(/\((?!\?)/g, '(?:')})`).join('|');

function readDay(text: string, ctx: TDateContext): string | null {
  for (const p of DAY_PATTERNS) {
    const m = new RegExp(`^(?:${p.source})$`).exec(text);
    if (m) return p.read(m.slice(1), ctx);
  }
  return null;
}

/** A month or year as a range of days ("march 2025" → 1–31 March). */
function readPeriod(text: string, ctx: TDateContext): { from: string; to: string } | null {
  const day = readDay(text, ctx);
  if (day) return { from: day, to: day };
  let m = new RegExp(`^${MONTH}(?: ${YEAR})?$`).exec(text);
  if (m) {
    const month = MONTHS[m[1]];
    const y = m[2] ? +m[2] : recentYearForMonth(month, ctx.today);
    return { from: `${y}-${pad(month)}-01`, to: `${y}-${pad(month)}-${pad(daysInMonth(y, month))}` };
  }
  m = new RegExp(`^${YEAR}$`).exec(text);
  if (m) return { from: `${m[1]}-01-01`, to: `${m[1]}-12-31` };
  return null;
}
const PERIOD_SOURCE = `(?:${DAY_SOURCE}|${MONTH.replace('(', '(?:')}(?: ${YEAR.replace('(', '(?:')})?|${YEAR.replace('(', '(?:')})`;

/** Finds and consumes every date range and comparison in the phrase. */
export function findDates(scanner: TokenScanner, ctx: TDateContext): TDateFindings {
  const ranges: TDateRange[] = [];
  let compare: TComparison | null = null;
  let wantsChange = false;
  const currentYear = Number(ctx.today.slice(0, 4));
  const setCompare = (c: TComparison): void => {
    compare ??= c;
  };
  let compareUnit: TDateUnit | null = null;
  let previousSpan: { n: number; unit: TDateUnit } | null = null;

  // "this month vs last month", "this year compared to last year": a range and its comparison.
  scanner.scan(
    `${THE}(?:this|current) ${UNIT} (?:so far )?${VS} ${THE}(?:last|previous|prior) ${UNIT}`,
    (g) => {
      const unit = unitOf(g[0]);
      ranges.push({ kind: 'this', unit });
      setCompare(compareForUnit(unitOf(g[1]), unit));
      return true;
    },
  );
  // "2025 vs 2024": the later year, compared with the previous one.
  scanner.scan(`(?:in )?${YEAR} ${VS} ${YEAR}`, (g) => {
    const [a, b] = [+g[0], +g[1]];
    if (Math.abs(a - b) !== 1) return false;
    ranges.push({ kind: 'year', year: Math.max(a, b) });
    setCompare('previous_year');
    return true;
  });
  // Comparisons named on their own.
  scanner.scan(`(?:year over year|year on year|yoy|y/y|yearly change|annual change)`, () => {
    setCompare('previous_year');
    return true;
  });
  scanner.scan(`(?:month over month|month on month|mom|m/m)`, () => {
    setCompare('previous_month');
    return true;
  });
  scanner.scan(`(?:week over week|week on week|wow|w/w)`, () => {
    setCompare('previous_week');
    return true;
  });
  scanner.scan(`(?:quarter over quarter|quarter on quarter|qoq|q/q)`, () => {
    setCompare('previous_quarter');
    return true;
  });
  scanner.scan(`(?:day over day|day on day|dod)`, () => {
    setCompare('previous_day');
    return true;
  });
  scanner.scan(
    `${VS} ${THE}(?:same (?:period|time|dates?|days?|month|quarter|week) )?(?:(?:of |in )?(?:last|previous|prior|the previous|the prior) year(?: equivalent)?|a year (?:ago|before|earlier)|the year before|last year equivalent)`,
    () => {
      setCompare('previous_year');
      return true;
    },
  );
  scanner.scan(`${VS} ${THE}(?:previous|prior|preceding|last) period`, () => {
    setCompare('previous_period');
    return true;
  });
  // "vs the previous month", "compared to the month before (that)": resolved against the range
  // once it is known (same unit → previous_period, DESIGN §6).
  scanner.scan(
    `${VS} ${THE}(?:(?:previous|prior|preceding|last) (day|week|month|quarter|half)|(day|week|month|quarter|half) before(?: that| it)?)`,
    (g) => {
      compareUnit ??= unitOf(g[0] ?? g[1]);
      return true;
    },
  );
  // "last 7 days vs the previous 7 days": the span of the same length just before. Checked
  // against the range at the end; another length is a second period (asks).
  scanner.scan(
    `${VS} ${THE}(?:(?:previous|prior|preceding|last) ${NUM} ${UNIT}|${NUM} ${UNIT} before(?: that| it)?)`,
    (g) => {
      const n = +(g[0] ?? g[2]);
      if (n < 1 || n > 1000) return false;
      previousSpan ??= { n, unit: unitOf(g[1] ?? g[3]) };
      return true;
    },
  );
  scanner.scan(`${VS} (?:yesterday|the day before)`, () => {
    setCompare('previous_day');
    return true;
  });
  scanner.scan(`(?:with |and )?(?:comparison|compared|previous period|period over period|pop)`, () => {
    setCompare('previous_period');
    return true;
  });

  // "since the start of the year": year to date (before "since the beginning", all time).
  scanner.scan(
    `(?:since|from) ${THE}(?:start|beginning) of ${THE}(?:this |the current )?(year|quarter|month|week)`,
    (g) => {
      ranges.push({ kind: 'to_date', unit: unitOf(g[0]) as Exclude<TDateUnit, 'day'> });
      return true;
    },
  );
  // "the last full week", "previous complete month": the last whole one, as "last week" is.
  scanner.scan(`${THE}(?:${LAST}|last) (?:full|complete|whole|entire) ${UNIT}`, (g) => {
    ranges.push({ kind: 'last', unit: unitOf(g[0]), n: 1 });
    return true;
  });
  // "the week of 2 November 2026", "week starting Nov 2": seven days from that day.
  scanner.scan(`${THE}week (?:of|starting|beginning|commencing|starting on) (${DAY_SOURCE})`, (g) => {
    const d = readDay(g[0], ctx);
    if (!d) return false;
    ranges.push({ kind: 'between', from: d, to: addDays(d, 6) });
    return true;
  });
  // Days of one month: "10 to 20 October 2026", "between 1 and 15 oct", "Oct 1-15 2026".
  const daySpan = (a: number, b: number, month: number, yearText: string | undefined): boolean => {
    const year = yearText ? +yearText : recentYearForMonth(month, ctx.today);
    const from = makeDate(year, month, Math.min(a, b));
    const to = makeDate(year, month, Math.max(a, b));
    if (!from || !to) return false;
    ranges.push({ kind: 'between', from, to });
    return true;
  };
  scanner.scan(
    `(?:between |from )?(\\d{1,2}) (?:and|to|until|till|through|thru|-) (\\d{1,2}) (?:of )?${MONTH}(?: ${YEAR})?`,
    (g) => daySpan(+g[0], +g[1], MONTHS[g[2]], g[3]),
  );
  scanner.scan(`(?:from )?${MONTH} (\\d{1,2})-(\\d{1,2})(?: ${YEAR})?`, (g) =>
    daySpan(+g[1], +g[2], MONTHS[g[0]], g[3]),
  );
  scanner.scan(`(\\d{1,2})-(\\d{1,2}) (?:of )?${MONTH}(?: ${YEAR})?`, (g) =>
    daySpan(+g[0], +g[1], MONTHS[g[2]], g[3]),
  );
  // "Nov 2025 - Jan 2026" (the dash is a space once normalised): two months with their years.
  scanner.scan(
    `(?:in |for |during )?(${MONTH} ${YEAR}) (?:to |until |till |through |thru |- )?(${MONTH} ${YEAR})`,
    (g) => {
      const span = readSpan(g[0], g[3], ctx);
      if (!span) return false;
      ranges.push({ kind: 'between', ...span });
      return true;
    },
  );
  // "Q3 vs Q2": the later quarter compared with the one just before it; other pairs ask.
  scanner.scan(`(?:in )?q([1-4])(?: ${YEAR})? ${VS} q([1-4])(?: ${YEAR})?`, (g) => {
    const a = { q: +g[0], y: g[1] ? +g[1] : currentYear };
    const b = { q: +g[2], y: g[3] ? +g[3] : g[1] ? +g[1] : currentYear };
    const index = (x: { q: number; y: number }) => x.y * 4 + x.q;
    const [later, earlier] = index(a) >= index(b) ? [a, b] : [b, a];
    if (index(later) - index(earlier) !== 1) return false;
    ranges.push({ kind: 'quarter', year: later.y, quarter: later.q });
    setCompare('previous_quarter');
    return true;
  });

  // Explicit spans. A year written once belongs to both ends ("between March and May 2025",
  // "from Jan to Mar 2024"); see readSpan.
  scanner.scan(
    `(?:between|from) (${PERIOD_SOURCE}) (?:and|to|until|till|through|thru|-) (${PERIOD_SOURCE})`,
    (g) => {
      const span = readSpan(g[0], g[1], ctx);
      if (!span) return false;
      ranges.push({ kind: 'between', ...span });
      return true;
    },
  );
  // "March to May 2025", "March–May 2025" (the dash is a space once normalised): two months
  // with the year written at the end only. Without a year, two bare months stay unread (asks).
  scanner.scan(
    `(?:in |for |during |of )?${MONTH} (?:to |until |till |through |thru |- )?${MONTH}(?: ${YEAR})`,
    (g) => {
      const span = readSpan(g[0], `${g[1]} ${g[2]}`, ctx);
      if (!span) return false;
      ranges.push({ kind: 'between', ...span });
      return true;
    },
  );
  scanner.scan(`(?:since|starting|starting from|from|after) (${PERIOD_SOURCE})`, (g) => {
    const a = readPeriod(g[0], ctx);
    if (!a || a.from > ctx.today) return false;
    ranges.push({ kind: 'between', from: a.from, to: ctx.today });
    return true;
  });

  // Relative ranges.
  scanner.scan(`(?:so far |up to now )?${THE}(?:${LAST}|last) ${NUM} ${UNIT}`, (g) => {
    const n = +g[0];
    if (n < 1 || n > 1000) return false;
    ranges.push({ kind: 'last', unit: unitOf(g[1]), n });
    return true;
  });
  scanner.scan(`(?:ttm|ltm)`, () => {
    ranges.push({ kind: 'last', unit: 'month', n: 12 });
    return true;
  });
  scanner.scan(`${THE}day before yesterday`, () => {
    const d = addDays(ctx.today, -2);
    ranges.push({ kind: 'day', date: d });
    return true;
  });
  scanner.scan('yesterday', () => {
    ranges.push({ kind: 'last', unit: 'day', n: 1 });
    return true;
  });
  scanner.scan('(?:today|so far today)', () => {
    ranges.push({ kind: 'this', unit: 'day' });
    return true;
  });
  scanner.scan('(year|ytd|quarter|qtd|month|mtd|week|wtd|half) to date|(ytd|qtd|mtd|wtd)', (g) => {
    const word = g[0] ?? g[1];
    const unit: Record<string, TDateUnit> = { ytd: 'year', qtd: 'quarter', mtd: 'month', wtd: 'week' };
    ranges.push({ kind: 'to_date', unit: (unit[word] ?? word) as Exclude<TDateUnit, 'day'> });
    return true;
  });
  // "first half", "H2 2025", "second half of last year".
  scanner.scan(
    `${THE}(first|1|second|2) half(?: of)?(?: ${YEAR}| (this|last) year)?|h([12])(?: ${YEAR})?`,
    (g) => {
      const half = (g[0] ? (g[0] === 'first' || g[0] === '1' ? 1 : 2) : +g[3]) as 1 | 2;
      const yearText = g[1] ?? g[4];
      const year = yearText ? +yearText : g[2] === 'last' ? currentYear - 1 : undefined;
      ranges.push(year === undefined ? { kind: 'half', half } : { kind: 'half', half, year });
      return true;
    },
  );
  scanner.scan(`${THE}(?:(this|current)|${LAST}|(last)) ${UNIT}(?: so far)?`, (g) => {
    const unit = unitOf(g[2]);
    ranges.push(g[0] ? { kind: 'this', unit } : { kind: 'last', unit, n: 1 });
    return true;
  });
  scanner.scan(`${NUM} ${UNIT} ago`, (g) => {
    const n = +g[0];
    const unit = unitOf(g[1]);
    if (n < 1 || n > 100 || unit === 'half') return false;
    if (unit === 'day') ranges.push({ kind: 'day', date: addDays(ctx.today, -n) });
    else ranges.push({ kind: 'between', ...relativeUnit(unit, n, ctx) });
    return true;
  });

  // Absolute periods.
  scanner.scan(`(?:in |for |during )?q([1-4])(?: (?:of )?${YEAR}| (this|last) year)?`, (g) => {
    const year = g[1] ? +g[1] : g[2] === 'last' ? currentYear - 1 : currentYear;
    ranges.push({ kind: 'quarter', year, quarter: +g[0] });
    return true;
  });
  scanner.scan(
    `${THE}(first|1|second|2|third|3|fourth|4|last) quarter(?: of)?(?: ${YEAR}| (this|last) year)?`,
    (g) => {
      const year = g[1] ? +g[1] : g[2] === 'last' ? currentYear - 1 : currentYear;
      ranges.push({ kind: 'quarter', year, quarter: ORDINAL[g[0]] });
      return true;
    },
  );
  scanner.scan(`(?:on |for )?(${DAY_SOURCE})`, (g) => {
    const d = readDay(g[0], ctx);
    if (!d) return false;
    ranges.push({ kind: 'day', date: d });
    return true;
  });
  // "may" and "march" are also verbs: alone they count only after a preposition or before a year.
  scanner.scan(`(in |for |during |of |since )?${MONTH}(?: (?:of )?${YEAR}| (this|last) year)?`, (g) => {
    const month = MONTHS[g[1]];
    if ((g[1] === 'may' || g[1] === 'march' || g[1] === 'mar') && !g[0] && !g[2] && !g[3]) return false;
    const year = g[2]
      ? +g[2]
      : g[3] === 'last'
        ? currentYear - 1
        : g[3] === 'this'
          ? currentYear
          : recentYearForMonth(month, ctx.today);
    ranges.push({ kind: 'month', year, month });
    return true;
  });
  scanner.scan(`(?:in |for |during |of )?(?:the year |fy ?)?${YEAR}`, (g) => {
    ranges.push({ kind: 'year', year: +g[0] });
    return true;
  });
  scanner.scan(
    `(?:all time|of all time|ever|since (?:the )?(?:beginning|start)|whole period|all dates)`,
    () => {
      ranges.push({ kind: 'all' });
      return true;
    },
  );
  scanner.scan(
    '(?:growth|grow|grew|growing|change|changed|changes|increase|increased|decrease|decreased|decline|declined)',
    () => {
      wantsChange = true;
      return true;
    },
  );
  settleComparison(ranges, previousSpan, compareUnit, setCompare);
  return { ranges, compare, wantsChange };
}

/**
 * The end of a date grammar (every language's): "vs the previous 7 days" is the comparison of a
 * "last 7 days" range, else a second period (the parser asks); "vs the month before" is named by
 * the one range found (same unit → previous_period, DESIGN §6).
 */
export function settleComparison(
  ranges: TDateRange[],
  previousSpan: { n: number; unit: TDateUnit } | null,
  compareUnit: TDateUnit | null,
  setCompare: (c: TComparison) => void,
): void {
  const only = ranges.length === 1 ? ranges[0] : null;
  if (previousSpan) {
    if (only?.kind === 'last' && only.n === previousSpan.n && only.unit === previousSpan.unit)
      setCompare('previous_period');
    else ranges.push({ kind: 'last', unit: previousSpan.unit, n: previousSpan.n });
  }
  if (compareUnit) {
    const single = ranges.length === 1 ? ranges[0] : null;
    setCompare(compareForUnit(compareUnit, single ? unitOfRange(single) : null));
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

const HAS_YEAR = /(?:^|\D)(?:19|20)\d\d$|^\d{4}-/;

/**
 * Both ends of "from A to B" as whole days, inclusive. A year written on one end only belongs
 * to the other too; when that would put the start after the end, the span crosses New Year:
 * "from December to February 2025" is December 2024 – February 2025 (an analyst naming a
 * winter season writes the year of its end), "from November 2025 to February" runs into 2026.
 * With no year at all the span ends at the latest occurrence of its end on or before today.
 * Both years written and out of order: null (not read, so the parser asks).
 */
export function readSpan(
  aText: string,
  bText: string,
  ctx: TDateContext,
): { from: string; to: string } | null {
  const aYear = HAS_YEAR.test(aText) || /\//.test(aText);
  const bYear = HAS_YEAR.test(bText) || /\//.test(bText);
  const withYear = (text: string, year: number) => readPeriod(`${text} ${year}`, ctx);
  let a: { from: string; to: string } | null;
  let b: { from: string; to: string } | null;
  if (aYear && bYear) {
    a = readPeriod(aText, ctx);
    b = readPeriod(bText, ctx);
  } else if (bYear) {
    b = readPeriod(bText, ctx);
    if (!b) return null;
    const y = Number(b.to.slice(0, 4));
    a = withYear(aText, y);
    if (a && a.from > b.to) a = withYear(aText, y - 1);
  } else if (aYear) {
    a = readPeriod(aText, ctx);
    if (!a) return null;
    const y = Number(a.from.slice(0, 4));
    b = withYear(bText, y);
    if (b && b.to < a.from) b = withYear(bText, y + 1);
  } else {
    b = readPeriod(bText, ctx);
    if (!b) return null;
    const y = Number(b.to.slice(0, 4));
    a = withYear(aText, y);
    if (a && a.from > b.to) a = withYear(aText, y - 1);
  }
  if (!a || !b || a.from > b.to) return null;
  return { from: a.from, to: b.to };
}

/** "3 months ago" → that whole month. */
export function relativeUnit(unit: TDateUnit, n: number, ctx: TDateContext): { from: string; to: string } {
  const y = Number(ctx.today.slice(0, 4));
  const m = Number(ctx.today.slice(5, 7));
  if (unit === 'year') return { from: `${y - n}-01-01`, to: `${y - n}-12-31` };
  if (unit === 'week') {
    const d = addDays(ctx.today, -7 * n);
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
