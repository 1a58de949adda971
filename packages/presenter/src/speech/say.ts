/**
 * Numbers and dates the way people say them (English): "36.6 million dollars", "about 1,200",
 * "12 percent", "October 2025". Text for a speech engine, which reads digits and commas well but
 * reads "$36.6M" or "2025-10-01" badly.
 */
import type { TCardColumn } from '@parley/contract';

const CURRENCY_WORDS: Record<string, [one: string, many: string]> = {
  USD: ['dollar', 'dollars'],
  EUR: ['euro', 'euros'],
  GBP: ['pound', 'pounds'],
  TRY: ['lira', 'lira'],
  JPY: ['yen', 'yen'],
  CAD: ['Canadian dollar', 'Canadian dollars'],
  AUD: ['Australian dollar', 'Australian dollars'],
};

const MONTHS = [
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

const grouped = (n: number, digits = 0) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(n);

// Rounding that changes a value by more than this share of it is said as "about".
const ABOUT = 0.005;

/** A plain magnitude: millions and billions with one decimal, thousands to two or three figures. */
function magnitude(value: number): { words: string; rounded: number } {
  const abs = Math.abs(value);
  for (const [size, word] of [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ] as const) {
    if (abs >= size * 0.9995) {
      const scaled = Math.round((abs / size) * 10) / 10;
      return { words: `${grouped(scaled, 1)} ${word}`, rounded: scaled * size };
    }
  }
  // 1,234 → 1,200 and 36,612 → 37,000: the figure one remembers, not every digit.
  const step = abs >= 10_000 ? 1000 : abs >= 1000 ? 100 : abs >= 100 ? 1 : abs >= 10 ? 0.1 : 0.01;
  const rounded = Math.round(abs / step) * step;
  return { words: grouped(rounded, step >= 1 ? 0 : step === 0.1 ? 1 : 2), rounded };
}

/** A value of a column as said aloud: "36.6 million dollars", "about 1,200", "12.5 percent". */
export function sayValue(value: number, column: Pick<TCardColumn, 'format' | 'currency'>): string {
  if (!Number.isFinite(value)) return 'no value';
  const sign = value < 0 ? 'minus ' : '';
  if (column.format === 'percent') {
    const pct = Math.abs(value) * 100;
    const digits = pct < 10 ? 1 : 0;
    return `${sign}${grouped(pct, digits)} percent`;
  }
  const { words, rounded } = magnitude(value);
  const about = Math.abs(rounded - Math.abs(value)) > Math.abs(value) * ABOUT ? 'about ' : '';
  if (column.format !== 'currency') return `${about}${sign}${words}`;
  const code = (column.currency ?? 'USD').toUpperCase();
  const [one, many] = CURRENCY_WORDS[code] ?? [code, code];
  return `${about}${sign}${words} ${Math.abs(value) === 1 ? one : many}`;
}

/** A percent change (12.5 = +12.5 %) as "up 12 percent" / "down 3 percent" / "unchanged", toward zero as the card writes it. */
export function sayChange(change: number): string {
  const whole = Math.trunc(Math.round(change * 100) / 100);
  if (whole === 0)
    return Math.abs(change) < 0.5 ? 'about the same' : `${change > 0 ? 'up' : 'down'} less than 1 percent`;
  return `${whole > 0 ? 'up' : 'down'} ${grouped(Math.abs(whole))} percent`;
}

function parts(iso: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) } : null;
}

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** An inclusive date range in words: "2025", "October 2025", "October 5, 2025", "October 1 to November 15, 2025". */
export function sayDateRange(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (!a || !b) return `${from} to ${to}`;
  const month = (p: { m: number }) => MONTHS[p.m - 1]!;
  if (a.y === b.y && a.m === 1 && a.d === 1 && b.m === 12 && b.d === 31) return String(a.y);
  if (a.y === b.y && a.m === b.m && a.d === 1 && b.d === lastDay(b.y, b.m)) return `${month(a)} ${a.y}`;
  if (a.y === b.y && a.m === b.m && a.d === b.d) return `${month(a)} ${a.d}, ${a.y}`;
  if (a.y === b.y && a.m === b.m) return `${month(a)} ${a.d} to ${b.d}, ${a.y}`;
  if (a.y === b.y) return `${month(a)} ${a.d} to ${month(b)} ${b.d}, ${a.y}`;
  return `${month(a)} ${a.d}, ${a.y} to ${month(b)} ${b.d}, ${b.y}`;
}

/** "A", "A and B", "A, B and C". */
export function sayList(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}
