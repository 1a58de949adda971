import type { TSemanticQuery } from '@parley/contract';
import { ZCard, ZModelOverlay } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../compiler/compile';
import { getDemoModel } from '../model/demo-model';
import { applyOverlay } from '../model/overlay/apply-overlay';
import { buildCard } from './build-card';
import { computeInsights } from './insights';
import { getCardWords } from './words';

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
    expect(card.title).toBe('Revenue by Region, last month vs the month before');
    // The answer first, then what was understood with the dates in the user's format.
    expect(card.text).toBe(
      '<p><b>&lt;b&gt;Americas&lt;/b&gt;</b> led Revenue with <b>$200.50</b> last month, <b>50.1%</b> of total Revenue, down <b>19%</b> on the month before.</p>' +
        '<p>Understood: Revenue by Region, last month · Oct 1\u2009–\u200931, 2026 · vs the month before (Sep 1\u2009–\u200930, 2026).</p>',
    );
    expect(card.period).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      label: 'last month',
      partial: false,
      comparison: { from: '2026-09-01', to: '2026-09-30' },
    });
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

describe('a card of groups kept for how they changed', () => {
  const query: TSemanticQuery = {
    measures: ['revenue'],
    dimensions: ['country'],
    timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 1 } },
    compare: 'previous_period',
    change: 'down',
    filters: [],
  };
  const rows = [
    { Country: 'Germany', Revenue: 900, Previous_Revenue: 1000 },
    { Country: 'Japan', Revenue: 500, Previous_Revenue: 800 },
  ];

  it('leads with the group that moved most, not the largest value, and states no share of a total', () => {
    const compiled = compileQuery(query, model, options);
    const card = buildCard({ query, model, compiled, rows, readAt: '2026-11-20T10:00:00.000Z' });
    expect(card.text).toMatch(
      /^<p>2 match; <b>Japan<\/b> moved most: <b>\$500(\.00)?<\/b> against <b>\$800(\.00)?<\/b>, down <b>37%<\/b>/,
    );
    expect(card.text).not.toMatch(/of total|led Revenue/);
  });

  it('says it in Turkish on a Turkish card', () => {
    const compiled = compileQuery(query, model, options);
    const card = buildCard({
      query,
      model,
      compiled,
      rows,
      readAt: '2026-11-20T10:00:00.000Z',
      language: 'tr',
    } as never);
    expect(card.text).toMatch(/^<p>2 sonuç; en çok değişen <b>Japan<\/b>/);
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
      format: { locale: 'en-US', compact: true },
      rows,
      dimension,
      time: null,
      measure,
      additive: true,
      share: { total: rows.reduce((a, r) => a + r.Revenue, 0), shown: null, part: null },
      previousKey: 'Previous_Revenue',
      changeKey: 'Revenue__change',
      grainWord: null,
      against: { kind: 'comparison', compare: 'previous_period' },
      words: getCardWords('en'),
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
        format: { locale: 'en-US', compact: true },
        rows: [],
        dimension: null,
        time: null,
        measure,
        additive: true,
        share: null,
        previousKey: null,
        changeKey: null,
        grainWord: null,
        against: null,
        words: getCardWords('en'),
      }),
    ).toEqual(['No data matched this question.']);
  });

  it("writes numbers and dates in the user's locale and marks a running period", () => {
    const query: TSemanticQuery = {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'this', unit: 'year' } },
      filters: [],
    };
    const compiled = compileQuery(query, model, options);
    const rows = [
      { Month: '2026-01-01', Revenue: 1_200_000 },
      { Month: '2026-10-01', Revenue: 1_500_000.5 },
      { Month: '2026-11-01', Revenue: 900_000 },
    ];
    const at = (locale: string) =>
      buildCard({
        query,
        model,
        compiled,
        rows,
        readAt: '2026-11-20T10:00:00Z',
        locale,
        today: '2026-11-20',
      });
    const us = at('en-US');
    expect(us.period).toMatchObject({ from: '2026-01-01', to: '2026-11-20', partial: true });
    expect(us.text).toContain(
      'Revenue was <b>$900K</b> in <b>Nov 2026</b> (so far), down <b>25%</b> on Jan 2026',
    );
    expect(us.text).toContain('<b>$3.6M</b> in total this year');
    expect(us.text).toContain('Jan 1\u2009–\u2009Nov 20, 2026');
    const gb = at('en-GB');
    expect(gb.text).toContain('1 Jan\u2009–\u200920 Nov 2026');
    expect(gb.insights.join(' ')).toContain('Peak: <b>Oct 2026</b>');
    const tr = at('tr');
    expect(tr.text).toContain('<b>%25</b>');
    expect(tr.text).toContain('1 Oca\u2009–\u200920 Kas 2026');
    // Never ISO dates in the words users read.
    for (const card of [us, gb, tr])
      expect(`${card.text}${card.insights.join(' ')}`).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('leads a breakdown with its leader, and a comparison of two values names both', () => {
    const query: TSemanticQuery = {
      measures: ['sessions'],
      dimensions: ['device'],
      filters: [{ field: 'device', op: 'in', values: ['mobile', 'desktop'] }],
    };
    const card = buildCard({
      query,
      model,
      compiled: compileQuery(query, model, options),
      readAt: '2026-11-20T10:00:00Z',
      rows: [
        { Device: 'desktop', Sessions: 4000 },
        { Device: 'mobile', Sessions: 6000 },
      ],
    });
    expect(card.text).toMatch(
      /^<p><b>mobile<\/b> led Sessions with <b>6,000<\/b>, <b>60%<\/b> of total Sessions; <b>desktop<\/b> <b>4,000<\/b>\.<\/p>/,
    );
    expect(card.text).toContain('all available data');
    expect(card.text).not.toMatch(/\d+ rows?/);
  });

  it('stacks only what adds up: rates by two fields stand side by side', () => {
    const query: TSemanticQuery = {
      measures: ['conversion_rate'],
      dimensions: ['channel'],
      timeDimension: { field: 'date', grain: 'week', range: { kind: 'last', unit: 'week', n: 4 } },
      filters: [],
    };
    const card = buildCard({
      query,
      model,
      compiled: compileQuery(query, model, options),
      readAt: '2026-11-20T10:00:00Z',
      rows: [{ Week: '2026-10-19', Channel: 'Email', 'Conversion Rate': 0.03 }],
    });
    expect(card.chart.map((c) => c.chart)).toEqual([{ type: 'bar' }, { type: 'line' }]);
  });

  it('names the comparison period by the range it compares', () => {
    const query: TSemanticQuery = {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'this', unit: 'year' } },
      compare: 'previous_period',
      filters: [],
    };
    const card = buildCard({
      query,
      model,
      compiled: compileQuery(query, model, options),
      readAt: '2026-11-20T10:00:00Z',
      rows: [{ Month: '2026-01-01', Revenue: 10, Previous_Revenue: 8 }],
    });
    expect(card.title).toBe('Revenue by month, this year vs last year');
  });
});

