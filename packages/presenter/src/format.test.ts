import { describe, expect, it } from 'vitest';
import {
  displayChange,
  formatCell,
  formatChange,
  formatDate,
  formatNumber,
  formatShare,
  formatValue,
  isCompactValue,
} from './format';

describe('displayChange', () => {
  it('rounds down keeping the sign', () => {
    expect(displayChange(12.9, 113, 100, 'en-US')).toEqual({ direction: 'up', text: '12%' });
    expect(displayChange(-3.7, 96, 100, 'en-US')).toEqual({ direction: 'down', text: '3%' });
    expect(displayChange(0.4, 100.4, 100, 'en-US')).toEqual({ direction: 'flat', text: '0%' });
  });
  it('shows ∞ when the previous value is 0 and the current above 0', () => {
    expect(displayChange(null, 50, 0, 'en-US')).toEqual({ direction: 'up', text: '∞' });
  });
  it('shows a dash when there is nothing to compare', () => {
    expect(displayChange(null, 0, 0, 'en-US').text).toBe('–');
    expect(displayChange(undefined, null, null, 'en-US').text).toBe('–');
  });
  it('groups thousands in the locale', () => {
    expect(displayChange(1234.5, 1, 1, 'en-US').text).toBe('1,234%');
    // Turkish writes the percent sign first.
    expect(displayChange(1234.5, 1, 1, 'tr').text).toBe('%1.234');
  });
});

describe('compact numbers', () => {
  it('applies above 10 000 with more than 3 columns only', () => {
    expect(isCompactValue(10_001, 4)).toBe(true);
    expect(isCompactValue(10_000, 4)).toBe(false);
    expect(isCompactValue(-20_000, 4)).toBe(true);
    expect(isCompactValue(50_000, 3)).toBe(false);
  });
  it('formats with one decimal', () => {
    expect(formatNumber(12_345, 'number', { locale: 'en-US', compact: true })).toBe('12.3K');
    expect(formatNumber(1_250_000, 'currency', { locale: 'en-US', compact: true })).toBe('$1.3M');
    expect(formatNumber(9_999, 'number', { locale: 'en-US', compact: true })).toBe('9,999');
  });
});

describe('formatValue', () => {
  it('formats currency, percent fractions and numbers by locale', () => {
    expect(formatValue(1234.5, 'currency', { locale: 'en-US' })).toBe('$1,235');
    expect(formatValue(12.5, 'currency', { locale: 'en-US' })).toBe('$12.50');
    expect(formatValue(0.034, 'percent', { locale: 'en-US' })).toBe('3.4%');
    expect(formatValue(0.034, 'percent', { locale: 'tr' })).toBe('%3,4');
    expect(formatValue(1234.567, 'number', { locale: 'en-GB' })).toBe('1,234.57');
    expect(formatValue(1234.567, 'number', { locale: 'tr' })).toBe('1.234,57');
  });
  it('uses two decimals for totals', () => {
    expect(formatValue(1000, 'number', { locale: 'en-US', decimals: 2 })).toBe('1,000.00');
  });
  it('formats dates by grain and shows a dash for empty values', () => {
    expect(formatDate('2026-03-01', 'en-US', 'month')).toBe('Mar 2026');
    expect(formatDate('2026-04-01', 'en-US', 'quarter')).toBe('Q2 2026');
    expect(formatDate('2026-03-05', 'en-GB')).toBe('5 Mar 2026');
    expect(formatValue(null, 'number', { locale: 'en-US' })).toBe('–');
    expect(formatValue('EMEA', 'number', { locale: 'en-US' })).toBe('EMEA');
  });
  it('formats shares that are already percentages', () => {
    expect(formatShare(12.345, 'en-US')).toBe('12.3%');
    expect(formatShare(null, 'en-US')).toBe('–');
  });
  it('shows a dash for values that are not finite', () => {
    expect(formatValue(Number.NaN, 'number', { locale: 'en-US' })).toBe('–');
    expect(formatValue(Number.POSITIVE_INFINITY, 'currency', { locale: 'en-US' })).toBe('–');
  });
});

describe('formatChange', () => {
  it('signs a percent change with one decimal in the locale', () => {
    expect(formatChange(12.5, 'en-US')).toBe('+12.5%');
    expect(formatChange(-3.25, 'en-US')).toBe('−3.3%');
    expect(formatChange(0, 'en-US')).toBe('±0.0%');
    expect(formatChange(1234.5, 'tr')).toBe('+%1.234,5');
  });
  it('shows a dash when there is no change to show', () => {
    expect(formatChange(null, 'en-US')).toBe('–');
    expect(formatChange(Number.NaN, 'en-US')).toBe('–');
  });
});

describe('formatCell', () => {
  const en = { locale: 'en-US' };
  it('formats change and share columns as the percentages they are, rates as fractions', () => {
    expect(formatCell(14.55, { key: 'Revenue__change', format: 'percent' }, en)).toBe('+14.6%');
    expect(formatCell(44.81, { key: 'Revenue__%', format: 'percent' }, en)).toBe('44.8%');
    expect(formatCell(0.034, { key: 'Conversion Rate', format: 'percent' }, en)).toBe('3.4%');
  });
  it('formats other cells by their column, and numbers without a column', () => {
    expect(formatCell(1736936.42, { key: 'Revenue', format: 'currency' }, en)).toBe('$1,736,936');
    expect(formatCell('2026-03-01', { key: 'Month', format: 'date' }, { ...en, grain: 'month' })).toBe(
      'Mar 2026',
    );
    expect(formatCell(1234.567, undefined, en)).toBe('1,234.57');
    expect(formatCell(null, { key: 'Revenue__change', format: 'percent' }, en)).toBe('–');
    expect(formatCell('EMEA', undefined, en)).toBe('EMEA');
  });
});
