import { describe, expect, it } from 'vitest';
import { parseDemo as parse, queryDemo as query } from './demo-questions.testkit';

const LAST_MONTH = { kind: 'last', unit: 'month', n: 1 };

describe('two values of one dimension are compared, one row each', () => {
  it.each([
    ['revenue EMEA vs APAC', 'revenue', 'region', ['EMEA', 'APAC'], undefined],
    ['Germany vs France revenue', 'revenue', 'country', ['Germany', 'France'], undefined],
    ['sessions desktop versus tablet', 'sessions', 'device', ['desktop', 'tablet'], undefined],
    ['sessions mobile and desktop last month', 'sessions', 'device', ['mobile', 'desktop'], LAST_MONTH],
    ['orders EMEA vs APAC last month', 'orders', 'region', ['EMEA', 'APAC'], LAST_MONTH],
    ['revenue in germany and france', 'revenue', 'country', ['Germany', 'France'], undefined],
    [
      'revenue Paid Search vs Email this year',
      'revenue',
      'channel',
      ['Paid Search', 'Email'],
      {
        kind: 'this',
        unit: 'year',
      },
    ],
  ])('%s', (phrase, measure, dimension, values, range) => {
    const q = query(phrase);
    expect(q.measures).toEqual([measure]);
    expect(q.dimensions).toEqual([dimension]);
    expect(q.filters).toEqual([{ field: dimension, op: 'in', values }]);
    expect(q.order).toBeUndefined();
    expect(q.limit).toBeUndefined();
    expect(q.compare).toBeUndefined();
    if (range) expect(q.timeDimension?.range).toEqual(range);
    else expect(q.timeDimension).toBeUndefined();
  });

  it('keeps an explicit breakdown and adds the compared field after it', () => {
    expect(query('revenue by channel Germany vs France last month')).toMatchObject({
      measures: ['revenue'],
      dimensions: ['channel', 'country'],
      filters: [{ field: 'country', op: 'in', values: ['Germany', 'France'] }],
      timeDimension: { range: LAST_MONTH },
    });
  });

  it('still sums an exclusion and a single value', () => {
    expect(query('revenue excluding germany and france')).toMatchObject({
      dimensions: [],
      filters: [{ field: 'country', op: 'not_in', values: ['Germany', 'France'] }],
    });
    expect(query('revenue in EMEA last month')).toMatchObject({
      dimensions: [],
      filters: [{ field: 'region', op: 'in', values: ['EMEA'] }],
    });
  });

  it('reads two periods as a period comparison, not a breakdown', () => {
    expect(query('revenue this month vs last month')).toEqual({
      measures: ['revenue'],
      dimensions: [],
      filters: [],
      compare: 'previous_period',
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
    });
    expect(query('revenue EMEA vs APAC this quarter vs last quarter')).toMatchObject({
      dimensions: ['region'],
      filters: [{ field: 'region', op: 'in', values: ['EMEA', 'APAC'] }],
      compare: expect.any(String),
      timeDimension: { range: { kind: 'this', unit: 'quarter' } },
    });
  });

  it('asks when the measure cannot be split by the compared field', () => {
    expect(parse('orders mobile and desktop last month')).toMatchObject({ kind: 'clarify' });
    expect(parse('sessions EMEA vs APAC')).toMatchObject({ kind: 'clarify' });
  });
});

describe('a plural ranking without a number lists the top 10', () => {
  it.each([
    ['top products by revenue', 'product', 'revenue', 'desc'],
    ['revenue which products sold best', 'product', 'revenue', 'desc'],
    ['revenue best selling categories', 'category', 'revenue', 'desc'],
    ['units sold best selling brands this year', 'brand', 'units_sold', 'desc'],
    ['which countries have the most orders', 'country', 'orders', 'desc'],
    ['lowest revenue countries', 'country', 'revenue', 'asc'],
    ['revenue worst selling categories', 'category', 'revenue', 'asc'],
    ['which channels had the least sessions', 'channel', 'sessions', 'asc'],
    ['top revenue by country', 'country', 'revenue', 'desc'],
  ])('%s', (phrase, dimension, measure, dir) => {
    expect(query(phrase)).toMatchObject({
      measures: [measure],
      dimensions: [dimension],
      order: { field: measure, dir },
      limit: 10,
    });
  });

  it.each([
    ['revenue which product sold best', 'product', 'desc'],
    ['revenue the top product', 'product', 'desc'],
    ['which country has the most revenue', 'country', 'desc'],
    ['which status has the most orders', 'status', 'desc'],
    ['best selling brand by units sold this year', 'brand', 'desc'],
    ['which region has the least orders', 'region', 'asc'],
  ])('singular: %s stays top 1', (phrase, dimension, dir) => {
    expect(query(phrase)).toMatchObject({ dimensions: [dimension], order: { dir }, limit: 1 });
  });

  it('keeps a given number and a plain sort', () => {
    expect(query('top 3 products by revenue').limit).toBe(3);
    const sorted = query('revenue by country sorted descending');
    expect(sorted).toMatchObject({ dimensions: ['country'], order: { field: 'revenue', dir: 'desc' } });
    expect(sorted.limit).toBeUndefined();
  });

  it('asks which measure "sold best" means, offering questions that rank', () => {
    const r = parse('which products sold best');
    expect(r.kind).toBe('clarify');
    if (r.kind !== 'clarify') return;
    expect(r.prompt.items.length).toBeGreaterThan(0);
    for (const item of r.prompt.items) {
      expect(query(item)).toMatchObject({ dimensions: ['product'], order: { dir: 'desc' }, limit: 10 });
    }
  });
});

