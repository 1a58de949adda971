import type { TCardColumn } from '@parley/contract';

/** Money in the demo data and connectors carries no currency; one is used everywhere (see report). */
export const CURRENCY = 'USD';
/** Values above this use compact notation when a table has more than 3 columns (spec 2 §9). */
export const COMPACT_THRESHOLD = 10_000;
export const COMPACT_MIN_COLUMNS = 3;

export type ColumnFormat = TCardColumn['format'];
type Grain = 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface FormatOptions {
  locale: string;
  /** Compact notation (1 decimal) for |value| above 10 000. */
  compact?: boolean;
  /** Fixed decimals (totals use 2). */
  decimals?: number;
  /** Time grain of date values, so months read "Mar 2026". */
  grain?: Grain;
}

const cache = new Map<string, Intl.NumberFormat>();
function nf(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** Whether a value is shown in compact notation under the table rule. */
export function isCompactValue(value: number, columnCount: number): boolean {
  return columnCount > COMPACT_MIN_COLUMNS && Math.abs(value) > COMPACT_THRESHOLD;
}

/** Formats a number by its column format: currency, percent (a fraction: 0.034 → 3.4 %), plain number. */
export function formatNumber(value: number, format: ColumnFormat, options: FormatOptions): string {
  const { locale, compact, decimals } = options;
  const digits =
    decimals !== undefined ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : undefined;
  if (format === 'percent') {
    return nf(locale, { style: 'percent', maximumFractionDigits: 1, ...(digits ?? {}) }).format(value);
  }
  const base: Intl.NumberFormatOptions =
    format === 'currency' ? { style: 'currency', currency: CURRENCY } : { maximumFractionDigits: 2 };
  if (compact && Math.abs(value) > COMPACT_THRESHOLD) {
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

/** Formats a bucket start date for its grain in the current locale. */
export function formatDate(value: string, locale: string, grain?: Grain): string {
  const d = parseIsoDate(value);
  if (!d) return value;
  switch (grain) {
    case 'year':
      return String(d.getFullYear());
    case 'quarter':
      return `Q${Math.floor(d.getMonth() / 3) + 1} ${d.getFullYear()}`;
    case 'month':
      return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }).format(d);
    default:
      return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
  }
}

/** Formats any cell value by its column format. */
export function formatValue(
  value: string | number | null | undefined,
  format: ColumnFormat,
  options: FormatOptions,
): string {
  if (value === null || value === undefined || value === '') return '–';
  if (format === 'date')
    return typeof value === 'string' ? formatDate(value, options.locale, options.grain) : String(value);
  if (typeof value === 'number') return formatNumber(value, format, options);
  return value;
}

/** A period-over-period change for display: rounded down (toward zero, sign kept), or ∞. */
export interface Change {
  direction: 'up' | 'down' | 'flat' | 'none';
  text: string;
}

/**
 * The change column's display (spec 2 §9): the percent change rounded down — Math.floor of the
 * absolute value with the sign kept — and ∞ when the previous value is 0 and the current above 0.
 */
export function displayChange(
  change: number | null | undefined,
  current: number | null | undefined,
  previous: number | null | undefined,
  locale: string,
): Change {
  if (change === null || change === undefined || !Number.isFinite(change)) {
    if (previous === 0 && typeof current === 'number' && current > 0) return { direction: 'up', text: '∞' };
    return { direction: 'none', text: '–' };
  }
  const rounded = Math.sign(change) * Math.floor(Math.abs(change));
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const text = `${nf(locale, { maximumFractionDigits: 0 }).format(Math.abs(rounded))}%`;
  return { direction, text };
}

/** The share of a `M__%` column: already in percent (12.5 = 12.5 %). */
export function formatShare(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '–';
  return `${nf(locale, { maximumFractionDigits: 1 }).format(value)}%`;
}
