import { testDatabaseUrl } from '@parley/testing';
import { DUCKDB_CONFORMANCE_DIALECT, runConformanceSuite } from '@parley/testing/conformance/conformance';
import {
  createPostgresDemoDatabase,
  type TPostgresTestDatabase,
} from '@parley/testing/fixtures/postgres-fixture';
import { type PgAuthPeer, startPgAuthPeer } from '@parley/testing/standins/pg-auth-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TQueryOptions } from '../../src/connector';
import { PostgresConnector } from '../../src/postgres/postgres.connector';
import { assertReadOnlySql } from '../../src/sql-guard';

/** Exposes the driver-level runner, which skips the SQL guard and the client-side timer. */
class UnguardedPostgresConnector extends PostgresConnector {
  runUnguarded(sql: string, options: TQueryOptions) {
    return this.run(sql, [], { ...options, signal: new AbortController().signal });
  }
}

let database: Promise<TPostgresTestDatabase> | null = null;
/** One throwaway database for this file, created on first use. */
function getDatabase(): Promise<TPostgresTestDatabase> {
  database ??= createPostgresDemoDatabase().then(async (db) => {
    // A function with a side effect: `SELECT parley_write()` passes the SQL guard.
    await db.admin.query(
      `CREATE FUNCTION parley_write() RETURNS integer LANGUAGE sql AS
       $$ INSERT INTO products VALUES (999999, 'x', 'x', 'x', 1) RETURNING product_id $$`,
    );
    await db.admin.query('CREATE SEQUENCE parley_seq');
    await db.admin.query(`CREATE SCHEMA "we""ird schema"`);
    await db.admin.query(`CREATE TABLE "we""ird schema".orders (order_id integer PRIMARY KEY, note text)`);
    await db.admin.query(`INSERT INTO "we""ird schema".orders VALUES (1, 'from the other schema')`);
    return db;
  });
  return database;
}
afterAll(async () => (await database)?.drop(), 60_000);

const local = { account: null, allowPrivateHosts: true };
const OPTIONS = { timeoutMs: 5_000, maxRows: 100 };

/** PostgreSQL tests run on TEST_DATABASE_URL's server and are skipped when it is unset. */
const noPostgres = !testDatabaseUrl();

runConformanceSuite({
  name: 'PostgreSQL',
  skipAll: noPostgres,
  create: async () => new PostgresConnector((await getDatabase()).config, { ...local, account: 'public' }),
  dialect: {
    ...DUCKDB_CONFORMANCE_DIALECT,
    types: { date: 'date', decimal: 'numeric(10,2)', text: 'text' },
  },
  writeProbe: {
    sql: 'SELECT parley_write() AS x',
    refusal: /cannot execute INSERT in a read-only transaction/,
  },
});

