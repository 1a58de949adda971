/**
 * Loads an uploaded CSV or Parquet file into `<dataDir>/<sourceId>.duckdb` as one table
 * (DESIGN §2 "file sources"). The content is sniffed, not the name: Parquet by its magic, else
 * text DuckDB can read as CSV. DuckDB detects the types; text columns holding money or dates in
 * one consistent format are converted afterwards, in SQL. The database is written under a
 * temporary name and renamed when complete, so a failure leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ConnectorError, type TQueryColumn } from '../connector';
import { duckDbOptions } from '../duckdb/duckdb.connector';
import { quoteIdentifier } from '../sql/sql-connector';
import { isGuardedKeyword } from '../sql-guard';
import type { TFileSourceConfig } from './file.connector';
import { csvMisread, csvRefusal, FILE_UNREADABLE, PARQUET_UNREADABLE } from './upload-errors';

export interface TLoadTableFileInput {
  /** The uploaded content, or… */
  bytes?: Uint8Array;
  /** …the path of a file holding it (read in place, not copied). */
  path?: string;
  /** The data folder the DuckDB file is written to. */
  dataDir: string;
  /** Names the DuckDB file: `<sourceId>.duckdb`. */
  sourceId: string;
  /** The name the user uploaded; the table is named after it. */
  fileName: string;
}

export interface TLoadedTableFile {
  /** The FILE source's config: the DuckDB file (relative to dataDir) and its table. */
  config: TFileSourceConfig;
  /** Absolute path of the DuckDB file. */
  path: string;
  format: 'csv' | 'parquet';
  rowCount: number;
  columns: TQueryColumn[];
}

/** SQL words a table should not be named (the guard's list covers the write keywords). */
const RESERVED = new Set([
  'select',
  'from',
  'where',
  'table',
  'order',
  'group',
  'by',
  'user',
  'limit',
  'join',
  'with',
  'union',
  'all',
  'and',
  'or',
  'not',
  'null',
  'case',
  'when',
  'end',
  'as',
  'on',
  'in',
  'is',
  'having',
  'distinct',
  'default',
  'check',
  'column',
  'primary',
  'references',
  'window',
  'offset',
  'values',
  'true',
  'false',
]);

const SNIFF_BYTES = 64 * 1024;
const PARQUET_MAGIC = 'PAR1';

/** Currency symbols and codes a money column may carry before or after the number. */
const CURRENCY = '(?:[$€£¥₺₹₽₩]|USD|EUR|GBP|TRY|TL|JPY|CHF|CAD|AUD)';
/** The whole cell: optional sign or parentheses, currency either side, then the number. */
const moneyPattern = (number: string) =>
  String.raw`^\(?[-+]?\s*${CURRENCY}?\s*[-+]?\s*${number}\s*${CURRENCY}?\)?$`;
