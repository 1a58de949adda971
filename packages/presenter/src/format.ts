/**
 * Locale-aware formatting of card values for the table, charts, card text, insights and e-mails.
 * Rates (`percent` columns) are fractions (0.034 = 3.4 %); change (`M__change`) and share (`M__%`)
 * columns are already percentages (12.5 = 12.5 %).
 */
import type { TCardColumn, TCardRow, TTimeGrain } from '@parley/contract';

/** Money in the demo data and connectors carries no currency; one is used unless the model names one. */
export const CURRENCY = 'USD';
/** Compact notation applies to values above this (spec 2 §9). */
export const COMPACT_THRESHOLD = 10_000;
/** Tables with more columns than this show large values compactly (spec 2 §9). */
export const COMPACT_MIN_COLUMNS = 3;

/** How a column's values are formatted. */
export type ColumnFormat = TCardColumn['format'];

/** Options of every formatter: the locale and how much room a value has. */
export interface FormatOptions {
  locale: string;
  /**
   * Compact notation (1 decimal) for |value| above 10 000; 'always' for every value, so one
   * table column reads alike ("9.4K", "12K", "1.2M") once any of its values is compact.
   */
  compact?: boolean | 'always';
  /** Fixed decimals (totals use 2). */
  decimals?: number;
  /** Time grain of date values, so months read "Mar 2026". */
  grain?: TTimeGrain;
  /** ISO 4217 code of a currency value (the column's `currency`); absent: CURRENCY. */
  currency?: string;
}

/** Intl options of a currency in `code`, else CURRENCY (an unknown code would make Intl throw). */
function currencyStyle(code: string | undefined): Intl.NumberFormatOptions {
  return { style: 'currency', currency: code && isCurrencyCode(code) ? code : CURRENCY };
}

const currencyCodes = new Map<string, boolean>();
/** Whether Intl formats this three-letter code as a currency. */
function isCurrencyCode(code: string): boolean {
  let known = currencyCodes.get(code);
  if (known === undefined) {
    known = /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
    currencyCodes.set(code, known);
  }
  return known;
}

const EMPTY = '–';

const numberFormats = new Map<string, Intl.NumberFormat>();
function nf(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function df(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, f);
  }
  return f;
}

/** Whether a table value is shown compactly: more than 3 columns and |value| above 10 000. */
export function isCompactValue(value: number, columnCount: number): boolean {
  return columnCount > COMPACT_MIN_COLUMNS && Math.abs(value) > COMPACT_THRESHOLD;
}

/**
 * Whether a table column is shown compactly (spec 2 §9, applied per column so a column never
 * mixes "9,000" and "12K"): more than 3 columns and any of its values above 10 000.
 */
export function isCompactColumn(values: readonly unknown[], columnCount: number): boolean {
  return values.some((v) => typeof v === 'number' && isCompactValue(v, columnCount));
}

/** A number by its column format: currency, percent (a fraction: 0.034 → 3.4 %) or plain; – if not finite. */
export function formatNumber(value: number, format: ColumnFormat, options: FormatOptions): string {
  if (!Number.isFinite(value)) return EMPTY;
  const { locale, compact, decimals } = options;
  const digits =
    decimals !== undefined ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : undefined;
  if (format === 'percent') {
    return nf(locale, { style: 'percent', maximumFractionDigits: 1, ...(digits ?? {}) }).format(value);
  }
  const base: Intl.NumberFormatOptions =
    format === 'currency' ? currencyStyle(options.currency) : { maximumFractionDigits: 2 };
  if (compact === 'always' || (compact && Math.abs(value) > COMPACT_THRESHOLD)) {
    return nf(locale, {
      ...base,
      notation: 'compact',
      maximumFractionDigits: 1,
      minimumFractionDigits: 0,
    }).format(value);
  }
  if (digits) return nf(locale, { ...base, ...digits }).format(value);
  if (format === 'currency') {
    const whole = Number.isInteger(value) || Math.abs(value) >= 1000;
    return nf(locale, {
      ...base,
      maximumFractionDigits: whole ? 0 : 2,
      minimumFractionDigits: whole ? 0 : 2,
    }).format(value);
  }
  return nf(locale, base).format(value);
}

