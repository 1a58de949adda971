import { describe, expect, it } from 'vitest';
import {
  cardChange,
  formatCell,
  formatChange,
  formatDate,
  formatDateRange,
  formatNumber,
  formatShare,
  formatValue,
  isCompactColumn,
  isCompactValue,
  niceAxis,
  percentChange,
} from './format';

describe('cardChange', () => {
  it('rounds toward zero, keeping the sign, so a rise and a fall of the same size read alike', () => {
    expect(cardChange(12.9, 'en-US')).toEqual({ direction: 'up', text: '12%', signed: '+12%' });
    expect(cardChange(-12.9, 'en-US')).toEqual({ direction: 'down', text: '12%', signed: '−12%' });
    expect(cardChange(-3.7, 'en-US')).toEqual({ direction: 'down', text: '3%', signed: '−3%' });
    expect(cardChange(0.4, 'en-US')).toEqual({ direction: 'flat', text: '0%', signed: '0%' });
    expect(cardChange(-0.4, 'en-US')).toEqual({ direction: 'flat', text: '0%', signed: '0%' });
  });
  it('reads a change the same whether it was stored with two decimals or recomputed', () => {
    // 11.996 is stored as 12.00 by the card builder; the text recomputes 11.996 from the rows.
    expect(cardChange(11.996, 'en-US').signed).toBe(cardChange(12, 'en-US').signed);
    expect(cardChange(-19.999, 'en-US').signed).toBe('−20%');
    // 13.999 is stored as 14.00, so it reads +14 %; 13.994 is stored as 13.99, +13 %.
    expect(cardChange(percentChange(113.999, 100), 'en-US').signed).toBe('+14%');
    expect(cardChange(percentChange(113.994, 100), 'en-US').signed).toBe('+13%');
  });
  it('shows ∞ when the previous value is 0 and the current above 0', () => {
    expect(cardChange(null, 'en-US', { current: 50, previous: 0 })).toEqual({
      direction: 'up',
      text: '∞',
      signed: '+∞',
    });
    expect(cardChange(null, 'en-US', { current: -5, previous: 0 }).text).toBe('–');
  });
  it('shows a dash when there is nothing to compare', () => {
    expect(cardChange(null, 'en-US', { current: 0, previous: 0 }).text).toBe('–');
    expect(cardChange(undefined, 'en-US').signed).toBe('–');
    expect(cardChange(Number.NaN, 'en-US').direction).toBe('none');
  });
  it('groups thousands in the locale', () => {
    expect(cardChange(1234.5, 'en-US').text).toBe('1,234%');
    // Turkish writes the percent sign first.
    expect(cardChange(1234.5, 'tr').text).toBe('%1.234');
    expect(cardChange(-12.5, 'tr').signed).toBe('−%12');
  });
});

