import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type D1StandIn, startD1StandIn } from '@parley/testing/standins/d1-standin';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castNumericParams, D1Connector } from '../../src/d1/d1.connector';
import { foreignKeysFromSql } from '../../src/d1/sqlite-schema';

const OPTIONS = { timeoutMs: 10_000, maxRows: 100 };
const local = { allowPrivateHosts: true };

describe('castNumericParams', () => {
  it('casts the placeholders of numbers only, outside strings, names and comments', () => {
    expect(
      castNumericParams(`SELECT '?', "a?" FROM t WHERE x > ? AND y = ? -- ?\nLIMIT ?`, [5, 'a', 3]),
    ).toBe(`SELECT '?', "a?" FROM t WHERE x > CAST(? AS REAL) AND y = ? -- ?\nLIMIT CAST(? AS REAL)`);
  });
});

describe('foreignKeysFromSql', () => {
  it('reads column and table constraints, quoted names and keys without target columns', () => {
    const sql = `CREATE TABLE "order items" (
      "order id" INTEGER NOT NULL REFERENCES [orders] ("order id") ON DELETE CASCADE,
      product_id INTEGER REFERENCES products,
      a INT, b INT, note TEXT DEFAULT 'x, REFERENCES y(z)', price DECIMAL(10,2),
      CONSTRAINT fk_ab FOREIGN KEY (a, b) REFERENCES pairs (x, y),
      PRIMARY KEY ("order id", product_id))`;
    expect(foreignKeysFromSql(sql)).toEqual([
      { columns: ['order id'], refTable: 'orders', refColumns: ['order id'] },
      { columns: ['product_id'], refTable: 'products', refColumns: [] },
      { columns: ['a', 'b'], refTable: 'pairs', refColumns: ['x', 'y'] },
    ]);
    expect(foreignKeysFromSql('CREATE VIEW v AS SELECT 1')).toEqual([]);
  });
});

