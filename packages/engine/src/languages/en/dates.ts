/**
 * English date rules for the date-grammar driver (parser/dates/): the words, their order and
 * the precedence of the rules. Words arrive lower-cased; a dash between words is a space.
 */
import type { TDateUnit } from '@parley/contract';
import type { TDateGrammar, TDateRole, TDateRule } from '../date-rule-types';

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
/** "ytd" and its kin name the unit of a to-date range. */
const TO_DATE: Record<string, TDateUnit> = { ytd: 'year', qtd: 'quarter', mtd: 'month', wtd: 'week' };

const MONTH = `(${Object.keys(MONTHS).join('|')})`;
const UNIT = '(day|week|month|quarter|half|year)s?';
const YEAR = '((?:19|20)\\d\\d)';
const NUM = '(\\d{1,3})';
const THE = '(?:the )?';
const LAST = '(?:last|past|previous|prior|preceding|trailing|rolling)';
const VS = '(?:vs|v|versus|compared to|compared with|compare to|compare with|against|relative to|than|and)';

type TGroups = (TDateRole | '')[];
const second = (roles: TGroups): TGroups => roles.map((r) => (r ? (`${r}2` as TDateRole) : r));

/** One calendar day in any supported spelling: 2025-03-01, 01/03/2025, 1 (of) March (2025), March 1 (2025). */
const DAY = `(?:(\\d{4})-(\\d{1,2})-(\\d{1,2})|(\\d{1,2})/(\\d{1,2})/(\\d{4})|(\\d{1,2}) (?:of )?${MONTH}(?: ${YEAR})?|${MONTH} (\\d{1,2})(?: ${YEAR})?)`;
const DAY_GROUPS: TGroups = [
  'year',
  'month',
  'day',
  'dm',
  'md',
  'year',
  'day',
  'month',
  'year',
  'month',
  'day',
  'year',
];
/** A day, a month (with its year) or a year. */
const PERIOD = `(?:${DAY}|${MONTH}(?: ${YEAR})?|${YEAR})`;
const PERIOD_GROUPS: TGroups = [...DAY_GROUPS, 'month', 'year', 'year'];

/** Comparisons, before any range so their words ("last year", "the previous month") stay theirs. */
const COMPARISONS: TDateRule[] = [
  // "this month vs last month", "this year compared to last year": a range and its comparison.
  {
    build: 'thisVsPrevious',
    source: `${THE}(?:this|current) ${UNIT} (?:so far )?${VS} ${THE}(?:last|previous|prior) ${UNIT}`,
    groups: ['unit', 'unit2'],
  },
  { build: 'yearVsYear', source: `(?:in )?${YEAR} ${VS} ${YEAR}`, groups: ['year', 'year2'] },
  {
    build: 'compare',
    source: '(?:year over year|year on year|yoy|y/y|yearly change|annual change)',
    preset: { compare: 'previous_year' },
  },
  {
    build: 'compare',
    source: '(?:month over month|month on month|mom|m/m)',
    preset: { compare: 'previous_month' },
  },
  {
    build: 'compare',
    source: '(?:week over week|week on week|wow|w/w)',
    preset: { compare: 'previous_week' },
  },
  {
    build: 'compare',
    source: '(?:quarter over quarter|quarter on quarter|qoq|q/q)',
    preset: { compare: 'previous_quarter' },
  },
  { build: 'compare', source: '(?:day over day|day on day|dod)', preset: { compare: 'previous_day' } },
  {
    build: 'compare',
    source: `${VS} ${THE}(?:same (?:period|time|dates?|days?|month|quarter|week) )?(?:(?:of |in )?(?:last|previous|prior|the previous|the prior) year(?: equivalent)?|a year (?:ago|before|earlier)|the year before|last year equivalent)`,
    preset: { compare: 'previous_year' },
  },
  {
    build: 'compare',
    source: `${VS} ${THE}(?:previous|prior|preceding|last) period`,
    preset: { compare: 'previous_period' },
  },
  // "vs the previous month", "compared to the month before (that)".
  {
    build: 'vsPreviousUnit',
    source: `${VS} ${THE}(?:(?:previous|prior|preceding|last) (day|week|month|quarter|half)|(day|week|month|quarter|half) before(?: that| it)?)`,
    groups: ['unit', 'unit'],
  },
  // "last 7 days vs the previous 7 days": the span of the same length just before.
  {
    build: 'vsPreviousSpan',
    source: `${VS} ${THE}(?:(?:previous|prior|preceding|last) ${NUM} ${UNIT}|${NUM} ${UNIT} before(?: that| it)?)`,
    groups: ['n', 'unit', 'n', 'unit'],
  },
  { build: 'compare', source: `${VS} (?:yesterday|the day before)`, preset: { compare: 'previous_day' } },
  {
    build: 'compare',
    source: '(?:with |and )?(?:comparison|compared|previous period|period over period|pop)',
    preset: { compare: 'previous_period' },
  },
];

