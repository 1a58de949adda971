import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTableFile } from './file-loader';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-text-columns-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let uploads = 0;

/** Loads a tiny CSV as an upload; answers its column types and its cells as text (NULL as null). */
async function load(lines: string[]): Promise<{ types: Record<string, string>; rows: unknown[][] }> {
  const sourceId = `t${++uploads}`;
  const loaded = await loadTableFile({
    bytes: Buffer.from(lines.join('\n')),
    dataDir,
    sourceId,
    fileName: 'export.csv',
  });
  const types = Object.fromEntries(loaded.columns.map((c) => [c.name, c.type]));
  const instance = await DuckDBInstance.create(loaded.path);
  const c = await instance.connect();
  try {
    const cells = loaded.columns.map((col) => `CAST("${col.name}" AS VARCHAR)`).join(', ');
    const reader = await c.runAndReadAll(`SELECT ${cells} FROM export_data ORDER BY 1`);
    return { types, rows: reader.getRowsJS() };
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

describe('refineTextColumns (through loadTableFile)', () => {
  it('reads US month/day/year with a time of day (H:MM) as a TIMESTAMP', async () => {
    const { types, rows } = await load([
      'id,order date (DateOrders),shipping date (DateOrders)',
      '1,1/31/2018 22:56,2/3/2018 22:56',
      '2,12/1/2017 3:05,12/5/2017 10:00',
      '3,7/4/2016 0:00,',
    ]);
    expect(types['order date (DateOrders)']).toBe('TIMESTAMP');
    expect(types['shipping date (DateOrders)']).toBe('TIMESTAMP');
    expect(rows).toEqual([
      ['1', '2018-01-31 22:56:00', '2018-02-03 22:56:00'],
      ['2', '2017-12-01 03:05:00', '2017-12-05 10:00:00'],
      ['3', '2016-07-04 00:00:00', null],
    ]);
  });

  it('reads 12-hour times with AM/PM and fractional seconds', async () => {
    const { types, rows } = await load([
      'id,at',
      '1,1/31/2018 10:56 PM',
      '2,12/1/2017 12:05:07 am',
      '3,12/2/2017 08:15:30.25',
    ]);
    expect(types.at).toBe('TIMESTAMP');
    expect(rows.map((r) => r[1])).toEqual([
      '2018-01-31 22:56:00',
      '2017-12-01 00:05:07',
      '2017-12-02 08:15:30.25',
    ]);
  });

  it('reads day-first dates with a time when a first part is over 12', async () => {
    const { types, rows } = await load([
      'id,created',
      '1,31/01/2018 22:56',
      '2,01/12/2017 03:05:07',
      '3,05/06/2017 14:00',
    ]);
    expect(types.created).toBe('TIMESTAMP');
    expect(rows.map((r) => r[1])).toEqual([
      '2018-01-31 22:56:00',
      '2017-12-01 03:05:07',
      '2017-06-05 14:00:00',
    ]);
  });

  it('keeps month-first when every value is ambiguous, and DATE when no value has a time of day', async () => {
    const { types, rows } = await load(['id,day', '1,01/02/2018 0:00', '2,03/04/2018 00:00']);
    expect(types.day).toBe('DATE');
    expect(rows.map((r) => r[1])).toEqual(['2018-01-02', '2018-03-04']);
  });

  // DuckDB's sniffer reads clean ISO columns itself; a blank cell leaves them text for this step.
  it('reads ISO dates with T or a space, with or without seconds, mixed with bare dates and blanks', async () => {
    const { types, rows } = await load([
      'id,at',
      '1,2018-01-31T22:56',
      '2,2017-12-01 03:05',
      '3,2017-12-02',
      '4,2017-12-03T08:15:30',
      '5, ',
    ]);
    expect(types.at).toBe('TIMESTAMP');
    expect(rows.map((r) => r[1])).toEqual([
      '2018-01-31 22:56:00',
      '2017-12-01 03:05:00',
      '2017-12-02 00:00:00',
      '2017-12-03 08:15:30',
      null,
    ]);
  });

  it('types a numeric column whose only odd cells are blank spaces, with those cells NULL', async () => {
    const { types, rows } = await load([
      'customerID,tenure,TotalCharges,Visits,Fee',
      '1,0, , ,"$1,200.00"',
      '2,34,1889.5,3,  ',
      '3,2,108.15,12,$99.50',
    ]);
    expect(types.TotalCharges).toBe('DOUBLE');
    expect(types.Visits).toBe('BIGINT');
    expect(types.Fee).toBe('DECIMAL(18,2)');
    expect(rows).toEqual([
      ['1', '0', null, null, '1200.00'],
      ['2', '34', '1889.5', '3', null],
      ['3', '2', '108.15', '12', '99.50'],
    ]);
  });

  it('keeps a column text when one non-empty value does not parse (date, number or code)', async () => {
    const { types } = await load([
      'id,shipped,charges,zip,mixed,version,short',
      '1,1/31/2018 22:56,12.5,01234,31/01/2018,1.2.3,1/2/18',
      '2,not shipped,unknown,02345,01/31/2018,1.2.10,1/3/18',
      '3,2/1/2018 9:00, ,,02/02/2018,2.0.1,1/4/18',
      '4,2/2/2018 9:00,7,12345,02/03/2018,2.1.0,1/5/18',
    ]);
    // A year must have four digits: versions and two-digit years are not dates in the years 3 or 18.
    expect(types).toMatchObject({
      shipped: 'VARCHAR',
      charges: 'VARCHAR',
      zip: 'VARCHAR',
      mixed: 'VARCHAR',
      version: 'VARCHAR',
      short: 'VARCHAR',
    });
  });
});
