/**
 * Loads an uploaded CSV or Parquet file into `<dataDir>/<sourceId>.duckdb` as one table
 * (DESIGN §2 "file sources"). The content is sniffed, not the name: Parquet by its magic, else
 * text DuckDB can read as CSV. DuckDB detects the types; text columns holding money, numbers with
 * blank cells, or dates and timestamps in one consistent form are converted afterwards, in SQL
 * (text-columns.ts). The database is written under a temporary name and renamed when complete,
 * so a failure leaves nothing behind.
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
import { refineTextColumns } from './text-columns';
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
/** DuckDB's CSV type candidates without DATE and TIMESTAMP (the last reading of a refused file). */
const NO_DATE_TYPES = "['BOOLEAN', 'BIGINT', 'DOUBLE', 'VARCHAR']";
const PARQUET_MAGIC = 'PAR1';

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
    const encoding = format.latin1 ? ", encoding = 'latin-1'" : '';
    // The type sniffer reads a sample; a value later in the file that breaks its guess needs a full
    // scan. A date column whose values mix orders fails even then: read it without date types, so the
    // text refinement decides (it keeps such a column text).
    const attempts = [
      '',
      ', sample_size = -1',
      `, sample_size = -1, auto_type_candidates = ${NO_DATE_TYPES}`,
    ];
    let loaded = false;
    for (const options of attempts) {
      try {
        await c.run(
          `CREATE OR REPLACE TABLE ${t} AS SELECT * FROM read_csv_auto(${sqlString(path)}${encoding}${options})`,
        );
        loaded = true;
        break;
      } catch {
        // Refused: the next, more tolerant reading is tried.
      }
    }
    if (!loaded)
      throw new ConnectorError('invalid_config', await csvRefusal(c, path, Boolean(format.latin1)));
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
