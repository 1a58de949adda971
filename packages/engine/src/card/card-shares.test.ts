/**
 * Shares on a top N are of the whole total, not of the rows kept, on the demo data and checked
 * against hand-written SQL. Test-only imports of @parley/connectors and @parley/testing: the
 * engine itself stays free of I/O.
 */
import { DuckDbConnector } from '@parley/connectors';
import type { TSemanticQuery } from '@parley/contract';
import { formatShare } from '@parley/presenter';
import { getTestDemoPath, TEST_END_DATE } from '@parley/testing/fixtures/demo-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileQuery } from '../compiler/compile';
import { getDemoModel } from '../model/demo-model';
import { parseQuestion } from '../parser/parse';
import { buildCard } from './build-card';

const model = getDemoModel();
const options = { dialect: 'duckdb' as const, today: TEST_END_DATE, weekStart: 'monday' as const };
const RUN = { timeoutMs: 20_000, maxRows: 5_000 };

describe('shares of a top N on the demo data', () => {
  let connector: DuckDbConnector;
  beforeAll(async () => {
    connector = new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() });
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
  });

  const parsed = (phrase: string): TSemanticQuery => {
    const r = parseQuestion(phrase, { model, ...options });
    if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}"`);
    return r.query;
  };
  const answer = async (query: TSemanticQuery, strip = false) => {
    const compiled = compileQuery(query, model, options);
    const got = await connector.query(compiled.sql, compiled.params, RUN);
    // An API source returns only the groups kept: no whole total beside them.
    const rows = strip
      ? got.rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.endsWith('__whole'))))
      : got.rows;
    const card = buildCard({ query, model, compiled, rows, readAt: `${TEST_END_DATE}T10:00:00.000Z` });
    return { compiled, card };
  };
  /** Revenue over the whole period, written by hand against the raw tables. */
  const wholeRevenue = async (from: string, to: string): Promise<number> => {
    const sql =
      'SELECT SUM(oi.quantity * oi.unit_price - oi.discount) AS total FROM order_items oi ' +
      "JOIN orders o ON o.order_id = oi.order_id WHERE o.status = 'completed' " +
      `AND o.order_date BETWEEN DATE '${from}' AND DATE '${to}'`;
    const { rows } = await connector.query(sql, [], RUN);
    return Number(rows[0].total);
  };

  it('"top 5 products by revenue last year": each share is of the whole year, and says so', async () => {
    const query = parsed('top 5 products by revenue last year');
    expect(query.limit).toBe(5);
    const { compiled, card } = await answer(query);
    const whole = await wholeRevenue(compiled.range!.from, compiled.range!.to);
    expect(card.table).toHaveLength(5);
    for (const row of card.table) {
      expect(row['Revenue__%']).toBeCloseTo(((row.Revenue as number) / whole) * 100, 2);
    }
    const shares = card.table.reduce((a, r) => a + (r['Revenue__%'] as number), 0);
    expect(shares).toBeLessThan(100);
    const revenue = card.columns.find((c) => c.key === 'Revenue')!;
    expect(revenue.part?.shown).toBe(5);
    expect(revenue.part?.whole).toBeCloseTo(whole, 2);
    expect(card.columns.find((c) => c.key === 'Revenue__%')?.label).toBe('% of total Revenue');
    // The text, the insights: the leader's share and the top 3's, of the same whole.
    const lead = card.table[0];
    const leadShare = formatShare(((lead.Revenue as number) / whole) * 100, 'en-US');
    expect(card.text).toContain(`<b>${leadShare}</b> of total Revenue`);
    expect(card.insights.join(' ')).toContain(`(${leadShare} of total Revenue)`);
    const top3 = card.table.slice(0, 3).reduce((a, r) => a + (r.Revenue as number), 0);
    const insights = card.insights.join(' ');
    expect(insights).toContain(
      `The top 3 account for <b>${formatShare((top3 / whole) * 100, 'en-US')}</b> of total Revenue.`,
    );
    // The insights' total is the five's, named so, and the five's share of the whole follows.
    const five = card.table.reduce((a, r) => a + (r.Revenue as number), 0);
    expect(insights).toMatch(/^Total Revenue of these 5: <b>/);
    expect(insights).toContain(
      `These 5 account for <b>${formatShare((five / whole) * 100, 'en-US')}</b> of total Revenue`,
    );
  });

  it('without the whole total (an API source), the shares are of the rows shown and say how many', async () => {
    const { card } = await answer(parsed('top 5 products by revenue last year'), true);
    const shares = card.table.reduce((a, r) => a + (r['Revenue__%'] as number), 0);
    expect(shares).toBeCloseTo(100, 1);
    expect(card.columns.find((c) => c.key === 'Revenue')?.part).toEqual({ shown: 5, whole: null });
    expect(card.columns.find((c) => c.key === 'Revenue__%')?.label).toBe('% of Revenue of these 5');
    expect(card.text).toContain('of Revenue of these 5');
    expect(card.text).not.toContain('of total Revenue');
    expect(card.insights.join(' ')).toContain('of Revenue of these 5.');
    expect(card.insights.join(' ')).toMatch(/^Total Revenue of these 5: /);
    expect(card.insights.join(' ')).not.toContain('These 5 account for');
    expect(card.insights.join(' ')).not.toContain('of total Revenue');
  });

  it('a top N that holds every group is the whole; a distinct count of shared members has no shares', async () => {
    const regions = await answer({
      measures: ['revenue'],
      dimensions: ['region'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 50,
    });
    expect(regions.card.columns.find((c) => c.key === 'Revenue')?.part).toBeUndefined();
    const shares = regions.card.table.reduce((a, r) => a + (r['Revenue__%'] as number), 0);
    expect(shares).toBeCloseTo(100, 1);
    const customers = await answer({
      measures: ['customers'],
      dimensions: ['region'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
      order: { field: 'customers', dir: 'desc' },
      limit: 2,
    });
    expect(customers.card.columns.some((c) => c.key.endsWith('__%'))).toBe(false);
    expect(customers.card.text).not.toContain('of total');
    expect(customers.card.insights.join(' ')).not.toContain('of total');
  });
});
