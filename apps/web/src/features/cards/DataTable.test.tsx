import type { TCard } from '@parley/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, Providers } from './cards.testkit';
import { DataTable } from './DataTable';

beforeAll(initTestI18n);
afterEach(cleanup);

/** Revenue and orders by region against the previous month, as the engine builds it. */
const card: TCard = {
  title: 'Revenue by Region, last month vs the month before',
  text: '<p>EMEA led Revenue with <b>$150</b>, down <b>12%</b> on the month before.</p>',
  date: '2026-11-20T10:00:00.000Z',
  table: [
    {
      Region: 'EMEA',
      Revenue: 150,
      Orders: 30,
      Previous_Revenue: 172.2,
      Previous_Orders: 20,
      Revenue__change: -12.89,
      'Revenue__%': 60,
      'Orders__%': 75,
    },
    {
      Region: 'APAC',
      Revenue: 100,
      Orders: 10,
      Previous_Revenue: 0,
      Previous_Orders: 20,
      Revenue__change: null,
      'Revenue__%': 40,
      'Orders__%': 25,
    },
  ],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Orders', label: 'Orders', kind: 'measure', format: 'number' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Orders', label: 'Previous Orders', kind: 'measure', format: 'number' },
    { key: 'Revenue__change', label: 'Revenue Change %', kind: 'measure', format: 'percent' },
    { key: 'Revenue__%', label: '% of total Revenue', kind: 'measure', format: 'percent' },
    { key: 'Orders__%', label: '% of total Orders', kind: 'measure', format: 'percent' },
  ],
  chart: [],
  insights: [],
};

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('DataTable', () => {
  it('writes a row’s change as the card’s text does, and the totals row the change of the totals', () => {
    render(<DataTable card={card} />, { wrapper: Providers });
    const [, emea, apac] = screen.getAllByRole('row');
    // −12.89 % reads −12 % (toward zero), as "down 12%" in the text; from 0 it is ∞.
    expect(cellsOf(emea).at(-1)).toBe('▼down −12%');
    expect(cellsOf(apac).at(-1)).toBe('▲up +∞');
    const total = screen.getAllByRole('row').at(-1)!;
    // 250 against 172.20: +45.18 % → +45 %.
    expect(cellsOf(total)).toEqual(['Total', '$250', '40', '$172.20', '40', '▲up +45%']);
  });

  it('shows a share in every amount column of the % view, naming the total', () => {
    render(<DataTable card={card} />, { wrapper: Providers });
    fireEvent.click(screen.getByTestId('table-percent-toggle'));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↕↑↓]$/, ''));
    expect(headers).toEqual([
      'Region',
      '% of total Revenue',
      '% of total Orders',
      '% of total Previous Revenue',
      '% of total Previous Orders',
      'Revenue Change %',
    ]);
    const [, emea] = screen.getAllByRole('row');
    expect(cellsOf(emea)).toEqual(['EMEA', '60%', '75%', '100%', '50%', '▼down −12%']);
  });

  it('offers no % toggle when an amount column has no share', () => {
    const average: TCard = {
      ...card,
      table: card.table.map((r) => ({ ...r, 'Average Order Value': 5 })),
      columns: [
        ...card.columns,
        { key: 'Average Order Value', label: 'Average Order Value', kind: 'measure', format: 'currency' },
      ],
    };
    render(<DataTable card={average} />, { wrapper: Providers });
    expect(screen.queryByTestId('table-percent-toggle')).toBeNull();
  });

  it('shows a rate (a fraction) as a percentage', () => {
    const rate: TCard = {
      ...card,
      table: [
        { Region: 'EMEA', 'Conversion Rate': 0.0342 },
        { Region: 'APAC', 'Conversion Rate': 0.021 },
      ],
      columns: [
        { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
        { key: 'Conversion Rate', label: 'Conversion Rate', kind: 'measure', format: 'percent' },
      ],
    };
    render(<DataTable card={rate} />, { wrapper: Providers });
    const [, emea, apac] = screen.getAllByRole('row');
    expect(cellsOf(emea)).toEqual(['EMEA', '3.4%']);
    expect(cellsOf(apac)).toEqual(['APAC', '2.1%']);
  });
});
