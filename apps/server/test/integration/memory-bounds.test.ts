import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_QUERY_OPTIONS } from '@parley/connectors';
import { DEMO_DATASOURCE_ID } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Actor } from '../../src/lib/access';
import { buildTestApp, type TestApp } from '../helpers';

const dir = () => mkdtempSync(join(tmpdir(), 'parley-memory-'));

/** Memory bounded (issue 27 item 7): DuckDB's memory and threads and the answer caches come from the configuration. */
describe('memory settings', () => {
  it('defaults to a bounded DuckDB and answer cache, and names a bad value', () => {
    const config = loadConfig({ DATA_DIR: dir() });
    expect([config.DUCKDB_MEMORY_LIMIT, config.DUCKDB_THREADS, config.ANSWER_CACHE_MB]).toEqual([
      '256MiB',
      2,
      64,
    ]);
    expect(loadConfig({ DATA_DIR: dir(), DUCKDB_MEMORY_LIMIT: '1.5GB' }).DUCKDB_MEMORY_LIMIT).toBe('1.5GB');
    expect(() => loadConfig({ DATA_DIR: dir(), DUCKDB_MEMORY_LIMIT: 'lots' })).toThrow(/DUCKDB_MEMORY_LIMIT/);
    // DuckDB cannot answer anything with a few megabytes.
    expect(() => loadConfig({ DATA_DIR: dir(), DUCKDB_MEMORY_LIMIT: '8MB' })).toThrow(
      /DUCKDB_MEMORY_LIMIT: must be at least 16MiB/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), DUCKDB_THREADS: '0' })).toThrow(/DUCKDB_THREADS/);
    expect(() => loadConfig({ DATA_DIR: dir(), ANSWER_CACHE_MB: '-1' })).toThrow(/ANSWER_CACHE_MB/);
  });

  describe('an app configured with them', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('pglite', { DUCKDB_MEMORY_LIMIT: '48MiB', DUCKDB_THREADS: '1' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("opens the demo source's DuckDB with that memory limit and thread count", async () => {
      const actor: Actor = {
        userId: '00000000-0000-0000-0000-000000000000',
        email: 'memory@parley.test',
        name: 'Memory',
        features: [],
        timezone: null,
        language: 'en-US',
        projectId: 'default',
      };
      const { connector } = await t.app.services.sources.resolve(actor, DEMO_DATASOURCE_ID);
      const { rows } = await connector.query(
        "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads",
        [],
        DEFAULT_QUERY_OPTIONS,
      );
      expect({ memory: rows[0]?.memory, threads: Number(rows[0]?.threads) }).toEqual({
        memory: '48.0 MiB',
        threads: 1,
      });
    });
  });
});