describe('"X per Y" of two measures is their ratio', () => {
  it.each(['revenue per order', 'average revenue per order', 'avg revenue per order'])(
    '%s is Average Order Value',
    (phrase) => {
      expect(query(phrase)).toEqual({ measures: ['average_order_value'], dimensions: [], filters: [] });
    },
  );

  it('keeps the rest of the question around the ratio', () => {
    expect(query('revenue per order by month last year')).toEqual({
      measures: ['average_order_value'],
      dimensions: [],
      filters: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'last', unit: 'year', n: 1 } },
    });
    expect(query('revenue per order by channel in germany')).toEqual({
      measures: ['average_order_value'],
      dimensions: ['channel'],
      filters: [{ field: 'country', op: 'in', values: ['Germany'] }],
    });
  });

  // Customers are also a grouping on the demo: each customer's revenue, or revenue divided by customers?
  it.each([
    ['revenue per customer', 'Revenue by customer', 'Revenue divided by Customers'],
    [
      'orders per customer last month',
      'Orders by customer last month',
      'Orders divided by Customers last month',
    ],
  ])('%s asks which reading, offering both as working questions', (phrase, each, divided) => {
    const r = parse(phrase);
    expect(r).toMatchObject({ kind: 'clarify', prompt: { title: 'Which one did you mean?' } });
    if (r.kind !== 'clarify') return;
    expect(r.prompt.items).toEqual(expect.arrayContaining([each, divided]));
    for (const item of r.prompt.items) expect(parse(item).kind).toBe('query');
  });

  it.each([['units per order', 'Units Sold and Orders']])(
    '%s has no measure: asks, offering working questions',
    (phrase, both) => {
      const r = parse(phrase);
      expect(r).toMatchObject({ kind: 'clarify', prompt: { title: 'Which measure?' } });
      if (r.kind !== 'clarify') return;
      expect(r.prompt.items).toContain(both);
      for (const item of r.prompt.items) expect(parse(item).kind).toBe('query');
    },
  );

  it('a grain or a dimension after "per" stays a breakdown', () => {
    expect(query('revenue per month')).toMatchObject({
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { grain: 'month', range: { kind: 'all' } },
    });
    expect(query('revenue per region')).toEqual({
      measures: ['revenue'],
      dimensions: ['region'],
      filters: [],
    });
    expect(query('orders per channel last month')).toMatchObject({
      measures: ['orders'],
      dimensions: ['channel'],
    });
  });
});

describe('a question with nothing recognisable asks back', () => {
  it.each(['how are we doing', 'how is it going?', 'thanks', 'show me everything', 'hello'])(
    '%s',
    (phrase) => {
      const r = parse(phrase);
      expect(r.kind).toBe('clarify');
      if (r.kind !== 'clarify') return;
      expect(r.understood).toBeNull();
      for (const item of r.prompt.items) expect(parse(item).kind).toBe('query');
    },
  );

  it('does not re-run the previous question for an empty follow-up', () => {
    const previous = query('revenue by region last month');
    expect(parse('how are we doing', previous).kind).toBe('clarify');
    expect(parse('ok thanks', previous).kind).toBe('clarify');
    expect(query('and by month?', previous)).toMatchObject({ measures: ['revenue'], dimensions: ['region'] });
    expect(query('as a pie chart', previous)).toMatchObject({ measures: ['revenue'], chart: 'pie' });
  });

  it('a measure alone is its whole-range total', () => {
    expect(query('sales')).toEqual({ measures: ['revenue'], dimensions: [], filters: [] });
  });
});
