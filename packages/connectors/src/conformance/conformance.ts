/**
 * The one conformance suite every connector passes (STYLE §9). A connector's test file gives
 * a fixture — how to build the connector over a database holding the demo tables — and the
 * names of checks it skips, with a reason.
 */
import { compileQuery, getDemoModel, parseQuestion } from '@parley/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connector, ConnectorError } from '../connector';

export interface TConformanceFixture {
  name: string;
  /** A connector over a database with the demo dataset's tables. */
  create(): Promise<Connector>;
  /** Check names to skip, with the reason. */
  skip?: Record<string, string>;
}

export function runConformanceSuite(fixture: TConformanceFixture): void {
  describe(`connector conformance: ${fixture.name}`, () => {
    let connector: Connector;
    beforeAll(async () => {
      connector = await fixture.create();
    }, 120_000);
    afterAll(async () => connector?.close());
    const check = (name: string, fn: () => Promise<void>) =>
      fixture.skip?.[name] ? it.skip(`${name} (${fixture.skip[name]})`, fn) : it(name, fn, 30_000);

    check('test() succeeds', async () => {
      await expect(connector.test()).resolves.toBeUndefined();
    });

    check('introspect() reports tables, types, keys and low-cardinality values', async () => {
      const schema = await connector.introspect();
      const orders = schema.tables.find((t) => t.name === 'orders');
      expect(orders?.primaryKey).toEqual(['order_id']);
      expect(orders?.columns.find((c) => c.name === 'order_date')?.kind).toBe('date');
      expect(orders?.columns.find((c) => c.name === 'region')?.values).toEqual(['APAC', 'Americas', 'EMEA']);
      const items = schema.tables.find((t) => t.name === 'order_items');
      expect(items?.foreignKeys).toContainEqual({
        columns: ['order_id'],
        refTable: 'orders',
        refColumns: ['order_id'],
      });
      expect(items?.columns.find((c) => c.name === 'unit_price')?.kind).toBe('decimal');
    });

    check('query() returns plain JSON values', async () => {
      const result = await connector.query(
        "SELECT CAST(12.5 AS DECIMAL(10,2)) AS d, CAST(9007199254740 AS BIGINT) AS b, DATE '2025-03-01' AS day, 'x' AS s, NULL AS n",
        [],
        { timeoutMs: 5_000, maxRows: 10 },
      );
      expect(result.rows).toEqual([{ d: 12.5, b: 9007199254740, day: '2025-03-01', s: 'x', n: null }]);
      expect(result.columns.map((c) => c.name)).toEqual(['d', 'b', 'day', 's', 'n']);
    });

    check('query() binds parameters', async () => {
      const q =
        connector.dialect === 'sqlite'
          ? 'SELECT COUNT(*) AS n FROM orders WHERE region = ?'
          : 'SELECT COUNT(*) AS n FROM orders WHERE region = $1';
      const result = await connector.query(q, ["EMEA' OR '1'='1"], { timeoutMs: 5_000, maxRows: 10 });
      expect(result.rows[0].n).toBe(0);
    });

    check('query() caps rows', async () => {
      const result = await connector.query('SELECT order_id FROM orders', [], {
        timeoutMs: 10_000,
        maxRows: 7,
      });
      expect(result.rows).toHaveLength(7);
      expect(result.truncated).toBe(true);
    });

    check('query() refuses anything but one SELECT/WITH', async () => {
      for (const sql of [
        'DELETE FROM orders',
        'SELECT 1; DROP TABLE orders',
        'CREATE TABLE x AS SELECT 1',
        "ATTACH 'x.db'",
        'WITH x AS (SELECT 1) INSERT INTO orders SELECT * FROM x',
      ]) {
        await expect(connector.query(sql, [], { timeoutMs: 1_000, maxRows: 1 })).rejects.toMatchObject({
          code: 'invalid_sql',
        });
      }
    });

    check('query() times out', async () => {
      const slow = 'SELECT COUNT(*) FROM order_items a, order_items b, order_items c';
      await expect(connector.query(slow, [], { timeoutMs: 200, maxRows: 1 })).rejects.toBeInstanceOf(
        ConnectorError,
      );
    });

    check('runs compiled questions in its dialect', async () => {
      const model = getDemoModel();
      const parsed = parseQuestion('revenue by region last month vs previous period', {
        model,
        today: '2026-11-20',
        weekStart: 'monday',
      });
      if (parsed.kind !== 'query' || !connector.dialect) throw new Error('expected a query');
      const compiled = compileQuery(parsed.query, model, {
        dialect: connector.dialect,
        today: '2026-11-20',
        weekStart: 'monday',
      });
      const result = await connector.query(compiled.sql, compiled.params, {
        timeoutMs: 10_000,
        maxRows: 100,
      });
      expect(result.rows.map((r) => r.Region).sort()).toEqual(['APAC', 'Americas', 'EMEA']);
      expect(typeof result.rows[0].Previous_Revenue).toBe('number');
    });

    check('listAccounts() answers a list', async () => {
      expect(Array.isArray(await connector.listAccounts())).toBe(true);
    });
  });
}