/** Parses an ISO date (YYYY-MM-DD or a full time) as a local calendar date. */
export function parseIsoDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** A bucket start date for its grain in the locale ("Mar 2026", "Q2 2026"); other text unchanged. */
export function formatDate(value: string, locale: string, grain?: TTimeGrain): string {
  const d = parseIsoDate(value);
  if (!d) return value;
  switch (grain) {
    case 'year':
      return String(d.getFullYear());
    case 'quarter':
      return `Q${Math.floor(d.getMonth() / 3) + 1} ${d.getFullYear()}`;
    case 'month':
      return df(locale, { month: 'short', year: 'numeric' }).format(d);
    default:
      return df(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
  }
}

/** Date ranges already written, by from, to and locale (see formatDateRange). */
const dateRanges = new Map<string, string>();

/**
 * An inclusive ISO date range in the locale, the way people write it: "Oct 1 – 31, 2026"
 * (en-US), "1–31 Oct 2026" (en-GB), "1–31 Eki 2026" (tr). One day reads as that day.
 */
export function formatDateRange(from: string, to: string, locale: string): string {
  const key = `${from}|${to}|${locale}`;
  let text = dateRanges.get(key);
  if (text === undefined) {
    const a = parseIsoDate(from);
    const b = parseIsoDate(to);
    const f = df(locale, { day: 'numeric', month: 'short', year: 'numeric' });
    text = !a || !b ? `${from} – ${to}` : from === to ? f.format(a) : f.formatRange(a, b);
    // Intl's formatRange is slow (docs/perf/notes.md) and every card names its period: a day's ranges repeat.
    if (dateRanges.size >= 1000) dateRanges.clear();
    dateRanges.set(key, text);
  }
  return text;
}

/** Any cell value by its column format; – for empty values, text as it is. */
export function formatValue(
  value: string | number | null | undefined,
  format: ColumnFormat,
  options: FormatOptions,
): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (format === 'date')
    return typeof value === 'string' ? formatDate(value, options.locale, options.grain) : String(value);
  if (typeof value === 'number') return formatNumber(value, format, options);
  return value;
}

/**
 * A percent change with its sign and one decimal (12.5 → "+12.5%", −3.2 → "−3.2%", 0 → "±0.0%"),
 * for reports; a card's changes are written by cardChange alone.
 */
export function formatChange(change: number | null | undefined, locale: string): string {
  if (change === null || change === undefined || !Number.isFinite(change)) return EMPTY;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  // Intl's percent style puts the sign where the locale does ("12.5%", Turkish "%12,5").
  return `${sign}${nf(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(change) / 100)}`;
}

/** A period-over-period change as a card shows it (see cardChange). */
export interface Change {
  direction: 'up' | 'down' | 'flat' | 'none';
  /** Its size without a sign ("12%", "∞"), for an arrow or a word ("down 12%") to go with; – if none. */
  text: string;
  /** With its sign ("+12%", "−12%", "0%", "+∞"); – if none. */
  signed: string;
}

/** The percent change from `previous` to `current` (12.5 = +12.5 %); null when either is missing or previous is 0. */
export function percentChange(
  current: number | null | undefined,
  previous: number | null | undefined,
): number | null {
  if (typeof current !== 'number' || typeof previous !== 'number' || previous === 0) return null;
  const change = ((current - previous) / Math.abs(previous)) * 100;
  return Number.isFinite(change) ? change : null;
}

/**
 * The one way a card writes a change (spec 2 §9), in its table, totals row, text, insights, KPI
 * and mail: "rounded down" is toward zero (−12.9 % → −12 %, as +12.9 % → +12 %), taken after the
 * two decimals a card stores, so a stored and a recomputed change read alike; ∞ when the
 * previous value is 0 and the current above 0.
 */
export function cardChange(
  change: number | null | undefined,
  locale: string,
  values: { current?: number | null; previous?: number | null } = {},
): Change {
  if (change === null || change === undefined || !Number.isFinite(change)) {
    const { current, previous } = values;
    if (previous === 0 && typeof current === 'number' && current > 0)
      return { direction: 'up', text: '∞', signed: '+∞' };
    return { direction: 'none', text: EMPTY, signed: EMPTY };
  }
  const whole = Math.trunc(Math.round(change * 100) / 100);
  const direction = whole > 0 ? 'up' : whole < 0 ? 'down' : 'flat';
  const text = nf(locale, { style: 'percent', maximumFractionDigits: 0 }).format(Math.abs(whole) / 100);
  return { direction, text, signed: `${whole > 0 ? '+' : whole < 0 ? '−' : ''}${text}` };
}

