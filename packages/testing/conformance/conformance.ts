/**
 * The one conformance suite every connector passes (STYLE §9). A connector's test file gives
 * a fixture — how to build the connector over a database holding the demo tables, the spellings
 * its dialect needs — and the names of checks it skips, with a reason. Checks a connector's
 * declared capabilities rule out are skipped by the suite itself.
 */
import { type Connector, ConnectorError } from '@parley/connectors';
import type { TSemanticQuery } from '@parley/contract';
import { compileQuery, getDemoModel, parseQuestion } from '@parley/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** What differs between dialects in the suite's queries and answers. */
export interface TConformanceDialect {
  /** The n-th (1-based) bound parameter: `$1` or `?`. */
  param(n: number): string;
  /** One row with columns d DECIMAL 12.5, b BIGINT 9007199254740, day DATE 2025-03-01, s 'x', n NULL. */
  plainValues: string;
  /** A query over the demo tables that runs far longer than 200 ms. */
  slow: string;
  /** How the source names the types of orders.order_date, order_items.unit_price, orders.region. */
  types: { date: string; decimal: string; text: string };
}

/** DuckDB's spellings; PostgreSQL shares all but the type names. */
export const DUCKDB_CONFORMANCE_DIALECT: TConformanceDialect = {
  param: (n) => `$${n}`,
  plainValues:
    "SELECT CAST(12.5 AS DECIMAL(10,2)) AS d, CAST(9007199254740 AS BIGINT) AS b, DATE '2025-03-01' AS day, 'x' AS s, NULL AS n",
  slow: 'SELECT COUNT(*) FROM order_items a, order_items b, order_items c',
  types: { date: 'DATE', decimal: 'DECIMAL(10,2)', text: 'VARCHAR' },
};

export interface TConformanceFixture {
  name: string;
  /** A connector over a database with the demo dataset's tables. */
  create(): Promise<Connector>;
  /** Removes what create() set up (called after the connector is closed). */
  dispose?(): Promise<void>;
  /** The dialect's spellings (DuckDB's when left out). */
  dialect?: TConformanceDialect;
  /**
   * A query the SQL guard lets through that would write (a function with side effects), and how
   * the source's refusal reads: proves read-only is enforced by the source, not only the guard.
   */
  writeProbe?: { sql: string; refusal: RegExp };
  /** Check names to skip, with the reason. */
  skip?: Record<string, string>;
  /** Skips the whole suite (the source it needs is not here, e.g. no TEST_DATABASE_URL). */
  skipAll?: boolean;
}

type TCapability = keyof Connector['capabilities'];

export function runConformanceSuite(fixture: TConformanceFixture): void {
  describe.skipIf(fixture.skipAll ?? false)(`connector conformance: ${fixture.name}`, () => {
    let connector: Connector;
    beforeAll(async () => {
      connector = await fixture.create();
    }, 120_000);
    afterAll(async () => {
      await connector?.close();
      await fixture.dispose?.();
    });
    const dialect = fixture.dialect ?? DUCKDB_CONFORMANCE_DIALECT;
    /** A check runs unless the fixture skips it or the connector lacks the capability it needs. */
    const check = (name: string, fn: () => Promise<void>, needs: TCapability | null = 'sql') => {
      if (fixture.skip?.[name]) return it.skip(`${name} (${fixture.skip[name]})`, fn);
      return it(name, async (context) => {
        if (needs && !connector.capabilities[needs]) context.skip(`no ${needs} capability`);
        await fn();
      }, 30_000);
    };
    const options = { timeoutMs: 5_000, maxRows: 10 };

    check(
      'test() succeeds',
      async () => {
        await expect(connector.test()).resolves.toBeUndefined();
      },
      null,
    );

    check('introspect() reports tables, types, keys and low-cardinality values', async () => {
      const schema = await connector.introspect();
      const orders = schema.tables.find((t) => t.name === 'orders');
      expect(orders?.primaryKey).toEqual(['order_id']);
      const orderDate = orders?.columns.find((c) => c.name === 'order_date');
      expect(orderDate).toMatchObject({ kind: 'date', type: dialect.types.date });
      const region = orders?.columns.find((c) => c.name === 'region');
      expect(region).toMatchObject({
        kind: 'text',
        type: dialect.types.text,
        values: ['APAC', 'Americas', 'EMEA'],
      });
      const items = schema.tables.find((t) => t.name === 'order_items');
      expect(items?.foreignKeys).toContainEqual({
        columns: ['order_id'],
        refTable: 'orders',
        refColumns: ['order_id'],
      });
      const price = items?.columns.find((c) => c.name === 'unit_price');
      expect(price).toMatchObject({ kind: 'decimal', type: dialect.types.decimal });
      expect(orders?.rowCount).toBeGreaterThan(0);
    });

    check('query() returns plain JSON values', async () => {
      const result = await connector.query(dialect.plainValues, [], options);
      expect(result.rows).toEqual([{ d: 12.5, b: 9007199254740, day: '2025-03-01', s: 'x', n: null }]);
      expect(result.columns.map((c) => c.name)).toEqual(['d', 'b', 'day', 's', 'n']);
    });

    check('query() binds parameters', async () => {
      const q = `SELECT COUNT(*) AS n FROM orders WHERE region = ${dialect.param(1)}`;
      const result = await connector.query(q, ["EMEA' OR '1'='1"], options);
      expect(result.rows[0].n).toBe(0);
      const emea = await connector.query(q, ['EMEA'], options);
      expect(emea.rows[0].n).toBeGreaterThan(0);
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

    check('the source itself refuses writes the guard lets through', async () => {
      if (!fixture.writeProbe) throw new Error('give a writeProbe, or skip this check with the reason');
      const attempt = connector.query(fixture.writeProbe.sql, [], options);
      await expect(attempt).rejects.toBeInstanceOf(ConnectorError);
      await expect(attempt).rejects.toMatchObject({
        message: expect.stringMatching(fixture.writeProbe.refusal),
      });
    });

    check('execute() runs SQL plans and refuses semantic ones', async () => {
      const result = await connector.execute({ kind: 'sql', sql: 'SELECT 1 AS one', params: [] }, options);
      expect(result.rows).toEqual([{ one: 1 }]);
      // The plan's kind decides; the query itself is never read.
      const semantic = connector.execute({ kind: 'semantic', query: {} as TSemanticQuery }, options);
      await expect(semantic).rejects.toMatchObject({ code: 'unsupported' });
    });

    check(
      'query() times out',
      async () => {
        const attempt = connector.query(dialect.slow, [], { timeoutMs: 200, maxRows: 1 });
        await expect(attempt).rejects.toMatchObject({ code: 'timeout' });
        // The connector is still usable afterwards.
        await expect(connector.query('SELECT 1 AS one', [], options)).resolves.toMatchObject({
          rows: [{ one: 1 }],
        });
      },
      'timeout',
    );

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

    check(
      'listAccounts() answers the accounts the source offers',
      async () => {
        const accounts = await connector.listAccounts();
        if (!connector.capabilities.accounts) expect(accounts).toEqual([]);
        else {
          expect(accounts.length).toBeGreaterThan(0);
          for (const a of accounts) expect(a).toEqual({ id: expect.any(String), name: expect.any(String) });
        }
      },
      null,
    );
  });
}
