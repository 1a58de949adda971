import type { TSemanticQuery } from '@parley/contract';
import { ZCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { getDemoModel } from '../../model/demo-model';
import { ModelError } from '../../model/semantic-model';
import {
  buildDriversCard,
  computeContributions,
  DRIVER_REST_KEY,
  DRIVER_ROWS_PER_DIMENSION,
  explanatoryScore,
  isDriversRestRow,
  planDrivers,
} from './drivers';

const model = getDemoModel();
const options = { dialect: 'duckdb' as const, today: '2026-11-20', weekStart: 'monday' as const };
const why = (measure: string, extra: Partial<TSemanticQuery> = {}): TSemanticQuery => ({
  measures: [measure],
  dimensions: [],
  timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
  compare: 'previous_period',
  filters: [],
  analysis: { kind: 'drivers' },
  ...extra,
});

describe('computeContributions', () => {
  it('splits a hand-computed change and adds up to 100 %', () => {
    // Total 300 → 240: −60. EMEA −80 (133.3 %), APAC +30 (−50 %), Americas −10 (16.7 %).
    const c = computeContributions([
      { value: 'EMEA', current: 100, previous: 180 },
      { value: 'APAC', current: 80, previous: 50 },
      { value: 'Americas', current: 60, previous: 70 },
    ]);
    expect(c.map((x) => x.delta)).toEqual([-80, 30, -10]);
    expect(c[0].contribution).toBeCloseTo(133.333, 3);
    expect(c[1].contribution).toBeCloseTo(-50, 6);
    expect(c[2].contribution).toBeCloseTo(16.667, 3);
    expect(c.reduce((a, x) => a + (x.contribution ?? 0), 0)).toBeCloseTo(100, 9);
  });

  it('is null when the total change is 0', () => {
    const c = computeContributions([
      { value: 'a', current: 10, previous: 5 },
      { value: 'b', current: 5, previous: 10 },
    ]);
    expect(c.map((x) => x.contribution)).toEqual([null, null]);
  });

  it('splits a ratio exactly: contributions sum to the change of N/D', () => {
    // AOV: before (100+300)/(10+10) = 20; after (100+600)/(10+20) = 23.333…
    const rows = [
      {
        value: 'a',
        current: 10,
        previous: 10,
        num: [100, 100] as [number, number],
        den: [10, 10] as [number, number],
      },
      {
        value: 'b',
        current: 30,
        previous: 30,
        num: [600, 300] as [number, number],
        den: [20, 10] as [number, number],
      },
    ];
    const c = computeContributions(rows);
    expect(c[0].delta + c[1].delta).toBeCloseTo(700 / 30 - 20, 9);
    expect(c.reduce((a, x) => a + (x.contribution ?? 0), 0)).toBeCloseTo(100, 9);
    // a kept its rate (10) but lost weight below the old average (20): it lifts AOV as much as
    // b, whose orders doubled at a rate above it. Both explain half of +3.33.
    expect(c[0].delta).toBeCloseTo(5 / 3, 9);
    expect(c[1].delta).toBeCloseTo(5 / 3, 9);
  });
});

describe('explanatoryScore', () => {
  it('ranks one value carrying the change above an even spread or one that nets out', () => {
    const one = computeContributions([
      { value: 'a', current: 0, previous: 100 },
      { value: 'b', current: 100, previous: 100 },
      { value: 'c', current: 100, previous: 100 },
    ]);
    const even = computeContributions([
      { value: 'a', current: 67, previous: 100 },
      { value: 'b', current: 67, previous: 100 },
      { value: 'c', current: 66, previous: 100 },
    ]);
    const cancelling = computeContributions([
      { value: 'a', current: 0, previous: 200 },
      { value: 'b', current: 190, previous: 90 },
    ]);
    expect(explanatoryScore(one)).toBeCloseTo(1, 9);
    expect(explanatoryScore(even)).toBeLessThan(0.01);
    expect(explanatoryScore(cancelling)).toBeLessThan(explanatoryScore(one));
  });
});

describe('planDrivers', () => {
  it('compiles one query per available dimension with the comparison, skipping the measure’s own condition', () => {
    const plan = planDrivers(why('revenue'), model, options);
    const dims = plan.splits.map((s) => s.dimension);
    expect(dims).toContain('region');
    expect(dims).toContain('category');
    expect(dims).not.toContain('status');
    expect(dims).not.toContain('device');
    expect(plan.total.comparison).toMatchObject({ from: '2026-09-01', to: '2026-09-30' });
    expect(plan.splits[0].compiled.sql).toContain('"_period"');
  });

  it('skips a dimension filtered to one value, and plans ratios with their parts', () => {
    const plan = planDrivers(
      why('average_order_value', { filters: [{ field: 'country', op: 'in', values: ['Germany'] }] }),
      model,
      options,
    );
    expect(plan.splits.map((s) => s.dimension)).not.toContain('country');
    expect(plan.ratio).toEqual({ numerator: 'revenue', denominator: 'orders' });
  });

  it('splits only by the dimensions the question names', () => {
    const plan = planDrivers(why('revenue', { dimensions: ['channel', 'category'] }), model, options);
    expect(plan.splits.map((s) => s.dimension)).toEqual(['channel', 'category']);
  });

  it('refuses without a period', () => {
    expect(() =>
      planDrivers(
        why('revenue', { timeDimension: { field: 'order_date', range: { kind: 'all' } } }),
        model,
        options,
      ),
    ).toThrow(ModelError);
  });
});

describe('buildDriversCard', () => {
  const query = why('revenue');
  const plan = planDrivers(query, model, options);
  const rowsFor = (dimension: string): Record<string, unknown>[] => {
    if (dimension === 'region')
      return [
        { Region: 'EMEA', Revenue: 100, Previous_Revenue: 180 },
        { Region: 'APAC', Revenue: 80, Previous_Revenue: 50 },
        { Region: 'Americas', Revenue: 60, Previous_Revenue: 70 },
      ];
    if (dimension === 'product')
      return Array.from({ length: 12 }, (_, i) => ({
        Product: `P${i}`,
        Revenue: 20,
        Previous_Revenue: i === 0 ? 45 : 20 + 35 / 11,
      }));
    return [];
  };
  const card = buildDriversCard({
    query,
    model,
    plan,
    totalRows: [{ Revenue: 240, Previous_Revenue: 300 }],
    splitRows: plan.splits.map((s) => rowsFor(s.dimension)),
    readAt: '2026-11-20T10:00:00.000Z',
    locale: 'en-US',
    today: '2026-11-20',
  });

  it('has the DESIGN §6 columns, a contributions bar chart and valid card shape', () => {
    expect(ZCard.parse(card)).toBeTruthy();
    expect(card.columns.map((c) => c.key)).toEqual([
      'Dimension',
      'Value',
      'Revenue',
      'Previous_Revenue',
      'Revenue__change',
      'Revenue__contribution',
    ]);
    expect(card.chart).toEqual([{ chart: { type: 'bar' }, x: 'Value', y: ['Revenue__contribution'] }]);
  });

  it('puts the most explanatory dimension first, biggest absolute contributors first', () => {
    expect(card.table[0]).toEqual({
      Dimension: 'Region',
      Value: 'EMEA',
      Revenue: 100,
      Previous_Revenue: 180,
      Revenue__change: -44.44,
      Revenue__contribution: 133.33,
    });
    expect(card.table.slice(0, 3).map((r) => r.Value)).toEqual(['EMEA', 'APAC', 'Americas']);
  });

  it('caps a dimension at its top values plus an Other row, its contributions still adding up', () => {
    const products = card.table.filter((r) => r.Dimension === 'Product');
    expect(products).toHaveLength(DRIVER_ROWS_PER_DIMENSION + 1);
    expect(products.at(-1)?.Value).toBe('Other (4)');
    // The rest is marked structurally, not only by its (translated) label.
    expect(products.filter(isDriversRestRow)).toEqual([products.at(-1)]);
    expect(products.at(-1)?.[DRIVER_REST_KEY]).toBe(4);
    const sum = products.reduce((a, r) => a + (r.Revenue__contribution as number), 0);
    expect(sum).toBeCloseTo(100, 1);
    for (const dim of ['Region', 'Product']) {
      const rows = card.table.filter((r) => r.Dimension === dim);
      expect(rows.reduce((a, r) => a + (r.Revenue__contribution as number), 0)).toBeCloseTo(100, 1);
    }
  });

  it('writes the answer first: the change and the top movers with their share of it', () => {
    expect(card.text).toContain('Revenue fell by <b>$60</b> (<b>20%</b>) last month');
    expect(card.text).toContain('By Region, <b>EMEA</b> (−$80)');
    expect(card.text).toContain('explain <b>150%</b> of the change, partly offset by <b>APAC</b> (+$30)');
    expect(card.title).toBe('Why Revenue changed, last month vs the previous period');
  });

  it('says so when neither period has data', () => {
    const empty = buildDriversCard({
      query,
      model,
      plan,
      totalRows: [{ Revenue: 0, Previous_Revenue: 0 }],
      splitRows: plan.splits.map(() => []),
      readAt: '2026-11-20T10:00:00.000Z',
    });
    expect(empty.table).toEqual([]);
    expect(empty.text).toContain('No Revenue data in last month or the previous period.');
  });

  it('formats numbers in the user’s locale', () => {
    const tr = buildDriversCard({
      query,
      model,
      plan,
      totalRows: [{ Revenue: 24000.5, Previous_Revenue: 30000 }],
      splitRows: plan.splits.map((s) => rowsFor(s.dimension)),
      readAt: '2026-11-20T10:00:00.000Z',
      locale: 'tr',
    });
    expect(tr.text).toContain('%');
    expect(tr.text).toContain('<b>$6.000</b>');
    expect(tr.text).toMatch(/\$30\sB/);
  });
});