/** Spans of days and months, and "since" a period. */
const SPANS: TDateRule[] = [
  // "since the start of the year": year to date (before "since the beginning", all time).
  {
    build: 'toDate',
    source: `(?:since|from) ${THE}(?:start|beginning) of ${THE}(?:this |the current )?(year|quarter|month|week)`,
    groups: ['unit'],
  },
  // "the last full week", "previous complete month": the last whole one, as "last week" is.
  {
    build: 'last',
    source: `${THE}(?:${LAST}|last) (?:full|complete|whole|entire) ${UNIT}`,
    groups: ['unit'],
  },
  {
    build: 'weekOf',
    source: `${THE}week (?:of|starting|beginning|commencing|starting on) ${DAY}`,
    groups: DAY_GROUPS,
  },
  // Days of one month: "10 to 20 October 2026", "between 1 and 15 oct", "Oct 1-15 2026".
  {
    build: 'daySpan',
    source: `(?:between |from )?(\\d{1,2}) (?:and|to|until|till|through|thru|-) (\\d{1,2}) (?:of )?${MONTH}(?: ${YEAR})?`,
    groups: ['day', 'day2', 'month', 'year'],
  },
  {
    build: 'daySpan',
    source: `(?:from )?${MONTH} (\\d{1,2})-(\\d{1,2})(?: ${YEAR})?`,
    groups: ['month', 'day', 'day2', 'year'],
  },
  {
    build: 'daySpan',
    source: `(\\d{1,2})-(\\d{1,2}) (?:of )?${MONTH}(?: ${YEAR})?`,
    groups: ['day', 'day2', 'month', 'year'],
  },
  // "Nov 2025 - Jan 2026" (the dash is a space once normalised): two months with their years.
  {
    build: 'span',
    source: `(?:in |for |during )?(${MONTH} ${YEAR}) (?:to |until |till |through |thru |- )?(${MONTH} ${YEAR})`,
    groups: ['', 'month', 'year', '', 'month2', 'year2'],
  },
  {
    build: 'quarterVsQuarter',
    source: `(?:in )?q([1-4])(?: ${YEAR})? ${VS} q([1-4])(?: ${YEAR})?`,
    groups: ['quarter', 'year', 'quarter2', 'year2'],
  },
  // Explicit spans: a year written once belongs to both ends ("between March and May 2025").
  {
    build: 'span',
    source: `(?:between|from) ${PERIOD} (?:and|to|until|till|through|thru|-) ${PERIOD}`,
    groups: [...PERIOD_GROUPS, ...second(PERIOD_GROUPS)],
  },
  // "March to May 2025": the year at the end only. Without a year, two bare months stay unread (asks).
  {
    build: 'span',
    source: `(?:in |for |during |of )?${MONTH} (?:to |until |till |through |thru |- )?${MONTH}(?: ${YEAR})`,
    groups: ['month', 'month2', 'year2'],
  },
  { build: 'since', source: `(?:since|starting|starting from|from|after) ${PERIOD}`, groups: PERIOD_GROUPS },
];

/** Ranges relative to today. */
const RELATIVE: TDateRule[] = [
  {
    build: 'last',
    source: `(?:so far |up to now )?${THE}(?:${LAST}|last) ${NUM} ${UNIT}`,
    groups: ['n', 'unit'],
  },
  { build: 'last', source: '(?:ttm|ltm)', preset: { unit: 'month', n: 12 } },
  { build: 'ago', source: `${THE}day before yesterday`, preset: { n: 2, unit: 'day' } },
  { build: 'last', source: 'yesterday', preset: { unit: 'day' } },
  { build: 'thisOrLast', source: '(?:today|so far today)', preset: { this: true, unit: 'day' } },
  {
    build: 'toDate',
    source: '(year|ytd|quarter|qtd|month|mtd|week|wtd|half) to date|(ytd|qtd|mtd|wtd)',
    groups: ['unit', 'unit'],
  },
  // "first half", "H2 2025", "second half of last year" ("of this year" names no year).
  {
    build: 'half',
    source: `${THE}(first|1|second|2) half(?: of)?(?: ${YEAR}| (?:this|(last)) year)?|h([12])(?: ${YEAR})?`,
    groups: ['half', 'year', 'yearShift', 'half', 'year'],
  },
  {
    build: 'thisOrLast',
    source: `${THE}(?:(this|current)|${LAST}|(last)) ${UNIT}(?: so far)?`,
    groups: ['this', '', 'unit'],
  },
  { build: 'ago', source: `${NUM} ${UNIT} ago`, groups: ['n', 'unit'] },
];

/** Absolute periods, then the words of change. */
const PERIODS: TDateRule[] = [
  {
    build: 'quarter',
    source: `(?:in |for |during )?q([1-4])(?: (?:of )?${YEAR}| (this|last) year)?`,
    groups: ['quarter', 'year', 'yearShift'],
  },
  {
    build: 'quarter',
    source: `${THE}(first|1|second|2|third|3|fourth|4|last) quarter(?: of)?(?: ${YEAR}| (this|last) year)?`,
    groups: ['quarter', 'year', 'yearShift'],
  },
  { build: 'day', source: `(?:on |for )?${DAY}`, groups: DAY_GROUPS },
  // "may" and "march" are also verbs: alone they count only after a preposition or before a year.
  {
    build: 'month',
    source: `(in |for |during |of |since )?${MONTH}(?: (?:of )?${YEAR}| (this|last) year)?`,
    groups: ['word', 'month', 'year', 'yearShift'],
    when: (w) =>
      !(w.month && ['may', 'march', 'mar'].includes(w.month) && !w.word && !w.year && !w.yearShift),
  },
  { build: 'year', source: `(?:in |for |during |of )?(?:the year |fy ?)?${YEAR}`, groups: ['year'] },
  {
    build: 'allTime',
    source: '(?:all time|of all time|ever|since (?:the )?(?:beginning|start)|whole period|all dates)',
  },
  {
    build: 'change',
    source:
      '(?:growth|grow|grew|growing|change|changed|changes|increase|increased|decrease|decreased|decline|declined)',
  },
];

export const EN_DATES: TDateGrammar = {
  rules: [...COMPARISONS, ...SPANS, ...RELATIVE, ...PERIODS],
  unit: (word) => TO_DATE[word] ?? (word.replace(/s$/, '') as TDateUnit),
  month: (word) => MONTHS[word],
  ordinal: (word) => ORDINAL[word],
  yearShift: (word) => (word === 'last' ? -1 : 0),
};
