import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { compileQuery, generateModel } from '@parley/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnector } from '../registry';
import { loadTableFile, tableNameOf } from './file-loader';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-file-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const OPTIONS = { timeoutMs: 5_000, maxRows: 100 };
const CONTEXT = { account: null, allowPrivateHosts: false, dataDir };

const SALES_CSV = [
  'Order Id,Order Date,Region,Amount,Price EU,Shipped',
  '1,03/15/2025,EMEA,"$1,234.50","1.234,50 €",true',
  '2,03/16/2025,APAC,$99.00,"99,00 €",false',
  '3,04/01/2025,Americas,"($12.25)","12,25 €",',
  '4,,EMEA,"$2,000","2.000,00 €",true',
].join('\n');

describe('loadTableFile', () => {
  it('loads a CSV, turning money and date strings into DECIMAL and DATE', async () => {
    const loaded = await loadTableFile({
      bytes: Buffer.from(SALES_CSV),
      dataDir,
      sourceId: 'csv1',
      fileName: 'Sales 2025.csv',
    });
    expect(loaded.config).toEqual({ type: 'FILE', file: 'csv1.duckdb', table: 'sales_2025' });
    expect(loaded.format).toBe('csv');
    expect(loaded.rowCount).toBe(4);
    const types = Object.fromEntries(loaded.columns.map((c) => [c.name, c.type]));
    expect(types).toMatchObject({
      'Order Date': 'DATE',
      Region: 'VARCHAR',
      Amount: 'DECIMAL(18,2)',
      'Price EU': 'DECIMAL(18,2)',
      Shipped: 'BOOLEAN',
    });
    expect(readdirSync(dataDir)).toEqual(['csv1.duckdb']);

    const connector = createConnector(loaded.config, CONTEXT);
    try {
      const result = await connector.query(
        'SELECT "Order Date" AS d, "Amount" AS a, "Price EU" AS e FROM sales_2025 ORDER BY "Order Id"',
        [],
        OPTIONS,
      );
      expect(result.rows).toEqual([
        { d: '2025-03-15', a: 1234.5, e: 1234.5 },
        { d: '2025-03-16', a: 99, e: 99 },
        { d: '2025-04-01', a: -12.25, e: 12.25 },
        { d: null, a: 2000, e: 2000 },
      ]);
      const schema = await connector.introspect();
      const table = schema.tables.find((t) => t.name === 'sales_2025');
      expect(table?.columns.find((c) => c.name === 'Amount')?.kind).toBe('decimal');
      expect(table?.columns.find((c) => c.name === 'Order Date')?.kind).toBe('date');
      expect(table?.columns.find((c) => c.name === 'Region')?.values).toEqual(['APAC', 'Americas', 'EMEA']);
    } finally {
      await connector.close();
    }
  });

  it('loads a Parquet file from a path', async () => {
    const source = join(dataDir, 'export.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    await c.run(
      `COPY (SELECT i AS id, DATE '2025-01-01' + CAST(i AS INTEGER) AS day, CAST(i * 1.5 AS DECIMAL(10,2)) AS amount, 'r' || (i % 3) AS region
             FROM range(1000) t(i)) TO '${source}' (FORMAT parquet)`,
    );
    c.closeSync();
    instance.closeSync();
    const loaded = await loadTableFile({
      path: source,
      dataDir,
      sourceId: 'pq1',
      fileName: 'export.parquet',
    });
    rmSync(source);
    expect(loaded.format).toBe('parquet');
    expect(loaded.rowCount).toBe(1000);
    expect(loaded.config.table).toBe('export_data');
    const connector = createConnector(loaded.config, CONTEXT);
    try {
      const result = await connector.query(
        'SELECT sum(amount) AS s, max(day) AS d FROM export_data',
        [],
        OPTIONS,
      );
      expect(result.rows).toEqual([{ s: 749250, d: '2027-09-27' }]);
    } finally {
      await connector.close();
    }
  });

  it.each([
    ['empty', Buffer.alloc(0), /empty/],
    ['binary', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 3, 0, 0]), /binary/],
    [
      'HTML',
      Buffer.from('<!DOCTYPE html><html><body><table><tr><td>1</td></tr></table></body></html>'),
      /HTML/,
    ],
    ['JSON', Buffer.from('[{"a": 1, "b": 2}, {"a": 3, "b": 4}]'), /JSON/],
    ['one column, no rows', Buffer.from('just a line of text\n'), /does not hold a table/],
    ['a ZIP/XLSX', Buffer.from('PK\u0003\u0004rest-of-zip'), /CSV/],
    ['a truncated Parquet', Buffer.from('PAR1 not really parquet'), /Parquet/],
  ])('refuses %s with a reason and leaves nothing behind', async (_, bytes, reason) => {
    const before = readdirSync(dataDir);
    const attempt = loadTableFile({ bytes, dataDir, sourceId: 'bad', fileName: 'x.csv' });
    await expect(attempt).rejects.toMatchObject({
      code: 'invalid_config',
      message: expect.stringMatching(reason),
    });
    expect(readdirSync(dataDir)).toEqual(before);
    expect(existsSync(join(dataDir, 'bad.duckdb'))).toBe(false);
  });

  it('names tables after the file', () => {
    expect(tableNameOf('Sales 2025.csv')).toBe('sales_2025');
    expect(tableNameOf('2025 Q1 – Müşteri.parquet')).toBe('t_2025_q1_musteri');
    expect(tableNameOf('../../etc/passwd')).toBe('passwd');
    expect(tableNameOf('***.csv')).toBe('data');
    expect(tableNameOf('Export.CSV')).toBe('export_data');
    expect(tableNameOf('order.csv')).toBe('order_data');
  });
});