const MONEY_US = moneyPattern(String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`);
const MONEY_EU = moneyPattern(String.raw`(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?`);
/** At least one cell must show it is formatted money: a currency or a separator. */
const MONEY_MARK = `${CURRENCY}|[.,]`;

/** Date formats tried on text columns, most specific first; the first that parses every value wins. */
const DATE_FORMATS = [
  '%Y-%m-%d',
  '%Y/%m/%d',
  '%d.%m.%Y',
  '%m/%d/%Y',
  '%d/%m/%Y',
  '%d-%m-%Y',
  '%d %b %Y',
  '%d %B %Y',
  '%b %d, %Y',
  '%B %d, %Y',
];

/** Sniffs, loads and type-refines an uploaded table file; ConnectorError('invalid_config') says why not. */
export async function loadTableFile(input: TLoadTableFileInput): Promise<TLoadedTableFile> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(input.sourceId))
    throw new ConnectorError('invalid_config', 'The source id must be letters, digits, - or _.');
  if (!input.bytes === !input.path)
    throw new ConnectorError('invalid_config', 'Give the file as bytes or as a path.');
  const file = `${input.sourceId}.duckdb`;
  const target = join(input.dataDir, file);
  const nonce = randomBytes(6).toString('hex');
  const temporary = join(input.dataDir, `${input.sourceId}.${nonce}.loading.duckdb`);
  const upload = input.path ?? join(input.dataDir, `${input.sourceId}.${nonce}.upload`);
  const created = [temporary, `${temporary}.wal`];
  try {
    if (input.bytes) {
      created.push(upload);
      await writeFile(upload, input.bytes, { mode: 0o600 });
    }
    const format = await sniff(upload);
    const table = tableNameOf(input.fileName);
    const instance = await DuckDBInstance.create(temporary, duckDbOptions());
    const connection = await instance.connect();
    let loaded: { rowCount: number; columns: TQueryColumn[] };
    try {
      loaded = await loadInto(connection, upload, format, table);
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    await rename(temporary, target);
    return { config: { type: 'FILE', file, table }, path: target, format: format.kind, ...loaded };
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    // DuckDB's text names the server's paths and quotes the SQL and the file: never shown.
    throw new ConnectorError('invalid_config', FILE_UNREADABLE);
  } finally {
    await Promise.all(created.map((p) => rm(p, { force: true })));
  }
}

/** A table name from the file name: `Sales 2025.csv` → `sales_2025`. */
export function tableNameOf(fileName: string): string {
  const stem = basename(fileName).replace(/\.(csv|tsv|txt|parquet|pq|gz)$/gi, '');
  const name = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60);
  if (!name) return 'data';
  if (/^[0-9]/.test(name)) return `t_${name}`;
  // Keywords would need quoting in every hand-written query (and the guard refuses some bare).
  return isGuardedKeyword(name) || RESERVED.has(name) ? `${name}_data` : name;
}

interface TFormat {
  kind: 'csv' | 'parquet';
  /** CSV only: the text is not UTF-8 (read as Latin-1). */
  latin1?: boolean;
}

/** Decides what the file is from its first and last bytes. */
async function sniff(path: string): Promise<TFormat> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) throw new ConnectorError('invalid_config', 'The file is empty.');
    const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, 4));
    await handle.read(tail, 0, tail.length, size - tail.length);
    if (head.subarray(0, 4).toString('latin1') === PARQUET_MAGIC) {
      if (size < 12 || tail.toString('latin1') !== PARQUET_MAGIC)
        throw new ConnectorError('invalid_config', 'The Parquet file is incomplete or damaged.');
      return { kind: 'parquet' };
    }
    if (head.subarray(0, 2).toString('latin1') === 'PK')
      throw new ConnectorError(
        'invalid_config',
        'Spreadsheet and ZIP files are not supported; save the sheet as CSV and upload that.',
      );
    if (head.includes(0) || controlShare(head) > 0.05)
      throw new ConnectorError('invalid_config', 'The file is not a CSV or Parquet file (it is binary).');
    const latin1 = !isUtf8(head, head.length < size);
    const text = head
      .toString(latin1 ? 'latin1' : 'utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (/^<(!doctype|html|\?xml|[a-z]+[\s>])/i.test(text))
      throw new ConnectorError('invalid_config', 'The file is HTML or XML, not a CSV or Parquet table.');
    if (/^[[{]/.test(text) && isJson(text, head.length < size))
      throw new ConnectorError('invalid_config', 'The file is JSON, not a CSV or Parquet table.');
    return { kind: 'csv', latin1 };
  } finally {
    await handle.close();
  }
}

/** Share of control characters other than tab, newlines and form feed. */
function controlShare(bytes: Buffer): number {
  let n = 0;
  for (const b of bytes) if (b < 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13) n++;
  return n / bytes.length;
}

function isUtf8(bytes: Buffer, truncated: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
    return true;
  } catch {
    return false;
  }
}

/** JSON text (a complete document, or one cut off by the sniff window that began like one). */
function isJson(text: string, truncated: boolean): boolean {
  if (truncated) return /^(\{\s*"|\[\s*[[{"\d-])/.test(text);
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

async function loadInto(
  c: DuckDBConnection,
  path: string,
  format: TFormat,
  table: string,
): Promise<{ rowCount: number; columns: TQueryColumn[] }> {
  const t = quoteIdentifier(table);
  if (format.kind === 'parquet') {
    try {
      await c.run(`CREATE TABLE ${t} AS SELECT * FROM read_parquet(${sqlString(path)})`);
    } catch {
      throw new ConnectorError('invalid_config', PARQUET_UNREADABLE);
    }
  } else {
    const options = format.latin1 ? ", encoding = 'latin-1'" : '';
    try {
      await c.run(`CREATE TABLE ${t} AS SELECT * FROM read_csv_auto(${sqlString(path)}${options})`);
    } catch {
      // The type sniffer reads a sample; a value later in the file that breaks its guess needs a full scan.
      try {
        await c.run(
          `CREATE OR REPLACE TABLE ${t} AS SELECT * FROM read_csv_auto(${sqlString(path)}${options}, sample_size = -1)`,
        );
      } catch {
        throw new ConnectorError('invalid_config', await csvRefusal(c, path, Boolean(format.latin1)));
      }
    }
  }
  let columns = await describe(c, table);
  if (format.kind === 'csv') {
    const misread = await csvMisread(c, path, Boolean(format.latin1), columns);
    if (misread) throw new ConnectorError('invalid_config', misread);
  }
  const rowCount = Number((await c.runAndReadAll(`SELECT count(*) AS n FROM ${t}`)).getRowObjectsJS()[0].n);
  if (rowCount === 0)
    throw new ConnectorError(
      'invalid_config',
      columns.length <= 1 ? 'The file does not hold a table.' : 'The file has a header but no rows.',
    );
  if (await refineTextColumns(c, table, columns)) columns = await describe(c, table);
  return { rowCount, columns };
}

async function describe(c: DuckDBConnection, table: string): Promise<TQueryColumn[]> {
  const reader = await c.runAndReadAll(
    `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ${sqlString(table)} ORDER BY ordinal_position`,
  );
  return reader.getRowObjectsJS().map((r) => ({ name: String(r.column_name), type: String(r.data_type) }));
}

/**
 * Converts text columns whose every non-null value is money (→ DECIMAL) or a date in one
 * format (→ DATE). One aggregate query measures every candidate; one CREATE … AS rewrites the table.
 */
async function refineTextColumns(
  c: DuckDBConnection,
  table: string,
  columns: TQueryColumn[],
): Promise<boolean> {
  const text = columns.filter((col) => col.type === 'VARCHAR');
  if (text.length === 0) return false;
  const measures: string[] = [];
  text.forEach((col, i) => {
    const v = `trim(${quoteIdentifier(col.name)})`;
    measures.push(
      `count(${v}) AS n${i}`,
      `count(*) FILTER (WHERE regexp_full_match(${v}, ${sqlString(MONEY_US)})) AS us${i}`,
      `count(*) FILTER (WHERE regexp_full_match(${v}, ${sqlString(MONEY_EU)})) AS eu${i}`,
      `count(*) FILTER (WHERE regexp_matches(${v}, ${sqlString(MONEY_MARK)})) AS mark${i}`,
      `max(length(regexp_extract(${v}, '\\.(\\d+)\\D*$', 1))) AS us_scale${i}`,
      `max(length(regexp_extract(${v}, ',(\\d+)\\D*$', 1))) AS eu_scale${i}`,
      ...DATE_FORMATS.map((f, j) => `count(try_strptime(${v}, ${sqlString(f)})) AS d${i}_${j}`),
    );
  });
  const [stats] = (
    await c.runAndReadAll(`SELECT ${measures.join(', ')} FROM ${quoteIdentifier(table)}`)
  ).getRowObjectsJS();
  const num = (key: string) => Number(stats[key] ?? 0);
  const select: string[] = [];
  let changed = false;
  for (const col of columns) {
    const q = quoteIdentifier(col.name);
    const i = text.indexOf(col);
    if (i < 0 || num(`n${i}`) === 0) {
      select.push(q);
      continue;
    }
    const n = num(`n${i}`);
    const v = `trim(${q})`;
    const dateFormat = DATE_FORMATS.find((_, j) => num(`d${i}_${j}`) === n);
    const money =
      num(`mark${i}`) > 0 ? (num(`us${i}`) === n ? 'us' : num(`eu${i}`) === n ? 'eu' : null) : null;
    if (dateFormat) {
      select.push(`CAST(strptime(${v}, ${sqlString(dateFormat)}) AS DATE) AS ${q}`);
      changed = true;
    } else if (money) {
      const scale = Math.min(6, Math.max(2, num(`${money}_scale${i}`)));
      // Keep digits and the decimal separator; parentheses or a minus make it negative.
      const digits =
        money === 'us'
          ? `regexp_replace(${v}, '[^0-9.]', '', 'g')`
          : `replace(regexp_replace(${v}, '[^0-9,]', '', 'g'), ',', '.')`;
      const sign = `CASE WHEN ${v} LIKE '(%' OR ${v} LIKE '%-%' THEN -1 ELSE 1 END`;
      select.push(`CAST(${sign} * CAST(${digits} AS DECIMAL(38,${scale})) AS DECIMAL(18,${scale})) AS ${q}`);
      changed = true;
    } else select.push(q);
  }
  if (changed) {
    const t = quoteIdentifier(table);
    await c.run(`CREATE OR REPLACE TABLE ${t} AS SELECT ${select.join(', ')} FROM ${t}`);
  }
  return changed;
}
