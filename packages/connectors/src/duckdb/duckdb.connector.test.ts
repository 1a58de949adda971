import { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUERY_OPTIONS } from '../connector';
import { getTestDemoPath } from '../testing/demo-fixture';
import { DuckDbConnector } from './duckdb.connector';

/** The prepared statements a connection keeps (issue 14): reused by SQL, rebound each time, bounded. */
describe('DuckDbConnector: kept prepared statements', () => {
  let db: DuckDbConnector;
  beforeAll(async () => {
    db = new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() });
  });
  afterAll(async () => {
    await db.close();
  });
  const count = (region: string) =>
    db
      .query('SELECT count(*) AS n FROM orders WHERE region = ?', [region], DEFAULT_QUERY_OPTIONS)
      .then((r) => Number(r.rows[0]?.n));
  const direct = (region: string) =>
    db
      .query(`SELECT count(*) AS n FROM orders WHERE region = '${region}'`, [], DEFAULT_QUERY_OPTIONS)
      .then((r) => Number(r.rows[0]?.n));

  it('prepares a statement once and answers each binding with its own rows', async () => {
    const prepare = vi.spyOn(DuckDBConnection.prototype, 'prepare');
    const emea = await count('EMEA');
    const apac = await count('APAC');
    const again = await count('EMEA');
    expect(prepare).toHaveBeenCalledTimes(1);
    prepare.mockRestore();
    expect(emea).toBeGreaterThan(0);
    expect(apac).not.toBe(emea);
    expect(again).toBe(emea);
    expect(emea).toBe(await direct('EMEA'));
    expect(apac).toBe(await direct('APAC'));
  });

  it('keeps a bounded number per connection and prepares a dropped one again', async () => {
    const prepare = vi.spyOn(DuckDBConnection.prototype, 'prepare');
    // 40 different statements push the first out of a connection's 32.
    for (let i = 0; i < 40; i++)
      await db.query(`SELECT ${i} AS n FROM orders LIMIT 1`, [], DEFAULT_QUERY_OPTIONS);
    expect(prepare).toHaveBeenCalledTimes(40);
    const first = await db.query('SELECT 0 AS n FROM orders LIMIT 1', [], DEFAULT_QUERY_OPTIONS);
    expect(prepare).toHaveBeenCalledTimes(41);
    expect(Number(first.rows[0]?.n)).toBe(0);
    const last = await db.query('SELECT 39 AS n FROM orders LIMIT 1', [], DEFAULT_QUERY_OPTIONS);
    expect(prepare).toHaveBeenCalledTimes(41);
    expect(Number(last.rows[0]?.n)).toBe(39);
    prepare.mockRestore();
  });
});