describe('FILE connector', () => {
  it('counts the values of whole-number columns and lists those of 0/1 flags', async () => {
    const csv = ['id,senior,tenure,amount', '1,0,3,1.5', '2,1,3,2.5', '3,0,12,3.5', '4,,40,4.5'].join('\n');
    const loaded = await loadTableFile({
      bytes: Buffer.from(csv),
      dataDir,
      sourceId: 'ints',
      fileName: 'ints.csv',
    });
    const connector = createConnector(loaded.config, CONTEXT);
    try {
      const columns = (await connector.introspect()).tables[0].columns;
      const of = (name: string) => columns.find((c) => c.name === name);
      expect(of('senior')).toMatchObject({ kind: 'integer', values: ['0', '1'], distinctCount: 2 });
      expect(of('tenure')).toMatchObject({ kind: 'integer', values: null, distinctCount: 3 });
      expect(of('amount')?.distinctCount).toBeNull();
    } finally {
      await connector.close();
    }
  });

  it('measures numeric ranges, so a margin (0–1) and a discount pct (0–100) are averaged percentages', async () => {
    const csv = [
      'deal,closed,margin,discount_pct,conversion,revenue',
      '1,2025-01-03,0.32,15,0.5,1200.50',
      '2,2025-01-09,0.08,0,0.125,98.00',
      '3,2025-02-11,0.61,35.5,0.8,4300.00',
      '4,2025-02-20,,10,0,15.25',
    ].join('\n');
    const loaded = await loadTableFile({
      bytes: Buffer.from(csv),
      dataDir,
      sourceId: 'deals',
      fileName: 'deals.csv',
    });
    const connector = createConnector(loaded.config, CONTEXT);
    try {
      const schema = await connector.introspect();
      const of = (name: string) => schema.tables[0].columns.find((c) => c.name === name);
      expect(of('margin')?.range).toEqual({ min: 0.08, max: 0.61, whole: false });
      expect(of('discount_pct')?.range).toEqual({ min: 0, max: 35.5, whole: false });
      expect(of('revenue')?.range).toEqual({ min: 15.25, max: 4300, whole: false });
      expect(of('deal')?.range).toEqual({ min: 1, max: 4, whole: true });

      const model = generateModel(schema);
      const measure = (name: string) => model.measures.find((m) => m.name === `deals.${name}`);
      for (const share of ['margin', 'discount_pct', 'conversion']) {
        expect(measure(`${share}.sum`)).toBeUndefined();
        expect(measure(`${share}.avg`)?.format).toBe('percent');
      }
      expect(measure('revenue.sum')?.format).toBe('currency');
      // The average discount is 15.125 %: the percent format shows 0.15125 as that.
      const sql = compileQuery(
        { measures: ['deals.discount_pct.avg', 'deals.margin.avg'], dimensions: [], filters: [] },
        model,
        { dialect: 'duckdb', today: '2025-06-30', weekStart: 'monday' },
      );
      const result = await connector.query(sql.sql, sql.params, OPTIONS);
      expect(Object.values(result.rows[0]).map((v) => Number(Number(v).toFixed(5)))).toEqual([
        0.15125, 0.33667,
      ]);
    } finally {
      await connector.close();
    }
  });

  it('cannot read other files (external access is off)', async () => {
    const secret = join(dataDir, 'secret.csv');
    writeFileSync(secret, 'a,b\n1,2\n');
    const loaded = await loadTableFile({
      bytes: Buffer.from('x,y\n1,2\n'),
      dataDir,
      sourceId: 'ext',
      fileName: 'x.csv',
    });
    const connector = createConnector(loaded.config, CONTEXT);
    try {
      await expect(connector.query('SELECT * FROM x', [], OPTIONS)).resolves.toMatchObject({
        rows: [{ x: 1, y: 2 }],
      });
      for (const sql of [
        `SELECT * FROM read_csv_auto('${secret}')`,
        `SELECT * FROM '${secret}'`,
        `SELECT * FROM read_text('/etc/hostname')`,
      ]) {
        await expect(connector.query(sql, [], OPTIONS)).rejects.toMatchObject({ code: 'query_failed' });
      }
    } finally {
      await connector.close();
    }
  });

  it('refuses a config pointing outside the data folder', () => {
    expect(() => createConnector({ type: 'FILE', file: '../demo.duckdb', table: 't' }, CONTEXT)).toThrow(
      /file name/i,
    );
  });
});