describe('Cloudflare D1 connector (stand-in)', () => {
  let standIn: D1StandIn;
  let empty: string;
  let shares: string;
  let connector: D1Connector;
  const config = () => ({
    account_id: standIn.accountId,
    api_token: standIn.token,
    base_url: standIn.baseUrl,
  });
  beforeAll(async () => {
    const SQL = await initSqlJs();
    empty = join(tmpdir(), `parley-d1-empty-${process.pid}.sqlite`);
    writeFileSync(empty, new SQL.Database().export());
    const deals = new SQL.Database();
    // SQLite keeps whatever it is given: the stray text in a REAL column is no value of its range.
    deals.run(`CREATE TABLE deals (id INTEGER PRIMARY KEY, margin REAL, discount_pct REAL);
      INSERT INTO deals VALUES (1, 0.32, 15), (2, 0.08, 0), (3, 0.61, 35), (4, 'n/a', NULL);`);
    shares = join(tmpdir(), `parley-d1-shares-${process.pid}.sqlite`);
    writeFileSync(shares, deals.export());
    // 120 more databases (one of them with shares): the list spans two pages of 100.
    const extra = Array.from({ length: 119 }, (_, i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `extra-${i}`,
      file: empty,
    }));
    extra.push({ uuid: '00000000-0000-4000-8000-feed00000000', name: 'shares', file: shares });
    standIn = await startD1StandIn({ extra, refusedPragmas: ['foreign_key_list'] });
    connector = new D1Connector(config(), { ...local, account: standIn.uuid('demo') });
  }, 60_000);
  afterAll(async () => {
    await standIn?.close();
    if (empty) rmSync(empty, { force: true });
    if (shares) rmSync(shares, { force: true });
  });

  it('lists every database as an account, page by page', async () => {
    const before = (await standIn.requests()).length;
    const accounts = await connector.listAccounts();
    expect(accounts).toHaveLength(122);
    expect(accounts).toContainEqual({ id: standIn.uuid('northwind'), name: 'northwind' });
    const pages = (await standIn.requests()).slice(before).map((r) => r.path);
    expect(pages).toEqual([
      `/client/v4/accounts/${standIn.accountId}/d1/database?page=1&per_page=100`,
      `/client/v4/accounts/${standIn.accountId}/d1/database?page=2&per_page=100`,
    ]);
  });

  it('tests the connection by listing databases and finding the selected one', async () => {
    await expect(connector.test()).resolves.toBeUndefined();
    const cases = [
      [{ api_token: 'wrong-token' }, null, /Cloudflare D1 refused the API key or token/],
      [{ account_id: 'another0account' }, null, /Cloudflare D1 refused the API key or token/],
      [{}, '11111111-2222-4333-8444-555555555555', /database was not found/],
    ] as const;
    for (const [change, account, message] of cases) {
      const bad = new D1Connector({ ...config(), ...change }, { ...local, account });
      const error = await bad.test().catch((e: unknown) => e as Error);
      expect(error).toMatchObject({ code: 'invalid_config', message: expect.stringMatching(message) });
      expect((error as Error).message).not.toContain(standIn.token);
    }
  });

  it('sends exactly one statement per call and refuses a batch before sending it', async () => {
    const before = (await standIn.requests()).length;
    for (const sql of ['SELECT 1; SELECT 2', 'SELECT 1; DELETE FROM orders']) {
      await expect(connector.query(sql, [], OPTIONS)).rejects.toMatchObject({ code: 'invalid_sql' });
    }
    expect((await standIn.requests()).length).toBe(before);
    // The stand-in, like D1, would have run both as a batch.
    const response = await fetch(
      `${standIn.baseUrl}/accounts/${standIn.accountId}/d1/database/${standIn.uuid('demo')}/raw`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${standIn.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sql: 'SELECT 1 AS a; SELECT 2 AS b' }),
      },
    );
    const body = (await response.json()) as { result: unknown[] };
    expect(body.result).toHaveLength(2);
  });

  it('casts numeric parameters, which D1 binds as text', async () => {
    const literal = await connector.query(
      'SELECT COUNT(*) AS n FROM orders WHERE order_id > 10',
      [],
      OPTIONS,
    );
    const bound = await connector.query('SELECT COUNT(*) AS n FROM orders WHERE order_id > ?', [10], OPTIONS);
    expect(bound.rows).toEqual(literal.rows);
    const last = (await standIn.requests()).at(-1);
    expect(last?.path).toMatch(/\/raw$/);
    expect(last?.body).toMatchObject({ params: ['10'], sql: expect.stringContaining('CAST(? AS REAL)') });
  });

  it('retries rate-limited calls with backoff, then gives up with a clear message', async () => {
    await standIn.throttle(2, 0.2);
    await expect(connector.query('SELECT 1 AS one', [], OPTIONS)).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
    await standIn.throttle(10, 0.2);
    await expect(connector.query('SELECT 1 AS one', [], OPTIONS)).rejects.toMatchObject({
      code: 'unreachable',
      message: expect.stringMatching(/rate limiting/),
    });
    await standIn.throttle(0);
  });

  it('maps SQL errors to query_failed with D1’s message', async () => {
    await expect(connector.query('SELECT * FROM no_such_table', [], OPTIONS)).rejects.toMatchObject({
      code: 'query_failed',
      message: expect.stringMatching(/no such table: no_such_table: SQLITE_ERROR/),
    });
  });

  it('reads foreign keys from the table SQL when the pragma is refused, and hides D1’s own tables', async () => {
    await expect(
      connector.query("SELECT * FROM pragma_foreign_key_list('orders')", [], OPTIONS),
    ).rejects.toMatchObject({ message: expect.stringMatching(/not authorized/) });
    const schema = await connector.introspect();
    expect(schema.tables.map((t) => t.name).sort()).toEqual([
      'customers',
      'order_items',
      'orders',
      'products',
      'web_traffic',
    ]);
    const items = schema.tables.find((t) => t.name === 'order_items');
    expect(items?.foreignKeys).toEqual(
      expect.arrayContaining([
        { columns: ['order_id'], refTable: 'orders', refColumns: ['order_id'] },
        { columns: ['product_id'], refTable: 'products', refColumns: ['product_id'] },
      ]),
    );
  });

  it('measures numeric ranges from a bounded sample, in the statement that samples text values', async () => {
    const shared = new D1Connector(config(), { ...local, account: standIn.uuid('shares') });
    const columns = (await shared.introspect()).tables[0].columns;
    const of = (name: string) => columns.find((c) => c.name === name);
    expect(of('margin')?.range).toEqual({ min: 0.08, max: 0.61, whole: false });
    expect(of('discount_pct')?.range).toEqual({ min: 0, max: 35, whole: true });
    expect(of('id')?.range).toEqual({ min: 1, max: 4, whole: true });
  });

  it('queries the account’s first database when none is selected', async () => {
    const first = new D1Connector(config(), { ...local, account: null });
    const { rows } = await first.query(
      'SELECT COUNT(*) AS n FROM sqlite_master WHERE name = ?',
      ['orders'],
      OPTIONS,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('refuses private hosts unless they are allowed', async () => {
    const guarded = new D1Connector(config(), { account: standIn.uuid('demo'), allowPrivateHosts: false });
    await expect(guarded.test()).rejects.toMatchObject({ code: 'forbidden_host' });
    await expect(guarded.query('SELECT 1', [], OPTIONS)).rejects.toMatchObject({ code: 'forbidden_host' });
  });
});