/** A share that is already a percentage (12.5 → "12.5%"), as in `M__%` columns. */
export function formatShare(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  return nf(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/**
 * One table cell as text: change columns signed (`cardChange`), share columns as percentages
 * (`formatShare`), everything else by its column's format (`formatValue`; numbers if unknown).
 */
export function formatCell(
  value: TCardRow[string] | undefined,
  column: Pick<TCardColumn, 'key' | 'format' | 'currency'> | undefined,
  options: FormatOptions,
): string {
  if (typeof value === 'number' && column?.key.endsWith('__change'))
    return cardChange(value, options.locale).signed;
  if (typeof value === 'number' && column?.key.endsWith('__%')) return formatShare(value, options.locale);
  const currency = column?.currency ?? options.currency;
  return formatValue(value, column?.format ?? 'number', currency ? { ...options, currency } : options);
}

/** A value axis: nice bounds and step, and one label format for every tick of it. */
export interface AxisScale {
  min: number;
  max: number;
  interval: number;
  /** The tick label: every tick in one unit (all "K" or none) with the same decimals. */
  label: (value: number) => string;
}

/** The step of about `raw` a reader counts in: 1, 2, 3 or 5 times a power of ten (as ECharts picks). */
function niceStep(raw: number): number {
  const exp = Math.floor(Math.log10(raw));
  const base = 10 ** exp;
  const f = raw / base;
  const nice = f < 1.5 ? 1 : f < 2.5 ? 2 : f < 4 ? 3 : f < 7 ? 5 : 10;
  return nice * base;
}

/** Drops float noise (0.30000000000000004) from a multiple of the step. */
const clean = (v: number): number => Number.parseFloat(v.toPrecision(12));

/** Decimals a step needs to tell its ticks apart (0.5 → 1, 2 → 0). */
const decimalsOf = (step: number): number => Math.max(0, -Math.floor(Math.log10(step) + 1e-9));

/** Compact units by power of a thousand, for a scale chosen once per axis. */
const SCALES = [1e12, 1e9, 1e6, 1e3];

/**
 * `value` in a fixed compact unit (`scale` = 1e3 → "K"), written as the locale writes that unit:
 * the locale's compact pattern of a sample in that unit, with the number swapped in.
 */
function formatScaled(
  value: number,
  scale: number,
  decimals: number,
  format: ColumnFormat,
  locale: string,
  currency?: string,
): string {
  const base: Intl.NumberFormatOptions = format === 'currency' ? currencyStyle(currency) : {};
  const pattern = nf(locale, {
    ...base,
    notation: 'compact',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).formatToParts(Math.sign(value || 1) * 1.5 * scale);
  const number = nf(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    Math.abs(value) / scale,
  );
  const numeric = new Set(['integer', 'group', 'decimal', 'fraction']);
  let out = '';
  let placed = false;
  for (const part of pattern) {
    if (!numeric.has(part.type)) out += part.value;
    else if (!placed) {
      out += number;
      placed = true;
    }
  }
  return out;
}

/**
 * A value axis for data between `dataMin` and `dataMax` (zero always included): about
 * `splitNumber` nice steps, and labels that all use one compact unit, chosen from the largest
 * tick (above 10 000: K, M, B …), and the decimals the step needs — so one axis never mixes
 * "9,000" and "12K", and counts never get ".00". Rates (`percent`) are fractions.
 */
export function niceAxis(
  dataMin: number,
  dataMax: number,
  format: ColumnFormat,
  locale: string,
  options: { splitNumber?: number; integer?: boolean; currency?: string } = {},
): AxisScale {
  const { currency } = options;
  const splitNumber = options.splitNumber ?? 5;
  let lo = Math.min(0, Number.isFinite(dataMin) ? dataMin : 0);
  let hi = Math.max(0, Number.isFinite(dataMax) ? dataMax : 0);
  if (lo === hi) hi = format === 'percent' ? 0.01 : 1;
  let interval = niceStep((hi - lo) / splitNumber);
  // Whole things (orders, sessions) are never counted in halves.
  if (options.integer && format !== 'percent') interval = Math.max(1, interval);
  lo = clean(Math.floor(lo / interval) * interval);
  hi = clean(Math.ceil(hi / interval) * interval);
  const maxAbs = Math.max(Math.abs(lo), Math.abs(hi));
  const scale =
    format === 'percent' || maxAbs <= COMPACT_THRESHOLD ? 1 : (SCALES.find((s) => maxAbs >= s) ?? 1);
  let label: (v: number) => string;
  if (format === 'percent') {
    const d = decimalsOf(interval * 100);
    label = (v) =>
      nf(locale, { style: 'percent', minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
  } else if (scale > 1) {
    const d = decimalsOf(interval / scale);
    label = (v) =>
      v === 0
        ? formatNumber(0, format, { locale, decimals: 0, currency })
        : formatScaled(v, scale, d, format, locale, currency);
  } else {
    const d = decimalsOf(interval);
    label = (v) => formatNumber(v, format, { locale, decimals: d, currency });
  }
  return { min: lo, max: hi, interval, label };
}
