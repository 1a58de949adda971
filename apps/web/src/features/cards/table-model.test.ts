import type { TCardColumn } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import {
  canShowShares,
  displayColumns,
  hasShareColumns,
  isSummable,
  nextSort,
  shownPart,
  showTotals,
  sortRows,
  totalChange,
  totals,
  withPreviousShares,
} from './table-model';

const columns: TCardColumn[] = [
  { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
  { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
  { key: 'Revenue__%', label: 'Revenue %', kind: 'measure', format: 'number' },
  { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
  { key: 'Revenue__change', label: 'Revenue Change %', kind: 'measure', format: 'number' },
  { key: 'Conversion Rate', label: 'Conversion Rate', kind: 'measure', format: 'percent' },
];
const rows = [
  {
    Region: 'EMEA',
    Revenue: 300,
    'Revenue__%': 50,
    Previous_Revenue: 200,
    Revenue__change: 50,
    'Conversion Rate': 0.03,
  },
  {
    Region: 'APAC',
    Revenue: 100,
    'Revenue__%': 16.67,
    Previous_Revenue: 0,
    Revenue__change: null,
    'Conversion Rate': 0.02,
  },
  {
    Region: 'Americas',
    Revenue: 200,
    'Revenue__%': 33.33,
    Previous_Revenue: 250,
    Revenue__change: -20,
    'Conversion Rate': null,
  },
];

describe('sorting', () => {
  it('cycles ascending → descending → none per column', () => {
    const a = nextSort(null, 'Revenue');
    expect(a).toEqual({ key: 'Revenue', dir: 'asc' });
    const b = nextSort(a, 'Revenue');
    expect(b).toEqual({ key: 'Revenue', dir: 'desc' });
    expect(nextSort(b, 'Revenue')).toBeNull();
    expect(nextSort(b, 'Region')).toEqual({ key: 'Region', dir: 'asc' });
  });
  it('sorts numbers and text, empty values last', () => {
    expect(sortRows(rows, { key: 'Revenue', dir: 'asc' }).map((r) => r.Region)).toEqual([
      'APAC',
      'Americas',
      'EMEA',
    ]);
    expect(sortRows(rows, { key: 'Revenue', dir: 'desc' }).map((r) => r.Region)).toEqual([
      'EMEA',
      'Americas',
      'APAC',
    ]);
    expect(sortRows(rows, { key: 'Region', dir: 'asc' }).map((r) => r.Region)).toEqual([
      'Americas',
      'APAC',
      'EMEA',
    ]);
    expect(sortRows(rows, { key: 'Conversion Rate', dir: 'desc' }).map((r) => r.Region)).toEqual([
      'EMEA',
      'APAC',
      'Americas',
    ]);
    expect(sortRows(rows, null)).toEqual(rows);
  });
});

describe('display columns', () => {
  it('hides share columns and offers the % toggle', () => {
    expect(hasShareColumns(columns)).toBe(true);
    const shown = displayColumns(columns, false);
    expect(shown.map((c) => c.key)).toEqual([
      'Region',
      'Revenue',
      'Previous_Revenue',
      'Revenue__change',
      'Conversion Rate',
    ]);
    expect(shown.find((c) => c.key === 'Revenue__change')).toMatchObject({
      role: 'change',
      measureKey: 'Revenue',
      previousKey: 'Previous_Revenue',
    });
  });
  it('shows the share instead of the measure in percent mode', () => {
    const revenue = displayColumns(columns, true).find((c) => c.key === 'Revenue');
    expect(revenue).toMatchObject({ role: 'share', sortKey: 'Revenue__%' });
  });
});

describe('the % view', () => {
  it('on a top N: previous shares of the whole previous total, and the rows named as a part', () => {
    const top = columns.map((c) =>
      c.key === 'Revenue' || c.key === 'Previous_Revenue'
        ? { ...c, part: { shown: 3, whole: c.key === 'Revenue' ? 1200 : 900 } }
        : c,
    );
    const table = withPreviousShares(rows, top);
    expect(table.map((r) => r['Previous_Revenue__%'])).toEqual([22.22, 0, 27.78]);
    expect(shownPart(top)).toBe(3);
    expect(shownPart(columns)).toBeNull();
    expect(displayColumns(top, true)[1].shareOfShown).toBeUndefined();
    // Without the whole total, the share column says it is of the rows shown.
    const unknown = top.map((c) => (c.part ? { ...c, part: { shown: 3, whole: null } } : c));
    expect(displayColumns(unknown, true)[1]).toMatchObject({ role: 'share', shareOfShown: 3 });
  });
  it('shows a share in every amount column of a row, the previous value’s of the previous total', () => {
    expect(canShowShares(columns)).toBe(true);
    const shown = displayColumns(columns, true);
    expect(shown.map((c) => [c.key, c.role, c.sortKey])).toEqual([
      ['Region', 'dimension', 'Region'],
      ['Revenue', 'share', 'Revenue__%'],
      ['Previous_Revenue', 'share', 'Previous_Revenue__%'],
      // A change and a rate are already percentages: they stay as they are.
      ['Revenue__change', 'change', 'Revenue__change'],
      ['Conversion Rate', 'measure', 'Conversion Rate'],
    ]);
    const table = withPreviousShares(rows, columns);
    expect(table.map((r) => r['Previous_Revenue__%'])).toEqual([44.44, 0, 55.56]);
    expect(totals(table, shown)).toMatchObject({ Revenue: 100, Previous_Revenue: 100 });
    // The card's own rows are left as they were.
    expect(rows[0]).not.toHaveProperty('Previous_Revenue__%');
  });
  it('is not offered when an amount column has no share (an average): never a half-% row', () => {
    const withAverage: TCardColumn[] = [
      ...columns,
      { key: 'Average Order Value', label: 'Average Order Value', kind: 'measure', format: 'currency' },
    ];
    expect(hasShareColumns(withAverage)).toBe(true);
    expect(canShowShares(withAverage)).toBe(false);
    expect(displayColumns(withAverage, true).some((c) => c.role === 'share')).toBe(false);
  });
  it('is not offered without shares, nor for a table of rates only', () => {
    expect(canShowShares(columns.filter((c) => c.key !== 'Revenue__%'))).toBe(false);
    expect(
      canShowShares([
        { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
        { key: 'Conversion Rate', label: 'Conversion Rate', kind: 'measure', format: 'percent' },
      ]),
    ).toBe(false);
  });
});

describe('the totals row’s change', () => {
  it('is the change of the totals (600 against 450), not a sum of the rows’ changes', () => {
    const change = displayColumns(columns, false).find((c) => c.key === 'Revenue__change')!;
    expect(totalChange(rows, change, 'en-US')).toEqual({ direction: 'up', text: '33%', signed: '+33%' });
    // In the % view too: the change is of the amounts, never of the shares.
    const inPercent = displayColumns(columns, true).find((c) => c.key === 'Revenue__change')!;
    expect(totalChange(withPreviousShares(rows, columns), inPercent, 'tr')?.signed).toBe('+%33');
  });
  it('rounds a fall toward zero and writes ∞ from a previous total of 0', () => {
    const change = displayColumns(columns, false).find((c) => c.key === 'Revenue__change')!;
    const fall = [
      { Region: 'EMEA', Revenue: 87.1, Previous_Revenue: 50 },
      { Region: 'APAC', Revenue: 0, Previous_Revenue: 50 },
    ];
    expect(totalChange(fall, change, 'en-US')?.signed).toBe('−12%');
    const fromZero = [
      { Region: 'EMEA', Revenue: 5, Previous_Revenue: 0 },
      { Region: 'APAC', Revenue: 5, Previous_Revenue: 0 },
    ];
    expect(totalChange(fromZero, change, 'en-US')?.signed).toBe('+∞');
  });
  it('is left empty for a measure that does not add up, and for other columns', () => {
    const rate: TCardColumn[] = [
      { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
      { key: 'Conversion Rate', label: 'Conversion Rate', kind: 'measure', format: 'percent' },
      { key: 'Previous_Conversion Rate', label: 'Previous', kind: 'measure', format: 'percent' },
      { key: 'Conversion Rate__change', label: 'Change', kind: 'measure', format: 'percent' },
    ];
    const shown = displayColumns(rate, false);
    expect(shown.map((c) => totalChange(rows, c, 'en-US'))).toEqual([null, null, null, null]);
  });
});

describe('totals', () => {
  it('sums summable measures with two decimals, not rates or changes', () => {
    const shown = displayColumns(columns, false);
    expect(showTotals(rows, shown)).toBe(true);
    const sums = totals(rows, shown);
    expect(sums).toMatchObject({ Region: null, Revenue: 600, Previous_Revenue: 450, Revenue__change: null });
    expect(sums['Conversion Rate']).toBeNull();
    expect(totals(rows, displayColumns(columns, true)).Revenue).toBe(100);
  });
  it('treats averages as not summable', () => {
    expect(
      isSummable({
        key: 'Average Order Value',
        label: 'Average Order Value',
        role: 'measure',
        format: 'currency',
        sortKey: 'x',
      }),
    ).toBe(false);
  });
  it('shows no totals for a single row', () => {
    expect(showTotals(rows.slice(0, 1), displayColumns(columns, false))).toBe(false);
  });
  it('sums a forecast but not its bounds', () => {
    const forecast: TCardColumn[] = [
      { key: 'Month', label: 'Month', kind: 'time', format: 'date' },
      { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
      { key: 'Forecast_Revenue', label: 'Forecast Revenue', kind: 'measure', format: 'currency' },
      { key: 'Forecast_Revenue__low', label: 'Forecast Revenue (low)', kind: 'measure', format: 'currency' },
      {
        key: 'Forecast_Revenue__high',
        label: 'Forecast Revenue (high)',
        kind: 'measure',
        format: 'currency',
      },
    ];
    expect(displayColumns(forecast, false).map(isSummable)).toEqual([false, true, true, false, false]);
  });
  it('shows no totals for a drivers table: each dimension splits the same change again', () => {
    const drivers: TCardColumn[] = [
      { key: 'Dimension', label: 'Dimension', kind: 'dimension', format: 'number' },
      { key: 'Value', label: 'Value', kind: 'dimension', format: 'number' },
      { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
      { key: 'Revenue__contribution', label: 'Revenue Contribution %', kind: 'measure', format: 'number' },
    ];
    const table = [
      { Dimension: 'Region', Value: 'EMEA', Revenue: 10, Revenue__contribution: 100 },
      { Dimension: 'Channel', Value: 'Email', Revenue: 10, Revenue__contribution: 100 },
    ];
    expect(showTotals(table, displayColumns(drivers, false))).toBe(false);
  });
  it('tells a drivers table by the card’s kind, and by its columns on a card stored without one', () => {
    const shown = displayColumns(columns, false);
    expect(showTotals(rows, shown, 'drivers')).toBe(false);
    expect(showTotals(rows, shown, 'aggregate')).toBe(true);
    expect(showTotals(rows, shown, undefined)).toBe(true);
    const drivers = displayColumns(
      [
        { key: 'Value', label: 'Value', kind: 'dimension', format: 'number' },
        { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
        { key: 'Revenue__contribution', label: 'Revenue Contribution %', kind: 'measure', format: 'number' },
      ],
      false,
    );
    const table = [
      { Value: 'EMEA', Revenue: 10, Revenue__contribution: 100 },
      { Value: 'Email', Revenue: 10, Revenue__contribution: 100 },
    ];
    expect(showTotals(table, drivers, 'drivers')).toBe(false);
    expect(showTotals(table, drivers, undefined)).toBe(false);
  });
});
