import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBConnection } from '@duckdb/node-api';
import { getTestDemoPath } from '@parley/testing/fixtures/demo-fixture';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUERY_OPTIONS } from '../../src/connector';
import {
  configureDuckDb,
  DEFAULT_DUCKDB_SETTINGS,
  DuckDbConnector,
  duckDbOptions,
  type TDuckDbSettings,
} from '../../src/duckdb/duckdb.connector';
import { loadTableFile } from '../../src/file/file-loader';
import { createConnector } from '../../src/registry';

/** The prepared statements a connection keeps: reused by SQL, rebound each time, bounded. */
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

/** Each DuckDB instance has its own buffer manager and threads: both come from the configuration. */
describe('DuckDbConnector: memory limit and threads', () => {
  afterEach(() => configureDuckDb(DEFAULT_DUCKDB_SETTINGS));

  async function settingsOf(settings?: TDuckDbSettings): Promise<{ memory: unknown; threads: unknown }> {
    const db = new DuckDbConnector({ path: await getTestDemoPath(), settings });
    try {
      const { rows } = await db.query(
        "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads",
        [],
        DEFAULT_QUERY_OPTIONS,
      );
      return { memory: rows[0]?.memory, threads: Number(rows[0]?.threads) };
    } finally {
      await db.close();
    }
  }

  it('opens its instance with the settings it is given', async () => {
    expect(await settingsOf({ memoryLimit: '64MiB', threads: 1 })).toEqual({
      memory: '64.0 MiB',
      threads: 1,
    });
  });

  it("takes the process's settings without its own, never DuckDB's defaults (80 % of memory, every core)", async () => {
    expect(await settingsOf()).toEqual({ memory: '256.0 MiB', threads: 2 });
    configureDuckDb({ memoryLimit: '96MiB', threads: 1 });
    expect(duckDbOptions()).toEqual({ memory_limit: '96MiB', threads: '1' });
    expect(await settingsOf()).toEqual({ memory: '96.0 MiB', threads: 1 });
  });

  it('gives uploaded files (FILE sources) the same settings', async () => {
    configureDuckDb({ memoryLimit: '80MiB', threads: 1 });
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-duckdb-settings-'));
    const source = createConnector(
      (await loadTableFile({ bytes: Buffer.from('a,b\n1,2\n'), dataDir, sourceId: 's1', fileName: 'x.csv' }))
        .config,
      { account: null, allowPrivateHosts: false, dataDir },
    );
    try {
      const { rows } = await source.query(
        "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads",
        [],
        DEFAULT_QUERY_OPTIONS,
      );
      expect({ memory: rows[0]?.memory, threads: Number(rows[0]?.threads) }).toEqual({
        memory: '80.0 MiB',
        threads: 1,
      });
    } finally {
      await source.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
