/** Pies and donuts only for shares of a whole: never for averages, rates or distinct counts of shared members. */
import type { TSemanticQuery } from '@parley/contract';
import { ZCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../compiler/compile';
import { getDemoModel } from '../model/demo-model';
import { buildCard } from './build-card';

const model = getDemoModel();
const options = { dialect: 'duckdb' as const, today: '2026-11-20', weekStart: 'monday' as const };

/** The card of one measure by a dimension (region) over three groups, with `chart` asked for if given. */
function byRegion(measure: string, chart?: TSemanticQuery['chart'], dimension = 'region') {
  const query: TSemanticQuery = {
    measures: [measure],
    dimensions: [dimension],
    filters: [],
    ...(chart ? { chart } : {}),
  };
  const compiled = compileQuery(query, model, options);
  const key = compiled.columns.find((c) => c.kind === 'measure')!.key;
  const dim = compiled.columns.find((c) => c.kind === 'dimension')!.key;
  const card = buildCard({
    query,
    model,
    compiled,
    readAt: '2026-11-20T10:00:00.000Z',
    rows: [
      { [dim]: 'EMEA', [key]: 0.2 },
      { [dim]: 'APAC', [key]: 0.3 },
      { [dim]: 'Americas', [key]: 0.5 },
    ],
  });
  expect(ZCard.parse(card)).toBeTruthy();
  return { card, key, types: card.chart.map((c) => c.chart.type) };
}

describe('a card offers slices only for parts of a whole', () => {
  it('offers a pie and a donut for a sum and a count of rows, and marks the column additive', () => {
    for (const measure of ['revenue', 'orders']) {
      const { card, key, types } = byRegion(measure);
      expect(types).toEqual(['bar', 'pie', 'donut']);
      expect(card.columns.find((c) => c.key === key)?.additive).toBe(true);
    }
  });

  it('offers no pie for an average, a rate or a distinct count of customers who may sit in two groups', () => {
    for (const measure of ['average_order_value', 'conversion_rate', 'bounce_rate', 'customers']) {
      const traffic = measure.endsWith('_rate');
      const { card, key, types } = byRegion(measure, undefined, traffic ? 'channel' : 'region');
      expect(types, measure).toEqual(['bar']);
      expect(card.columns.find((c) => c.key === key)?.additive, measure).toBe(false);
    }
  });

  it('answers "as a pie" with bars when the measure is an average, and with the pie when it adds up', () => {
    expect(byRegion('average_order_value', 'pie').types).toEqual(['bar']);
    expect(byRegion('average_order_value', 'donut').types).toEqual(['bar']);
    expect(byRegion('revenue', 'donut').types).toEqual(['donut', 'bar', 'pie']);
  });

  it('leaves dimension columns unmarked', () => {
    const { card } = byRegion('revenue');
    expect(card.columns.find((c) => c.key === 'Region')).not.toHaveProperty('additive');
  });
});
