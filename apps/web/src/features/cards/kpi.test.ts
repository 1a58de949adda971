import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { fitKpi, KPI_FONT, kpiTiles } from './kpi';
import { isKpiCard } from './views';

const card: TCard = {
  title: 'Revenue last month vs the month before',
  text: '',
  date: '2026-11-20T10:00:00Z',
  table: [{ Revenue: 1_736_936.42, Previous_Revenue: 1_492_000, Revenue__change: 16.42 }],
  columns: [
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
    { key: 'Revenue__change', label: 'Revenue Change %', kind: 'measure', format: 'percent' },
  ],
  chart: [{ chart: { type: 'bar' }, x: 'Revenue', y: ['Revenue', 'Previous_Revenue'] }],
  insights: [],
};

describe('kpiTiles', () => {
  it('formats the number, its previous value and the change like the table and the insights', () => {
    expect(kpiTiles(card, 'en-US')).toEqual([
      {
        key: 'Revenue',
        label: 'Revenue',
        value: '$1,736,936',
        compact: '$1.7M',
        previous: '$1,492,000',
        change: { text: '+16%', direction: 'up' },
      },
    ]);
    expect(kpiTiles(card, 'tr')[0]).toMatchObject({ value: '$1.736.936', change: { text: '+%16' } });
    expect(kpiTiles(card, 'en-GB')[0].value).toBe('US$1,736,936');
  });
  it('shows a rate as a percentage and a count without decimals', () => {
    const rate: TCard = {
      ...card,
      table: [{ 'Conversion Rate': 0.0342, Orders: 1204 }],
      columns: [
        { key: 'Conversion Rate', label: 'Conversion Rate', kind: 'measure', format: 'percent' },
        { key: 'Orders', label: 'Orders', kind: 'measure', format: 'number' },
      ],
    };
    expect(kpiTiles(rate, 'en-US').map((t) => [t.value, t.previous, t.change])).toEqual([
      ['3.4%', null, null],
      ['1,204', null, null],
    ]);
    expect(kpiTiles(rate, 'en-US').map((t) => t.compact)).toEqual(['3.4%', '1.2K']);
  });
  it('writes a currency the model names, and its compact form', () => {
    const euros: TCard = {
      ...card,
      table: [{ Revenue: 36_620_792 }],
      columns: [{ key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency', currency: 'EUR' }],
    };
    expect(kpiTiles(euros, 'en-US')[0]).toMatchObject({ value: '€36,620,792', compact: '€36.6M' });
    expect(kpiTiles(euros, 'tr')[0]).toMatchObject({ value: '€36.620.792', compact: '€36,6\u00a0Mn' });
  });
  it('is the view of one-row cards without a dimension or time', () => {
    expect(isKpiCard(card)).toBe(true);
    expect(
      isKpiCard({
        table: [{ Region: 'EMEA', Revenue: 1 }],
        columns: [
          { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
          { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
        ],
      }),
    ).toBe(false);
  });
});

describe('fitKpi', () => {
  // "$36,620,792" is about 5.6 px wide per px of font; "$36.6M" about 3.3.
  const widths = { full: 5.6, compact: 3.3 };
  it('draws the whole value as large as the width allows, up to the largest size', () => {
    expect(fitKpi(widths, 1000)).toEqual({ size: KPI_FONT.max, compact: false });
    expect(fitKpi(widths, 151)).toEqual({ size: 26, compact: false });
    expect(fitKpi(widths, 151, 24)).toEqual({ size: 24, compact: false });
  });
  it('switches to compact notation only when the whole value would be smaller than the minimum', () => {
    expect(fitKpi(widths, KPI_FONT.min * 5.6)).toEqual({ size: KPI_FONT.min, compact: false });
    expect(fitKpi(widths, 90)).toEqual({ size: 27, compact: true });
    expect(fitKpi(widths, 20)).toEqual({ size: KPI_FONT.min, compact: true });
  });
  it('keeps the largest size when nothing could be measured', () => {
    expect(fitKpi({ full: 0, compact: 0 }, 200)).toEqual({ size: KPI_FONT.max, compact: false });
  });
});
