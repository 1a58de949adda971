import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { getDemoModel } from '../model/demo-model';
import { parseQuestion } from './parse';

const model = getDemoModel();
const parse = (phrase: string, previous?: TSemanticQuery, weekStart: 'monday' | 'sunday' = 'monday') =>
  parseQuestion(phrase, { model, today: '2026-11-20', weekStart, previous });
const query = (phrase: string, previous?: TSemanticQuery) => {
  const r = parse(phrase, previous);
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
};

describe('parseQuestion', () => {
  it('matches measures, dimensions and values', () => {
    expect(query('revenue by country in paid search')).toMatchObject({
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'channel', op: 'in', values: ['Paid Search'] }],
    });
    expect(query('mobile sessions').filters).toEqual([{ field: 'device', op: 'in', values: ['mobile'] }]);
    expect(query('sales in the usa').filters).toEqual([
      { field: 'country', op: 'in', values: ['United States'] },
    ]);
  });
  it('reads dates, grains and comparisons', () => {
    expect(query('revenue last 3 months by week').timeDimension).toEqual({
      field: 'order_date',
      grain: 'week',
      range: { kind: 'last', unit: 'month', n: 3 },
    });
    expect(query('orders this month vs last month')).toMatchObject({
      compare: 'previous_period',
      timeDimension: { range: { kind: 'this', unit: 'month' } },
    });
    expect(query('sessions yoy').compare).toBe('previous_year');
    expect(query('revenue 2025 vs 2024')).toMatchObject({
      compare: 'previous_year',
      timeDimension: { range: { kind: 'year', year: 2025 } },
    });
    expect(query('revenue h1 2025').timeDimension?.range).toEqual({ kind: 'half', half: 1, year: 2025 });
    expect(query('revenue in q4').timeDimension?.range).toEqual({ kind: 'quarter', year: 2026, quarter: 4 });
    expect(query('revenue in december').timeDimension?.range).toEqual({
      kind: 'month',
      year: 2025,
      month: 12,
    });
    expect(query('daily revenue').timeDimension).toMatchObject({ grain: 'day', range: { kind: 'all' } });
    expect(query('revenue on 03/04/2025').timeDimension?.range).toEqual({ kind: 'day', date: '2025-04-03' });
    expect(
      parseQuestion('revenue on 03/04/2025', { model, today: '2026-11-20', weekStart: 'sunday' }),
    ).toMatchObject({
      query: { timeDimension: { range: { kind: 'day', date: '2025-03-04' } } },
    });
  });
  it('ranks, filters numbers and takes chart hints', () => {
    expect(query('top 5 brands by units sold')).toMatchObject({
      dimensions: ['brand'],
      order: { field: 'units_sold', dir: 'desc' },
      limit: 5,
    });
    expect(query('which region has the least orders')).toMatchObject({ order: { dir: 'asc' }, limit: 1 });
    expect(query('countries with more than 500 orders').filters).toEqual([
      { field: 'orders', op: 'gt', values: [500] },
    ]);
    expect(query('devices with bounce rate over 50%').filters).toEqual([
      { field: 'bounce_rate', op: 'gt', values: [0.5] },
    ]);
    expect(query('revenue by category as a pie chart').chart).toBe('pie');
    expect(query('revenue and orders by region and channel')).toMatchObject({
      measures: ['revenue', 'orders'],
      dimensions: ['region', 'channel'],
    });
  });
  it('tolerates typos', () => {
    expect(query('revnue by catgory')).toMatchObject({ measures: ['revenue'], dimensions: ['category'] });
  });
  it('refines the previous query in follow-ups', () => {
    const first = query('revenue by region last month');
    expect(query('and by month?', first)).toMatchObject({
      measures: ['revenue'],
      dimensions: ['region'],
      timeDimension: { grain: 'month' },
    });
    expect(query('only EMEA', first).filters).toEqual([{ field: 'region', op: 'in', values: ['EMEA'] }]);
    expect(query('same for orders', first)).toMatchObject({ measures: ['orders'], dimensions: ['region'] });
    expect(query('what about last year?', first).timeDimension?.range).toEqual({
      kind: 'last',
      unit: 'year',
      n: 1,
    });
    expect(query('by channel instead', first).dimensions).toEqual(['channel']);
  });
  it('asks instead of guessing', () => {
    const unknown = parse('revenue by flavour');
    expect(unknown).toMatchObject({ kind: 'clarify', understood: 'Revenue' });
    if (unknown.kind === 'clarify') expect(unknown.text).toContain('flavour');
    expect(parse('sessions by region')).toMatchObject({
      kind: 'clarify',
      prompt: { title: 'Available breakdowns' },
    });
    expect(parse('Germany')).toMatchObject({ kind: 'clarify', prompt: { title: 'Which measure?' } });
    expect(parse('top 5')).toMatchObject({ kind: 'clarify' });
    expect(parse('')).toMatchObject({ kind: 'clarify' });
    expect(parse('x'.repeat(501))).toMatchObject({ kind: 'clarify' });
    expect(parse('revenue in march 2025 and april 2024')).toMatchObject({ kind: 'clarify' });
  });
  it('escapes user words in clarification text', () => {
    const r = parse('revenue by <script>alert(1)</script>');
    expect(r.kind).toBe('clarify');
    if (r.kind === 'clarify') expect(r.text).not.toContain('<script>');
  });
});
