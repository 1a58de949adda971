/**
 * What a language gives the date-grammar driver (parser/dates/): an ordered table of rules, each a
 * pattern over tokens, the role of each of its groups and what the match builds, plus the lookups
 * that turn its words into values. Kept out of parser/ so a language folder imports nothing from
 * the pipeline.
 */
import type { TComparison, TDateRange, TDateUnit } from '@parley/contract';

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

/**
 * What a match builds (the driver's steps, parser/dates/builders.ts):
 * - compare: the rule's `compare` · thisVsPrevious: this <unit> compared with the <unit2> before
 * - yearVsYear / quarterVsQuarter: the later of two adjacent periods, compared with the earlier
 * - vsPreviousUnit: "vs the previous <unit>" · vsPreviousSpan: "vs the previous <n> <unit>"
 * - toDate · last (<n> or 1) · thisOrLast (`this` or the last one) · ago (<n> <unit> ago)
 * - weekOf (7 days from a day) · daySpan (<day>–<day2> of a month) · span (period to period2)
 * - since (a period until today) · half · quarter · day · month · year · allTime · change
 */
export type TDateBuild =
  | 'compare'
  | 'thisVsPrevious'
  | 'yearVsYear'
  | 'quarterVsQuarter'
  | 'vsPreviousUnit'
  | 'vsPreviousSpan'
  | 'toDate'
  | 'last'
  | 'thisOrLast'
  | 'ago'
  | 'weekOf'
  | 'daySpan'
  | 'span'
  | 'since'
  | 'half'
  | 'quarter'
  | 'day'
  | 'month'
  | 'year'
  | 'allTime'
  | 'change';

/**
 * The role of a capturing group. A name ending in 2 is the second period of a pair; `yearBoth`
 * is a year written once for both ends; `dm`/`md` are the two numbers of 01/03/2025, day and
 * month or month and day as the reader's locale writes them; `yearShift` is a relative-year
 * word (this/last year); `this` marks "this" against "last"; `word` is read by `when` only.
 */
export type TDateRole =
  | 'unit'
  | 'unit2'
  | 'n'
  | 'day'
  | 'day2'
  | 'month'
  | 'month2'
  | 'year'
  | 'year2'
  | 'yearBoth'
  | 'dm'
  | 'md'
  | 'dm2'
  | 'md2'
  | 'quarter'
  | 'quarter2'
  | 'half'
  | 'yearShift'
  | 'this'
  | 'word';

/** The words a match captured, by role (the first group of a role that matched). */
export type TDateWords = Partial<Record<TDateRole, string>>;

/** The values the builders read: the words through the language's lookups, then the preset. */
export interface TDateParts {
  unit?: TDateUnit;
  unit2?: TDateUnit;
  n?: number;
  day?: number;
  day2?: number;
  month?: number;
  month2?: number;
  year?: number;
  year2?: number;
  yearBoth?: number;
  quarter?: number;
  quarter2?: number;
  half?: 1 | 2;
  /** Years from the current one: 0 this year, -1 last year. */
  yearShift?: number;
  this?: boolean;
  compare?: TComparison;
}

export interface TDateRule {
  build: TDateBuild;
  /** A regular expression over the space-joined tokens (TokenScanner). */
  source: string;
  /** The role of each capturing group in order; '' for a group no one reads. */
  groups?: readonly (TDateRole | '')[];
  /** Values the words do not give ("yesterday" is the last 1 day). */
  preset?: TDateParts;
  /** A language's own condition on the match: its words, and the tokens from its first one on. */
  when?: (words: TDateWords, following: readonly string[]) => boolean;
}

/** One language's date grammar: its rules in the order they are tried, and its word lookups. */
export interface TDateGrammar {
  /** Earlier rules consume their tokens first, so the order is the precedence. */
  rules: readonly TDateRule[];
  unit(word: string): TDateUnit;
  month(word: string): number;
  /** An ordinal or a digit: "first" → 1, "fourth"/"last" → 4. */
  ordinal(word: string): number;
  /** A relative-year word: 0 for this year, -1 for last year. */
  yearShift(word: string): number;
}
