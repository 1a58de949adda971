/** Number formatting for card text and insights (tables carry raw numbers; the web formats them). */
import type { TCardColumn } from '@parley/contract';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A value as a short human string: 1,234 · 1.2M · 3.4 % · 2026-11-01. */
export function formatValue(value: unknown, format: TCardColumn['format']): string {
  if (value === null || value === undefined) return '–';
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return '–';
  switch (format) {
    case 'percent':
      return `${(value * 100).toFixed(Math.abs(value) < 0.1 ? 2 : 1)} %`;
    case 'currency':
      return Math.abs(value) >= 100_000 ? COMPACT.format(value) : MONEY.format(value);
    case 'number':
      return Math.abs(value) >= 100_000
        ? COMPACT.format(value)
        : Math.abs(value) < 10 && !Number.isInteger(value)
          ? value.toFixed(2)
          : NUMBER.format(value);
    case 'date':
      return String(value);
  }
}

/** A percent change (12.5 = +12.5 %) with its sign. */
export function formatChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '–';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${Math.abs(change).toFixed(1)} %`;
}
