import type { TSemanticQuery } from '@parley/contract';
import { ZCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../compiler/compile';
import { getDemoModel } from '../model/demo-model';
import { buildCard } from './build-card';
import { computeInsights } from './insights';

const model = getDemoModel();
const options = { dialect: 'duckdb' as const, today: '2026-11-20', weekStart: 'monday' as const };

describe('buildCard', () => {
  it('adds comparison and share columns with user-facing keys', () => {
    const query: TSemanticQuery = {
      measures: ['revenue'],
      dimensions: ['region'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      compare: 'previous_period',
      filters: [],
    };
    const compiled = compileQuery(query, model, options);
    const card = buildCard({
      query,
      model,
      compiled,
      readAt: '2026-11-20T10:00:00.000Z',
      rows: [
        { Region: 'EMEA', Revenue: 150, Previous_Revenue: 100 },
        { Region: 'APAC', Revenue: 50, Previous_Revenue: 0 },
        { Region: '<b>Americas</b>', Revenue: '200.5', Previous_Revenue: 250 },
      ],
    });
    expect(ZCard.parse(card)).toBeTruthy();
    expect(card.table[0]).toEqual({
      Region: 'EMEA',
      Revenue: 150,
      Previous_Revenue: 100,
      Revenue__change: 50,
      'Revenue__%': 37.45,
    });
    expect(card.table[1].Revenue__change).toBeNull();
    expect(card.table[2].Revenue).toBe(200.5);
    expect(card.columns.map((c) => c.key)).toEqual([
      'Region',
      'Revenue',
      'Previous_Revenue',
      'Revenue__change',
      'Revenue__%',
    ]);
    expect(card.chart[0]).toEqual({
      chart: { type: 'bar' },
      x: 'Region',
      y: ['Revenue', 'Previous_Revenue'],
    });
    expect(card.chart.map((c) => c.chart.type)).toContain('pie');
    expect(card.query?.sql).toBe(compiled.sql);
    expect(card.title).toBe('Revenue by Region, last month vs the previous period');
    expect(card.text).toContain('2026-10-01');
    expect(card.insights.join(' ')).not.toContain('<b><b>');
    expect(card.insights.join(' ')).toContain('&lt;b&gt;Americas&lt;/b&gt;');
  });

  it('charts a time series as line, area and bar with ISO bucket dates', () => {
    const query: TSemanticQuery = {
      measures: ['conversion_rate'],
      dimensions: [],
      timeDimension: { field: 'date', grain: 'month', range: { kind: 'this', unit: 'year' } },
      filters: [],
      chart: 'bar',
    };
    const card = buildCard({
      query,
      model,
      compiled: compileQuery(query, model, options),
      readAt: '2026-11-20T10:00:00.000Z',
      rows: [
        { Month: '2026-01-01T00:00:00.000Z', 'Conversion Rate': 0.03 },
        { Month: '2026-02-01', 'Conversion Rate': 0.032 },
        { Month: '2026-03-01', 'Conversion Rate': 0.036 },
      ],
    });
    expect(card.table[0].Month).toBe('2026-01-01');
    expect(card.chart.map((c) => c.chart.type)).toEqual(['bar', 'line', 'area']);
    expect(card.columns.find((c) => c.key === 'Conversion Rate')?.format).toBe('percent');
    expect(card.insights.some((i) => typeof i === 'string' && i.includes('trending <b>up</b>'))).toBe(true);
  });
});

describe('computeInsights', () => {
  const measure = { key: 'Revenue', label: 'Revenue', kind: 'measure' as const, format: 'currency' as const };
  const dimension = {
    key: 'Country',
    label: 'Country',
    kind: 'dimension' as const,
    format: 'number' as const,
  };
  it('finds top, bottom, movers and outliers', () => {
    const rows = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((name, i) => ({
      Country: name,
      Revenue: name === 'A' ? 10_000 : 100 + i,
      Previous_Revenue: 100,
      Revenue__change: 0,
    }));
    const insights = computeInsights({
      rows,
      dimension,
      time: null,
      measure,
      additive: true,
      previousKey: 'Previous_Revenue',
      changeKey: 'Revenue__change',
      grainWord: null,
      comparisonWords: 'the previous period',
    });
    const text = insights.join('\n');
    expect(text).toContain('Total Revenue');
    expect(text).toContain('<b>A</b> has the highest Revenue');
    expect(text).toContain('<b>B</b> has the lowest');
    expect(text).toContain('Biggest increase: <b>A</b>');
    expect(text).toContain('Unusual value: <b>A</b>');
  });
  it('says when there is no data', () => {
    expect(
      computeInsights({
        rows: [],
        dimension: null,
        time: null,
        measure,
        additive: true,
        previousKey: null,
        changeKey: null,
        grainWord: null,
        comparisonWords: null,
      }),
    ).toEqual(['No data matched this question.']);
  });
});