describe('buildCard with the owner’s overlay', () => {
  const overlay = ZModelOverlay.parse({
    fields: { revenue: { currency: 'EUR' } },
    values: [{ dimension: 'region', value: 'EMEA', label: 'Europe, Middle East and Africa' }],
  });
  const edited = applyOverlay(model, overlay, null).model;
  const query: TSemanticQuery = {
    measures: ['revenue'],
    dimensions: ['region'],
    timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
    compare: 'previous_period',
    filters: [],
  };
  const card = buildCard({
    query,
    model: edited,
    compiled: compileQuery(query, edited, options),
    readAt: '2026-11-20T10:00:00.000Z',
    rows: [
      { Region: 'EMEA', Revenue: 150, Previous_Revenue: 100 },
      { Region: 'APAC', Revenue: 50, Previous_Revenue: 40 },
    ],
  });

  it('shows a dimension value by its label, and others as they are', () => {
    expect(card.table.map((r) => r.Region)).toEqual(['Europe, Middle East and Africa', 'APAC']);
  });

  it('carries the measure’s currency on its columns, not on its change or share', () => {
    const currencies = Object.fromEntries(card.columns.map((c) => [c.key, c.currency]));
    expect(currencies).toEqual({
      Region: undefined,
      Revenue: 'EUR',
      Previous_Revenue: 'EUR',
      Revenue__change: undefined,
      'Revenue__%': undefined,
    });
    expect(ZCard.parse(card).columns[1].currency).toBe('EUR');
  });

  it('without an overlay the columns name no currency', () => {
    const plain = buildCard({
      query,
      model,
      compiled: compileQuery(query, model, options),
      readAt: card.date,
      rows: [],
    });
    expect(plain.columns.some((c) => 'currency' in c)).toBe(false);
  });
});