describe.skipIf(noPostgres)('PostgreSQL connector', () => {
  let db: TPostgresTestDatabase;
  let connector: UnguardedPostgresConnector;
  beforeAll(async () => {
    db = await getDatabase();
    connector = new UnguardedPostgresConnector(db.config, local);
  }, 120_000);
  afterAll(async () => connector?.close());

  it('has read-only enforced by PostgreSQL, not only by the guard', async () => {
    expect(() => assertReadOnlySql('SELECT parley_write()')).not.toThrow();
    await expect(connector.query('SELECT parley_write()', [], OPTIONS)).rejects.toMatchObject({
      code: 'query_failed',
      message: expect.stringContaining('cannot execute INSERT in a read-only transaction'),
    });
    await expect(connector.query("SELECT nextval('parley_seq')", [], OPTIONS)).rejects.toMatchObject({
      message: expect.stringContaining('read-only transaction'),
    });
    // Past the guard, the driver runner still refuses: statements run only as a cursor's query.
    await expect(
      connector.runUnguarded(
        'WITH x AS (INSERT INTO products VALUES (999998, 1, 1, 1, 1) RETURNING 1) SELECT * FROM x',
        OPTIONS,
      ),
    ).rejects.toThrow(/data-modifying|read-only/);
    await expect(connector.runUnguarded('DELETE FROM products', OPTIONS)).rejects.toThrow();
    const count = await db.admin.query('SELECT count(*)::int AS n FROM products WHERE product_id >= 999998');
    expect(count.rows[0].n).toBe(0);
  });

  it('cancels a slow query with statement_timeout', async () => {
    const started = Date.now();
    await expect(
      connector.query('SELECT pg_sleep(5)', [], { timeoutMs: 200, maxRows: 1 }),
    ).rejects.toMatchObject({
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The server cancels it too, without the client-side timer: SQLSTATE 57014.
    await expect(
      connector.runUnguarded('SELECT pg_sleep(5)', { timeoutMs: 200, maxRows: 1 }),
    ).rejects.toMatchObject({
      code: '57014',
    });
    await expect(connector.query('SELECT 1 AS one', [], OPTIONS)).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });

  it('runs each query in a read-only transaction of its own, though it answers before the ROLLBACK', async () => {
    // now() is the transaction's start: a connection handed out again before its ROLLBACK would
    // show the same start twice (its BEGIN only warns inside an open transaction).
    const starts: string[] = [];
    for (let i = 0; i < 12; i++) {
      const result = await connector.query(
        "SELECT current_setting('transaction_read_only') AS ro, now()::text AS started",
        [],
        OPTIONS,
      );
      expect(result.rows[0]!.ro).toBe('on');
      starts.push(String(result.rows[0]!.started));
    }
    expect(new Set(starts).size).toBe(starts.length);
    // Many at once, more than the pool holds: each still its own transaction.
    const parallel = await Promise.all(
      Array.from({ length: 12 }, () =>
        connector.query('SELECT now()::text AS started, pg_sleep(0.01)::text AS s', [], OPTIONS),
      ),
    );
    const byStart = new Set(parallel.map((r) => String(r.rows[0]!.started)));
    expect(byStart.size).toBe(parallel.length);
  });

  it('closes cleanly right after a query, its ROLLBACK still under way', async () => {
    const connections = async () =>
      (
        await db.admin.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'parley'",
        )
      ).rows[0].n as number;
    const before = await connections();
    const brief = new PostgresConnector(db.config, local);
    await expect(brief.query('SELECT 1 AS one', [], OPTIONS)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    await brief.close();
    // The server may take a moment to drop the backend after the client has gone.
    for (let i = 0; i < 50 && (await connections()) > before; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await connections()).toBe(before);
  });

  it('fetches only maxRows + 1 rows of a huge result', async () => {
    const started = Date.now();
    // About 900 million rows: only a cursor that stops after six can answer in time.
    const result = await connector.query('SELECT a.order_id FROM order_items a, order_items b', [], {
      timeoutMs: 10_000,
      maxRows: 5,
    });
    expect(result.rows).toHaveLength(5);
    expect(result.truncated).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('lists schemas as accounts and reads the selected one, safely quoted', async () => {
    const accounts = await connector.listAccounts();
    expect(accounts.map((a) => a.id)).toEqual(expect.arrayContaining(['public', 'we"ird schema']));
    expect(
      accounts.map((a) => a.id).filter((id) => id.startsWith('pg_') || id === 'information_schema'),
    ).toEqual([]);
    const other = new PostgresConnector(db.config, { ...local, account: 'we"ird schema' });
    try {
      await expect(other.query('SELECT note FROM orders', [], OPTIONS)).resolves.toMatchObject({
        rows: [{ note: 'from the other schema' }],
      });
      const schema = await other.introspect();
      expect(schema.tables.map((t) => t.name)).toEqual(['orders']);
      expect(schema.tables[0].primaryKey).toEqual(['order_id']);
    } finally {
      await other.close();
    }
  });

  it('introspects keys and types from pg_catalog', async () => {
    const schema = await connector.introspect();
    expect(schema.tables.map((t) => t.name).sort()).toEqual([
      'customers',
      'order_items',
      'orders',
      'products',
      'web_traffic',
    ]);
    const orders = schema.tables.find((t) => t.name === 'orders');
    expect(orders?.foreignKeys).toEqual([
      { columns: ['customer_id'], refTable: 'customers', refColumns: ['customer_id'] },
    ]);
    const items = schema.tables.find((t) => t.name === 'order_items');
    expect(items?.foreignKeys).toContainEqual({
      columns: ['product_id'],
      refTable: 'products',
      refColumns: ['product_id'],
    });
    expect(items?.primaryKey).toEqual([]);
    expect(schema.tables.find((t) => t.name === 'customers')?.primaryKey).toEqual(['customer_id']);
    expect(orders?.columns.find((c) => c.name === 'order_id')).toMatchObject({
      kind: 'integer',
      nullable: false,
    });
    expect(orders?.columns.find((c) => c.name === 'channel')?.values?.length).toBeGreaterThan(1);
    expect(
      schema.tables.find((t) => t.name === 'customers')?.columns.find((c) => c.name === 'email')?.values,
    ).toBeNull();
  });

  it('reads numeric ranges from the statistics, or from a bounded sample of a table without them', async () => {
    await db.admin.query('CREATE SCHEMA shares');
    for (const t of ['analysed', 'fresh'])
      await db.admin.query(
        `CREATE TABLE shares.${t} AS SELECT i AS id, (i % 60) / 100.0 AS margin, (i % 35)::float8 AS discount_pct,
           (i * 7.5)::numeric(10,2) AS revenue, NULL::float8 AS empty FROM generate_series(1, 500) i`,
      );
    await db.admin.query('ANALYZE shares.analysed');
    // Past the statistics: a scan would see it, the statistics do not until the next ANALYZE.
    await db.admin.query('INSERT INTO shares.analysed VALUES (501, 9, 0, 0, NULL)');
    const other = new PostgresConnector(db.config, { ...local, account: 'shares' });
    try {
      const schema = await other.introspect();
      for (const name of ['analysed', 'fresh']) {
        const column = (c: string) =>
          schema.tables.find((t) => t.name === name)?.columns.find((x) => x.name === c);
        expect(column('margin')?.range).toEqual({ min: 0, max: 0.59, whole: false });
        expect(column('discount_pct')?.range).toEqual({ min: 0, max: 34, whole: true });
        expect(column('revenue')?.range).toMatchObject({ min: 7.5, whole: false });
        expect(column('empty')?.range).toBeUndefined();
      }
    } finally {
      await other.close();
    }
  });

  it('refuses private hosts unless they are allowed', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const guarded = new PostgresConnector(
        { ...db.config, host },
        { account: null, allowPrivateHosts: false },
      );
      await expect(guarded.test()).rejects.toMatchObject({ code: 'forbidden_host' });
      await expect(guarded.query('SELECT 1', [], OPTIONS)).rejects.toMatchObject({ code: 'forbidden_host' });
      await expect(guarded.listAccounts()).rejects.toMatchObject({ code: 'forbidden_host' });
      await guarded.close();
    }
    const allowed = new PostgresConnector({ ...db.config, host: 'localhost' }, local);
    await expect(allowed.test()).resolves.toBeUndefined();
    await allowed.close();
  });

  it('answers invalid_config for an unknown database or role, unreachable for a closed port', async () => {
    const cases = [
      [{ database: 'parley_conn_does_not_exist' }, 'invalid_config', /does not exist/],
      [{ user: 'parley_no_such_role' }, 'invalid_config', /user name or password/],
      [{ port: 1 }, 'unreachable', /Host unreachable: .* refused the connection on port 1/],
    ] as const;
    for (const [change, code, message] of cases) {
      const bad = new PostgresConnector({ ...db.config, ...change }, local);
      await expect(bad.test()).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
      await bad.close();
    }
  });

  describe('against a server that asks for a password', () => {
    const password = 'S3cret-pa55word!';
    let peer: PgAuthPeer;
    let port = 0;
    let echo = false;
    beforeAll(async () => {
      peer = await startPgAuthPeer({ echoPassword: () => echo });
      port = peer.port;
    });
    afterAll(() => peer.close());

    it('never puts the password in an error message', async () => {
      for (const echoed of [false, true]) {
        echo = echoed;
        const config = { host: '127.0.0.1', port, database: 'shop', user: 'reader', password, ssl: false };
        const c = new PostgresConnector(config, local);
        const error = await c.test().catch((e: unknown) => e as Error & { code: string });
        expect(error).toMatchObject({ code: 'invalid_config' });
        expect(error?.message).not.toContain(password);
        const queryError = await c.query('SELECT 1', [], OPTIONS).then(
          () => null,
          (e: unknown) => e as Error,
        );
        expect(queryError?.message).not.toContain(password);
        await c.close();
      }
    });
  });
});
