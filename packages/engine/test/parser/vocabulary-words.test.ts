/**
 * Words that mean something else, and the everyday words business users type instead of the model's
 * names. Phrasings follow public BI sample questions: Microsoft Learn "Ask questions of your data"
 * (Power BI Q&A: "What are the total units by region?", sales/account/month questions,
 * https://learn.microsoft.com/training/modules/analyze-data-power-bi/3-asking-questions-data) and
 * the Superstore-style sales dashboards' questions ("sales and profit by year", "quantity by
 * region"). Each case asserts the SemanticQuery, or that the parser asks back.
 */
import { describe, expect, it } from 'vitest';
import { parseDemo as parse, queryDemo as query } from './demo-questions.testkit';

const US = [{ field: 'country', op: 'in', values: ['United States'] }];

describe('a word is not read as a value it is not', () => {
  it.each([
    ['show us revenue', []],
    ['show us revenue by channel', []],
    ['SHOW US REVENUE', []],
    ['revenue in dollars', []],
    ['revenue in USD', []],
    ['revenue in $', []],
    ['share of orders by channel', []],
    ['revenue in the US', US],
    ['revenue in US', US],
    ['US revenue', US],
    ['revenue in U.S.', US],
    ['revenue in the U.S.A.', US],
    ['REVENUE IN THE US', US],
    ['revenue in usa', US],
  ])('%s', (phrase, filters) => {
    const q = query(phrase);
    expect(q.filters).toEqual(filters);
    expect(q.measures[0]).toBe(phrase.includes('orders') ? 'orders' : 'revenue');
  });

  it('"share" is not corrected to "sale" (no extra Revenue)', () => {
    const r = parse('share of orders by channel');
    expect(r.kind === 'query' && r.query).toMatchObject({ measures: ['orders'], dimensions: ['channel'] });
    expect(r.kind === 'query' && r.corrections).toEqual([]);
  });

  it.each(['revenue in euros', 'revenue in eur', 'revenue in pounds', 'revenue in yen'])(
    '%s: another currency is asked back, never converted or read as Europe',
    (phrase) => {
      const r = parse(phrase);
      expect(r.kind).toBe('clarify');
      if (r.kind === 'clarify') {
        expect(r.text).toMatch(/don’t know “(euros|eur|pounds|yen)”/);
        expect(r.understood).toBe('Revenue');
      }
    },
  );

  it('"how did we do for us" asks, without a country filter', () => {
    const r = parse('how did we do for us');
    expect(r.kind).toBe('clarify');
    if (r.kind === 'clarify') expect(r.understood).toBeNull();
  });

  it('typos of values still correct, but only by one edit for short words', () => {
    expect(query('revenue germny').filters).toEqual([{ field: 'country', op: 'in', values: ['Germany'] }]);
    expect(query('revenue frnce').filters).toEqual([{ field: 'country', op: 'in', values: ['France'] }]);
    expect(query('revenue brazl').filters).toEqual([{ field: 'country', op: 'in', values: ['Brazil'] }]);
  });
});

