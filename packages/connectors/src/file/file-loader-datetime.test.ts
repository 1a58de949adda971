import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../duckdb/duckdb.connector';
import { loadTableFile } from './file-loader';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-file-dt-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadTableFile: dates with a time of day (issue 29 shape 6)', () => {
  it('reads "4/1/2016 21:05" as a TIMESTAMP, so a start and an end date give a duration', async () => {
    const csv = [
      'Order Id,order date (DateOrders),shipping date (DateOrders),Note',
      '1,4/1/2016 21:05,4/6/2016 21:05,a',
      '2,12/30/2017 8:00,1/1/2018 20:00,b',
    ].join('\n');
    const loaded = await loadTableFile({
      bytes: Buffer.from(csv),
      dataDir,
      sourceId: 'dt1',
      fileName: 'orders.csv',
    });
    const types = Object.fromEntries(loaded.columns.map((c) => [c.name, c.type]));
    expect(types).toMatchObject({
      'order date (DateOrders)': 'TIMESTAMP',
      'shipping date (DateOrders)': 'TIMESTAMP',
      Note: 'VARCHAR',
    });
    const duck = new DuckDbConnector({ path: loaded.path }, 'FILE');
    const { rows } = await duck.query(
      `SELECT CAST("shipping date (DateOrders)" AS VARCHAR) AS s FROM "orders" ORDER BY "Order Id"`,
      [],
      { timeoutMs: 5_000, maxRows: 10 },
    );
    expect(rows.map((r) => r.s)).toEqual(['2016-04-06 21:05:00', '2018-01-01 20:00:00']);
  });
});
