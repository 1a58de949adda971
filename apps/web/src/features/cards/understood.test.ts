import type { TCard, TModelView, TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { buildChips, type Chip, type ChipWords, isEditable } from './understood';
import {
  alternativesFor,
  applyRange,
  periodRanges,
  replaceMeasure,
  setComparison,
  setFilter,
  setGrouping,
} from './understood-alternatives';
import { teachWord } from './understood-words';

const words: ChipWords = {
  range: (r) => (r.kind === 'last' ? `last ${r.unit}` : r.kind === 'this' ? `this ${r.unit}` : r.kind),
  comparison: (c) => c ?? 'none',
  dates: (from, to) => `${from}..${to}`,
  read: (iso) => `read ${iso.slice(11, 16)}`,
  synced: (iso) => `synced ${iso.slice(11, 16)}`,
  soFar: 'so far',
  zone: 'Europe/Istanbul',
  noGrouping: 'No grouping',
  removeFilter: 'Remove filter',
  not: 'not',
};

const model: Pick<TModelView, 'measures' | 'dimensions'> = {
  measures: [
    { name: 'revenue', label: 'Revenue', synonyms: [], format: 'currency', kind: 'sum' },
    { name: 'orders', label: 'Orders', synonyms: [], format: 'number', kind: 'count' },
    { name: 'secret', label: 'Secret', synonyms: [], format: 'number', kind: 'sum', hidden: true },
  ],
  dimensions: [
    {
      name: 'region',
      label: 'Region',
      synonyms: [],
      values: ['EMEA', 'APAC', 'AMER'],
      valueLabels: { AMER: 'Americas' },
    },
    { name: 'channel', label: 'Sales channel', synonyms: [] },
  ],
};

const query: TSemanticQuery = {
  measures: ['orders'],
  dimensions: ['region'],
  timeDimension: { field: 'ordered_at', grain: 'month', range: { kind: 'last', unit: 'month', n: 1 } },
  compare: 'previous_year',
  filters: [
    { field: 'region', op: 'in', values: ['EMEA', 'APAC'] },
    { field: 'orders', op: 'gt', values: [10] },
  ],
  order: { field: 'orders', dir: 'desc' },
};

function card(semantic: TSemanticQuery | null, extra: Partial<TCard> = {}): TCard {
  return {
    title: 'Orders by region',
    text: 'Understood: orders by region last month',
    date: '2026-11-27T10:42:00.000Z',
    table: [],
    columns: [
      { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
      { key: 'Orders', label: 'Orders', kind: 'measure', format: 'number' },
    ],
    chart: [],
    insights: [],
    ...(semantic ? { query: { sql: 'select 1', semantic } } : {}),
    period: {
      from: '2026-10-01',
      to: '2026-10-31',
      label: 'last month',
      partial: false,
      comparison: { from: '2025-10-01', to: '2025-10-31' },
    },
    source: { id: 'src1', name: 'Shop DB' },
    ...extra,
  };
}

const chip = (chips: Chip[], key: string) => {
  const found = chips.find((c) => c.key === key);
  if (!found) throw new Error(`no chip ${key}`);
  return found;
};

describe('buildChips', () => {
  it('makes one chip per part of the query, labelled from the model', () => {
    const chips = buildChips(card(query), model, words);
    expect(chips.map((c) => [c.part, c.label, c.sub ?? null])).toEqual([
      ['measure', 'Orders', null],
      ['grouping', 'Region', null],
      ['filter', 'Region: EMEA, APAC', null],
      ['filter', 'Orders > 10', null],
      ['period', 'last month', '2026-10-01..2026-10-31'],
      ['comparison', 'previous_year', '2025-10-01..2025-10-31'],
      ['source', 'Shop DB', 'read 10:42'],
    ]);
    expect(chips.filter(isEditable).map((c) => c.part)).not.toContain('source');
  });

  it("labels from the card's columns without a model, and names fields as words as a last resort", () => {
    const q: TSemanticQuery = { measures: ['Orders', 'net_margin'], dimensions: [], filters: [] };
    expect(
      buildChips(card(q, { source: undefined, period: undefined }), null, words).map((c) => c.label),
    ).toEqual(['Orders', 'Net margin']);
  });

  it("says a synced copy's freshness even on a card that does not name its source", () => {
    const q: TSemanticQuery = { measures: ['orders'], dimensions: [], filters: [] };
    const chips = buildChips(
      card(q, { source: undefined, period: undefined, synced: '2026-11-27T09:10:00Z' }),
      null,
      words,
    );
    expect(chips.at(-1)).toMatchObject({ part: 'source', label: '', sub: 'synced 09:10', synced: true });
  });

  it('shows no chips for a card without a query', () => {
    expect(buildChips(card(null), model, words)).toEqual([]);
  });

  it("says a synced source's copy time, a running period, and excluded values", () => {
    const q: TSemanticQuery = {
      measures: ['orders'],
      dimensions: [],
      filters: [{ field: 'region', op: 'not_in', values: ['AMER'] }],
      timeDimension: { field: 'ordered_at', range: { kind: 'this', unit: 'month' } },
    };
    const chips = buildChips(
      card(q, {
        synced: '2026-11-27T09:10:00.000Z',
        period: { from: '2026-11-01', to: '2026-11-27', label: 'this month', partial: true },
      }),
      model,
      words,
    );
    expect(chip(chips, 'filter-0').label).toBe('Region: not Americas');
    expect(chip(chips, 'period').sub).toBe('2026-11-01..2026-11-27 (so far)');
    expect(chip(chips, 'period').partial).toBe(true);
    expect(chip(chips, 'period').hint).toBe('2026-11-01..2026-11-27 (Europe/Istanbul)');
    expect(chip(chips, 'comparison').label).toBe('none');
    expect(chip(chips, 'source')).toMatchObject({ sub: 'synced 09:10', synced: true });
  });
});

describe('alternativesFor', () => {
  const c = card(query);
  const chips = buildChips(c, model, words);
  const alts = (key: string) => alternativesFor(chip(chips, key), c, model, words, new Date(2026, 10, 27));

  it('offers the other visible measures; choosing one renames what pointed at the old one', () => {
    const list = alts('measure-0');
    expect(list.map((a) => a.label)).toEqual(['Revenue']);
    expect(list[0].teach).toEqual({ type: 'measure', name: 'revenue' });
    expect(list[0].query.measures).toEqual(['revenue']);
    expect(list[0].query.order).toEqual({ field: 'revenue', dir: 'desc' });
    expect(list[0].query.filters[1]).toEqual({ field: 'revenue', op: 'gt', values: [10] });
  });

  it('offers other groupings and no grouping', () => {
    const list = alts('grouping-0');
    expect(list.map((a) => a.label)).toEqual(['Sales channel', 'No grouping']);
    expect(list[0].query.dimensions).toEqual(['channel']);
    expect(list[0].teach).toEqual({ type: 'dimension', name: 'channel' });
    expect(list[1].query.dimensions).toEqual([]);
    expect(list[1].teach).toBeUndefined();
  });

  it("offers a filter's dimension values and removing it", () => {
    const list = alts('filter-0');
    expect(list.map((a) => a.label)).toEqual(['EMEA', 'APAC', 'Americas', 'Remove filter']);
    expect(list[2].query.filters[0]).toEqual({ field: 'region', op: 'in', values: ['AMER'] });
    expect(list[2].teach).toEqual({ type: 'value', dimension: 'region', value: 'AMER' });
    expect(list[3].query.filters).toEqual([query.filters[1]]);
    // A filter on a measure can only go.
    expect(alts('filter-1').map((a) => a.label)).toEqual(['Remove filter']);
  });

  it('offers periods as the engine reads them, the current one marked', () => {
    const list = alts('period');
    const current = list.filter((a) => a.current);
    expect(current.map((a) => a.label)).toEqual(['last month']);
    const q2 = list.find((a) => a.key === 'period:{"kind":"quarter","year":2026,"quarter":2}');
    expect(q2?.query.timeDimension).toEqual({
      field: 'ordered_at',
      grain: 'month',
      range: { kind: 'quarter', year: 2026, quarter: 2 },
    });
    expect(list.find((a) => a.label === 'all')?.query.timeDimension?.range).toEqual({ kind: 'all' });
    expect(new Set(list.map((a) => a.group))).toEqual(new Set(['presets', 'years', 'quarters', 'months']));
  });

  it('offers no comparison, the previous period and the previous year', () => {
    const list = alts('comparison');
    expect(list.map((a) => [a.label, !!a.current])).toEqual([
      ['none', false],
      ['previous_period', false],
      ['previous_year', true],
    ]);
    expect(list[0].query.compare).toBeUndefined();
    expect('compare' in list[0].query).toBe(false);
    expect(list[1].query.compare).toBe('previous_period');
  });

  it('has nothing to offer for the source, nor model parts before the model is read', () => {
    expect(alts('source')).toEqual([]);
    expect(alternativesFor(chip(chips, 'measure-0'), c, null, words)).toEqual([]);
  });
});

describe('query changes', () => {
  it('drops the old measure’s aggregation and arithmetic with it', () => {
    const q: TSemanticQuery = {
      measures: ['aov'],
      dimensions: [],
      filters: [],
      arithmetic: [{ name: 'aov', op: 'divide', left: 'revenue', right: 'orders' }],
      aggregations: [{ measure: 'aov', fn: 'max' }],
    };
    const next = replaceMeasure(q, 0, 'orders');
    expect(next).toEqual({ measures: ['orders'], dimensions: [], filters: [] });
  });

  it('removing a grouping drops a sort on it; a comparison removed takes its change filter', () => {
    const q: TSemanticQuery = { ...query, order: { field: 'region', dir: 'asc' }, change: 'down' };
    expect(setGrouping(q, 0, null).order).toBeUndefined();
    expect(setComparison(q, null).change).toBeUndefined();
    expect(setComparison(q, 'previous_period').change).toBe('down');
    expect(setFilter(q, 0, ['APAC']).filters[0]).toEqual({ field: 'region', op: 'in', values: ['APAC'] });
    expect(applyRange({ ...q, timeDimension: undefined }, { kind: 'all' }).timeDimension).toBeUndefined();
  });

  it('lists years back from this year, with the period’s own year, and its quarters and months', () => {
    const ranges = periodRanges(2021, 2026);
    const years = ranges
      .filter((r) => r.group === 'years')
      .map((r) => (r.range.kind === 'year' ? r.range.year : 0));
    expect(years).toEqual([2026, 2025, 2024, 2023, 2021]);
    expect(ranges.filter((r) => r.group === 'months')).toHaveLength(12);
    expect(ranges.find((r) => r.group === 'quarters')?.range).toEqual({
      kind: 'quarter',
      year: 2021,
      quarter: 1,
    });
  });
});

describe('teachWord', () => {
  it('keeps the words no chip of the new reading explains', () => {
    expect(teachWord('Haul by region last month', ['Revenue', 'Region', 'Last month'])).toBe('Haul by');
    expect(teachWord('top 5 gizmos 2025', ['Orders', '2025'])).toBe('top gizmos');
    expect(teachWord('İade oranı', ['Revenue'])).toBe('İade oranı');
  });
});