describe('everyday words for measures', () => {
  it.each([
    ['sales', 'revenue'],
    ['turnover', 'revenue'],
    ['takings last month', 'revenue'],
    ['income', 'revenue'],
    ['earnings', 'revenue'],
    ['how much money did we make', 'revenue'],
    ['total sales', 'revenue'],
    ['purchases', 'orders'],
    ['transactions', 'orders'],
    ['checkouts', 'orders'],
    ['number of orders', 'orders'],
    ['basket size', 'average_order_value'],
    ['average ticket', 'average_order_value'],
    ['average basket value', 'average_order_value'],
    ['units', 'units_sold'],
    ['items', 'units_sold'],
    ['pieces', 'units_sold'],
    ['volume', 'units_sold'],
    ['how many units did we sell', 'units_sold'],
    ['buyers', 'customers'],
    ['shoppers', 'customers'],
    ['clients', 'customers'],
    ['accounts', 'customers'],
    ['unique customers', 'customers'],
    ['distinct buyers', 'customers'],
    ['returns', 'refunds'],
    ['refunded orders', 'refunds'],
    ['returned orders', 'refunds'],
    ['profit', 'gross_margin'],
    ['margin', 'gross_margin'],
    ['visits', 'sessions'],
    ['traffic', 'sessions'],
    ['website traffic', 'sessions'],
    ['visitors', 'users'],
    ['unique visitors', 'users'],
    ['page views', 'pageviews'],
    ['views', 'pageviews'],
    ['signups', 'new_customers'],
    ['CVR', 'conversion_rate'],
    ['conversion ratio', 'conversion_rate'],
    ['bounce ratio', 'bounce_rate'],
  ])('%s → %s', (phrase, measure) => {
    const q = query(phrase);
    expect(q.measures).toEqual([measure]);
    expect(q.filters).toEqual([]);
    expect(q.dimensions).toEqual([]);
  });

  it('"bounce" alone asks between Bounces and Bounce Rate', () => {
    const r = parse('bounce');
    expect(r.kind).toBe('clarify');
    if (r.kind === 'clarify') expect(r.text).toContain('Bounce Rate');
  });

  it('"items" stays the product breakdown beside another measure', () => {
    expect(query('top 5 items by revenue')).toMatchObject({
      measures: ['revenue'],
      dimensions: ['product'],
      limit: 5,
    });
  });

  it('"number of different products" has no measure in the demo: asks', () => {
    expect(parse('number of different products').kind).toBe('clarify');
  });

  it('"what are the total units by region" (Power BI Q&A)', () => {
    expect(query('What are the total units by region?')).toMatchObject({
      measures: ['units_sold'],
      dimensions: ['region'],
    });
  });
});

describe('grains in everyday words', () => {
  it.each([
    ['revenue daily', 'day'],
    ['sales per day', 'day'],
    ['orders each day', 'day'],
    ['revenue day by day', 'day'],
    ['orders weekly', 'week'],
    ['turnover monthly', 'month'],
    ['revenue month by month', 'month'],
    ['profit per month', 'month'],
    ['revenue quarterly', 'quarter'],
    ['sales yearly', 'year'],
    ['revenue annually', 'year'],
    ['visits per year', 'year'],
  ])('%s → %s', (phrase, grain) => {
    expect(query(phrase).timeDimension?.grain).toBe(grain);
  });
});

describe('shares are filler (every card carries M__%)', () => {
  it.each([
    ['share of revenue by channel', 'revenue', 'channel'],
    ['percentage of revenue by region', 'revenue', 'region'],
    ['% of revenue by country', 'revenue', 'country'],
    ['proportion of orders by device', 'orders', 'device'],
  ])('%s', (phrase, measure, dimension) => {
    const r = parse(phrase);
    if (dimension === 'device') {
      // Orders cannot be split by device: asked back, never a wrong answer.
      expect(r.kind).toBe('clarify');
      return;
    }
    expect(r.kind === 'query' && r.query).toMatchObject({
      measures: [measure],
      dimensions: [dimension],
      filters: [],
    });
  });
});

describe('channels in everyday words', () => {
  it.each([
    ['revenue from SEO', 'Organic Search'],
    ['revenue from organic', 'Organic Search'],
    ['orders from search engines', 'Organic Search'],
    ['revenue from PPC', 'Paid Search'],
    ['revenue from SEM', 'Paid Search'],
    ['paid revenue', 'Paid Search'],
    ['revenue from ads', 'Paid Search'],
    ['orders from google ads', 'Paid Search'],
    ['revenue from the newsletter', 'Email'],
    ['orders from email campaigns', 'Email'],
    ['sessions from social media', 'Social'],
  ])('%s → %s', (phrase, value) => {
    expect(query(phrase).filters).toEqual([{ field: 'channel', op: 'in', values: [value] }]);
  });
});