describe('percentChange', () => {
  it('is the change against the size of the previous value', () => {
    expect(percentChange(110, 100)).toBe(10);
    expect(percentChange(-50, -100)).toBe(50);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(null, 100)).toBeNull();
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
    expect(formatCell(14.55, { key: 'Revenue__change', format: 'percent' }, en)).toBe('+14%');
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

/** Every tick label of an axis, lowest first. */
function ticks(axis: ReturnType<typeof niceAxis>): string[] {
  const out: string[] = [];
  for (let v = axis.min; v <= axis.max + axis.interval / 1e6; v += axis.interval)
    out.push(axis.label(v).replace(/[\u00a0\u202f]/g, ' '));
  return out;
}

describe('every column format in en-US, en-GB and tr', () => {
  const cases: [string, string, (locale: string) => string][] = [
    ['currency ≥ 1000 (whole)', 'en-US', (l) => formatValue(1234.5, 'currency', { locale: l })],
    ['currency with cents', 'en-US', (l) => formatValue(12.5, 'currency', { locale: l })],
    ['count', 'en-US', (l) => formatValue(1234, 'number', { locale: l })],
    ['rate (a fraction)', 'en-US', (l) => formatValue(0.0345, 'percent', { locale: l })],
    ['day', 'en-US', (l) => formatValue('2026-03-05', 'date', { locale: l })],
    ['month bucket', 'en-US', (l) => formatValue('2026-03-01', 'date', { locale: l, grain: 'month' })],
    ['compact column', 'en-US', (l) => formatNumber(9432, 'number', { locale: l, compact: 'always' })],
    ['compact money', 'en-US', (l) => formatNumber(1_250_000, 'currency', { locale: l, compact: 'always' })],
    ['total of a count column', 'en-US', (l) => formatValue(150_000, 'number', { locale: l })],
    ['change', 'en-US', (l) => cardChange(16.43, l).signed],
    ['share', 'en-US', (l) => formatShare(16.43, l)],
    ['period', 'en-US', (l) => formatDateRange('2026-10-01', '2026-10-31', l)],
  ];
  const expected: Record<string, [string, string, string]> = {
    'currency ≥ 1000 (whole)': ['$1,235', 'US$1,235', '$1.235'],
    'currency with cents': ['$12.50', 'US$12.50', '$12,50'],
    count: ['1,234', '1,234', '1.234'],
    'rate (a fraction)': ['3.5%', '3.5%', '%3,5'],
    day: ['Mar 5, 2026', '5 Mar 2026', '5 Mar 2026'],
    'month bucket': ['Mar 2026', 'Mar 2026', 'Mar 2026'],
    'compact column': ['9.4K', '9.4k', '9,4 B'],
    'compact money': ['$1.3M', 'US$1.3m', '$1,3 Mn'],
    'total of a count column': ['150,000', '150,000', '150.000'],
    change: ['+16%', '+16%', '+%16'],
    share: ['16.4%', '16.4%', '%16,4'],
    period: ['Oct 1 – 31, 2026', '1 – 31 Oct 2026', '1–31 Eki 2026'],
  };
  for (const [name, , fn] of cases) {
    it(name, () => {
      // Intl may use narrow no-break spaces around the range dash; compare with plain spaces.
      const got = ['en-US', 'en-GB', 'tr'].map((l) => fn(l).replace(/[\u2009\u202f\u00a0]/g, ' '));
      expect(got).toEqual(expected[name]);
    });
  }
  it('never gives a count decimals it does not have', () => {
    for (const l of ['en-US', 'en-GB', 'tr']) expect(formatValue(42, 'number', { locale: l })).toBe('42');
  });
});

describe('isCompactColumn', () => {
  it('compacts a whole column once one value is above 10 000 and there are more than 3 columns', () => {
    expect(isCompactColumn([9000, 12_000], 4)).toBe(true);
    expect(isCompactColumn([9000, 10_000], 4)).toBe(false);
    expect(isCompactColumn([9000, 12_000], 3)).toBe(false);
    expect(isCompactColumn(['EMEA', null], 5)).toBe(false);
  });
});

describe('niceAxis', () => {
  it('uses one unit for every tick of an axis (never "9,000" beside "12K")', () => {
    expect(ticks(niceAxis(0, 12_345, 'number', 'en-US', { integer: true }))).toEqual([
      '0',
      '2K',
      '4K',
      '6K',
      '8K',
      '10K',
      '12K',
      '14K',
    ]);
    expect(ticks(niceAxis(0, 12_345, 'number', 'en-GB'))).toContain('10k');
    expect(ticks(niceAxis(0, 12_345, 'number', 'tr'))).toContain('10 B');
  });
  it('writes money in one compact unit with the decimals the step needs', () => {
    expect(ticks(niceAxis(0, 1_734_000, 'currency', 'en-US'))).toEqual([
      '$0',
      '$0.3M',
      '$0.6M',
      '$0.9M',
      '$1.2M',
      '$1.5M',
      '$1.8M',
    ]);
    expect(ticks(niceAxis(0, 1_734_000, 'currency', 'en-GB'))[1]).toBe('US$0.3m');
    expect(ticks(niceAxis(0, 1_734_000, 'currency', 'tr'))[1]).toBe('$0,3 Mn');
    expect(ticks(niceAxis(-25_000, 80_000, 'currency', 'en-US'))).toEqual([
      '-$40K',
      '-$20K',
      '$0',
      '$20K',
      '$40K',
      '$60K',
      '$80K',
    ]);
  });
  it('keeps small money and counts whole', () => {
    expect(ticks(niceAxis(0, 92.4, 'currency', 'en-US'))).toEqual(['$0', '$20', '$40', '$60', '$80', '$100']);
    expect(ticks(niceAxis(0, 7, 'number', 'en-US', { integer: true }))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(ticks(niceAxis(0, 9000, 'number', 'en-US'))).toEqual([
      '0',
      '2,000',
      '4,000',
      '6,000',
      '8,000',
      '10,000',
    ]);
  });
  it('writes rates (fractions) as percentages in the locale', () => {
    expect(ticks(niceAxis(0, 0.043, 'percent', 'en-US'))).toEqual(['0%', '1%', '2%', '3%', '4%', '5%']);
    expect(ticks(niceAxis(0, 0.043, 'percent', 'tr'))[1]).toBe('%1');
    expect(ticks(niceAxis(0, 0.0043, 'percent', 'en-GB'))[1]).toBe('0.1%');
  });
  it('draws an empty or flat series on a unit axis', () => {
    const axis = niceAxis(0, 0, 'number', 'en-US');
    expect(axis.max).toBeGreaterThan(axis.min);
  });
});

describe('a currency column in the currency its model names', () => {
  const eur = { key: 'Revenue', format: 'currency' as const, currency: 'EUR' };

  it('formats a cell in that currency, and in USD without one', () => {
    expect(formatCell(234.5, eur, { locale: 'en-US' })).toBe('€234.50');
    expect(formatCell(234.5, { ...eur, currency: undefined }, { locale: 'en-US' })).toBe('$234.50');
    expect(formatCell(1234, eur, { locale: 'de-DE' })).toBe('1.234\u00a0€');
    expect(formatCell(12_500, eur, { locale: 'en-GB', compact: true })).toBe('€12.5k');
  });

  it('leaves a currency off numbers and change columns', () => {
    expect(formatCell(3, { key: 'Orders', format: 'number', currency: 'EUR' }, { locale: 'en-US' })).toBe(
      '3',
    );
    expect(formatCell(12.5, { ...eur, key: 'Revenue__change' }, { locale: 'en-US' })).toBe('+12%');
  });

  it('falls back to USD for a code Intl does not know', () => {
    expect(formatNumber(5, 'currency', { locale: 'en-US', currency: 'XQQ' })).toBe('$5');
  });

  it('labels an axis in that currency', () => {
    const axis = niceAxis(0, 48_000, 'currency', 'en-US', { currency: 'GBP' });
    expect(axis.label(axis.max)).toMatch(/^£\d+K$/);
    expect(axis.label(0)).toBe('£0');
  });
});
