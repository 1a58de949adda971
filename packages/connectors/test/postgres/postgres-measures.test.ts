/**
 * A question with measures from three or more fact tables compiles to one statement that PostgreSQL
 * runs, and each measure equals the same measure asked alone.
 */
import type { TSemanticQuery } from '@parley/contract';
import { compileQuery, getDemoModel } from '@parley/engine';
import { testDatabaseUrl } from '@parley/testing';
import {
  createPostgresDemoDatabase,
  type TPostgresTestDatabase,
} from '@parley/testing/fixtures/postgres-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresConnector } from '../../src/postgres/postgres.connector';

const OPTIONS = { timeoutMs: 10_000, maxRows: 1_000 };
const COMPILE = { dialect: 'postgres', today: '2025-06-15', weekStart: 'monday' } as const;

describe.skipIf(!testDatabaseUrl())('PostgreSQL: measures from many tables in one question', () => {
  let db: TPostgresTestDatabase;
  let connector: PostgresConnector;
  const model = getDemoModel();
  beforeAll(async () => {
    db = await createPostgresDemoDatabase();
    connector = new PostgresConnector(db.config, { account: 'public', allowPrivateHosts: true });
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
    await db?.drop();
  }, 60_000);

  const run = async (query: TSemanticQuery) => {
    const compiled = compileQuery(query, model, COMPILE);
    return (await connector.query(compiled.sql, compiled.params, OPTIONS)).rows;
  };

  // revenue (order_items), orders (orders), new customers (customers), sessions (web_traffic).
  const measures = ['revenue', 'orders', 'new_customers', 'sessions'];
  const labels = measures.map((m) => model.measures.find((x) => x.name === m)!.label);

  it('answers four measures from four tables, each as asked alone', async () => {
    const [row] = await run({ measures, dimensions: [], filters: [] });
    for (const [i, name] of measures.entries()) {
      const [alone] = await run({ measures: [name], dimensions: [], filters: [] });
      expect(Number(row![labels[i]!])).toBeCloseTo(Number(alone![labels[i]!]), 6);
    }
  });

  it('answers them by a shared dimension and by month, with a comparison', async () => {
    const query: TSemanticQuery = {
      measures,
      dimensions: ['country'],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'year', year: 2024 } },
      filters: [],
    };
    const rows = await run(query);
    expect(rows.length).toBeGreaterThan(0);
    const compared = await run({ ...query, dimensions: [], compare: 'previous_year' });
    expect(compared.length).toBeGreaterThan(0);
    const alone = await run({ ...query, measures: ['sessions'] });
    const total = (rs: typeof rows) => rs.reduce((s, r) => s + Number(r.Sessions ?? 0), 0);
    expect(total(rows)).toBeCloseTo(total(alone), 6);
  });

  it('answers a median with a comparison and a measure from another table (items 10 and 12)', async () => {
    const query: TSemanticQuery = {
      measures: ['revenue', 'sessions'],
      dimensions: ['channel'],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2024 } },
      compare: 'previous_year',
      filters: [],
      aggregations: [{ measure: 'revenue', fn: 'median' }],
    };
    const rows = await run(query);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => Number(r['Median Revenue']) > 0)).toBe(true);
    expect(rows.some((r) => Number(r['Previous_Median Revenue']) > 0)).toBe(true);
  });
});
