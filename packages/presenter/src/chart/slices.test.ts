/** Pies and donuts only for additive shares: the view of a pie spec whose measure is no part of a whole is bars. */
import type { TCard, TCardChart, TCardColumn } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { chartViewType, formsWhole, slicesFit } from '.';

const measure = (label: string, extra: Partial<TCardColumn> = {}): TCardColumn => ({
  key: label,
  label,
  kind: 'measure',
  format: 'currency',
  ...extra,
});

function card(y: TCardColumn, values: number[]): Pick<TCard, 'columns' | 'table'> {
  return {
    columns: [{ key: 'Region', label: 'Region', kind: 'dimension', format: 'number' }, y],
    table: values.map((v, i) => ({ Region: `R${i}`, [y.key]: v })),
  };
}

const pie = (y: string, type: 'pie' | 'donut' = 'pie'): TCardChart => ({
  chart: { type },
  x: 'Region',
  y: [y],
});

describe('slices only for parts of a whole', () => {
  it('keeps a pie and a donut of a sum', () => {
    const c = card(measure('Revenue', { additive: true }), [3, 2, 1]);
    expect(chartViewType(pie('Revenue'), c)).toBe('pie');
    expect(chartViewType(pie('Revenue', 'donut'), c)).toBe('donut');
  });

  it('draws a pie spec of an average, a rate, a percentage or a distinct count as bars', () => {
    const cases: TCardColumn[] = [
      measure('Average Order Value', { additive: false }),
      measure('Average Order Value'),
      measure('Bounce Rate', { format: 'percent' }),
      measure('Revenue per Customer'),
      measure('Share', { format: 'percent', additive: true }),
      measure('Customers', { format: 'number', additive: false }),
    ];
    for (const col of cases) {
      const c = card(col, [3, 2, 1]);
      expect(slicesFit(c, pie(col.key)), col.label).toBe(false);
      expect(chartViewType(pie(col.key), c), col.label).toBe('bar');
      expect(chartViewType(pie(col.key, 'donut'), c), col.label).toBe('bar');
    }
  });

  it('trusts the card over the label: a measure marked additive is a whole whatever it is called', () => {
    expect(formsWhole(measure('Orders per region', { additive: true }))).toBe(true);
    expect(formsWhole(measure('Customers', { additive: false }))).toBe(false);
    // An older card without the mark: told by its label and format.
    expect(formsWhole(measure('Revenue'))).toBe(true);
    expect(formsWhole(measure('Avg basket'))).toBe(false);
  });

  it('draws no slice for a negative value', () => {
    const c = card(measure('Profit', { additive: true }), [3, -2, 1]);
    expect(chartViewType(pie('Profit'), c)).toBe('bar');
  });

  it('never stacks what does not add up', () => {
    const c = card(measure('Customers', { format: 'number', additive: false }), [3, 2]);
    const spec: TCardChart = { chart: { type: 'bar', stacked: true }, x: 'Region', y: ['Customers'] };
    expect(chartViewType(spec, c)).toBe('bar');
    expect(chartViewType(spec, card(measure('Revenue', { additive: true }), [3, 2]))).toBe('bar-stacked');
  });
});
