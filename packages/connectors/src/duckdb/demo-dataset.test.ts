import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDemoDataset } from './demo-dataset';
import { DuckDbConnector } from './duckdb.connector';

async function fingerprint(path: string): Promise<string> {
  const c = new DuckDbConnector({ type: 'DUCKDB', path });
  const hash = createHash('sha256');
  for (const table of ['customers', 'products', 'orders', 'order_items', 'web_traffic']) {
    const r = await c.query(
      `SELECT COUNT(*) AS n, SUM(hash(CAST(t AS VARCHAR)) % 1000000007) AS h FROM ${table} t`,
      [],
      { timeoutMs: 20_000, maxRows: 1 },
    );
    hash.update(JSON.stringify(r.rows));
  }
  await c.close();
  return hash.digest('hex');
}

describe('ensureDemoDataset', () => {
  it('is deterministic for an end date, ends on it and spans three years', async () => {
    const a = join(tmpdir(), `parley-demo-a-${process.pid}.duckdb`);
    const b = join(tmpdir(), `parley-demo-b-${process.pid}.duckdb`);
    try {
      const first = await ensureDemoDataset({ path: a, endDate: '2025-06-30', scale: 0.02 });
      expect(first.created).toBe(true);
      await ensureDemoDataset({ path: b, endDate: '2025-06-30', scale: 0.02 });
      expect(await fingerprint(a)).toBe(await fingerprint(b));
      expect((await ensureDemoDataset({ path: a, endDate: '2025-06-30', scale: 0.02 })).created).toBe(false);
      const c = new DuckDbConnector({ type: 'DUCKDB', path: a });
      const r = await c.query(
        'SELECT MIN(order_date) AS lo, MAX(order_date) AS hi, (SELECT COUNT(DISTINCT country) FROM orders) AS countries, (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(DISTINCT category) FROM products) AS categories FROM orders',
        [],
        { timeoutMs: 10_000, maxRows: 1 },
      );
      expect(r.rows[0]).toEqual({
        lo: '2022-07-01',
        hi: '2025-06-30',
        countries: 20,
        products: 400,
        categories: 8,
      });
      await c.close();
      expect(existsSync(`${a}.tmp-${process.pid}`)).toBe(false);
    } finally {
      rmSync(a, { force: true });
      rmSync(b, { force: true });
    }
  }, 60_000);
});
