/**
 * The shared base of every SQL connector (Cube's BaseDriver): the read-only guard, the row cap,
 * JSON value conversion, the timeout, `execute(plan)` and the low-cardinality rule. A subclass
 * supplies only the driver parts: run one statement, describe its tables, list its accounts.
 */
import {
  getColumnKind,
  type TColumnKind,
  type TIntrospectedColumn,
  type TIntrospectedTable,
  type TIntrospection,
  type TSqlDialect,
  type TValueRange,
} from '@parley/engine';
import {
  type Connector,
  ConnectorError,
  type TConnectorAccount,
  type TConnectorCapabilities,
  type TQueryColumn,
  type TQueryOptions,
  type TQueryPlan,
  type TQueryResult,
  type TQueryValue,
} from '../connector';
import { assertReadOnlySql } from '../sql-guard';
import { traced } from '../trace';

/** Text columns with at most this many distinct values become dimensions with their values. */
export const LOW_CARDINALITY = 60;

/** Tables estimated larger than this are not sampled for values (a DISTINCT would scan them). */
export const SAMPLE_MAX_ROWS = 2_000_000;

/** Rows read for the value ranges of a table the source has no statistics of. */
export const RANGE_SAMPLE_ROWS = 10_000;

/** What a driver answers for one statement: at most `maxRows + 1` rows of raw driver values. */
export interface TRawResult {
  columns: TQueryColumn[];
  rows: unknown[][];
}

/** How a driver runs one statement: the caller's limits plus a signal aborted at the timeout. */
export interface TRunOptions extends TQueryOptions {
  signal: AbortSignal;
}

/** What every SQL source can do: SQL, a timeout, no accounts (sources with accounts say so). */
export const SQL_CAPABILITIES = { sql: true, accounts: false, timeout: true };

export abstract class SqlConnector implements Connector {
  abstract readonly type: string;
  abstract readonly dialect: TSqlDialect;
  readonly capabilities: TConnectorCapabilities = { sql: true, accounts: false, timeout: true };

  /** Runs one statement, unguarded, returning at most `maxRows + 1` rows. */
  protected abstract run(sql: string, params: (string | number)[], options: TRunOptions): Promise<TRawResult>;
  /** Tables with columns, keys and a row count (exact or estimated); values are added by the base. */
  protected abstract describeTables(): Promise<TIntrospectedTable[]>;
  abstract listAccounts(): Promise<TConnectorAccount[]>;
  abstract close(): Promise<void>;

  /** Whether a driver error means the source cancelled the statement for its timeout. */
  protected isTimeoutError(_error: unknown): boolean {
    return false;
  }

  /** The message of a driver error as users may see it (subclasses redact secrets). */
  protected errorMessage(error: unknown): string {
    return messageOf(error);
  }

  async test(): Promise<void> {
    await this.query('SELECT 1 AS ok', [], { timeoutMs: 5_000, maxRows: 1 });
  }

  async query(sql: string, params: (string | number)[], options: TQueryOptions): Promise<TQueryResult> {
    assertReadOnlySql(sql);
    return this.runQuery(sql, params, options);
  }

  async execute(plan: TQueryPlan, options: TQueryOptions): Promise<TQueryResult> {
    return traced('connector.execute', { plan }, async () => {
      switch (plan.kind) {
        case 'sql':
          return this.query(plan.sql, plan.params, options);
        case 'semantic':
          throw new ConnectorError('unsupported', `The ${this.type} source runs SQL, not semantic queries`);
        default:
          throw new ConnectorError('unsupported', 'Unknown query plan');
      }
    });
  }

  async introspect(): Promise<TIntrospection> {
    const tables = await this.describeTables();
    await this.addTextValues(tables);
    return { tables };
  }

  /**
   * Runs a statement (already checked, or written by the connector itself) with the timeout and
   * row cap, converting values to JSON. Driver errors become ConnectorErrors.
   */
  protected async runQuery(
    sql: string,
    params: (string | number)[],
    options: TQueryOptions,
  ): Promise<TQueryResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      const raw = await this.run(sql, params, { ...options, signal: controller.signal });
      return toQueryResult(raw, options.maxRows);
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      if (controller.signal.aborted || this.isTimeoutError(error))
        throw new ConnectorError('timeout', `The query took longer than ${options.timeoutMs} ms`);
      throw new ConnectorError('query_failed', this.errorMessage(error));
    } finally {
      clearTimeout(timer);
    }
  }

  /** Rows of a statement the connector writes itself (catalog queries), as plain JSON. */
  protected async rows(
    sql: string,
    params: (string | number)[] = [],
  ): Promise<Record<string, TQueryValue>[]> {
    return (await this.runQuery(sql, params, { timeoutMs: 30_000, maxRows: Number.MAX_SAFE_INTEGER })).rows;
  }

  /**
   * Adds the values of low-cardinality text columns: one bounded DISTINCT per text column of
   * each table not estimated huge. A failed or slow sample leaves that column without values.
   */
  protected async addTextValues(tables: TIntrospectedTable[]): Promise<void> {
    for (const table of tables) {
      if (table.rowCount !== null && table.rowCount > SAMPLE_MAX_ROWS) continue;
      for (const column of table.columns) {
        if (column.kind !== 'text') continue;
        try {
          const result = await this.runQuery(distinctValuesSql(table.name, column.name), [], {
            timeoutMs: 5_000,
            maxRows: LOW_CARDINALITY + 1,
          });
          column.values = lowCardinalityValues(result.rows.map((r) => r.v));
          if (column.values) column.distinctCount = column.values.length;
        } catch (error) {
          if (!(error instanceof ConnectorError)) throw error;
        }
      }
    }
  }
}

/** A column as introspection reports it: its kind from the engine, values not sampled yet. */
export function introspectedColumn(name: string, type: string, nullable: boolean): TIntrospectedColumn {
  return { name, type, kind: getColumnKind(type), nullable, values: null, distinctCount: null };
}

/** Double-quoted identifier (PostgreSQL, DuckDB and SQLite agree). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** At most LOW_CARDINALITY + 1 distinct non-null values of a column, unordered (sorted in JS). */
export function distinctValuesSql(table: string, column: string): string {
  const c = quoteIdentifier(column);
  return `SELECT DISTINCT ${c} AS v FROM ${quoteIdentifier(table)} WHERE ${c} IS NOT NULL LIMIT ${LOW_CARDINALITY + 1}`;
}

/**
 * The values of a low-cardinality column, sorted by code unit (the same order on every engine,
 * whatever its collation), or null when there are more than LOW_CARDINALITY.
 */
export function lowCardinalityValues(values: TQueryValue[]): string[] | null {
  if (values.length > LOW_CARDINALITY) return null;
  return values
    .filter((v) => v !== null)
    .map(String)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether a column holds numbers, whose range the sources measure. */
export const isNumericColumn = (col: TIntrospectedColumn): boolean =>
  col.kind === 'integer' || col.kind === 'decimal' || col.kind === 'float';

/** A measured range, or null when the column has no (finite) values. */
export function valueRange(lo: TQueryValue, hi: TQueryValue, whole: TQueryValue): TValueRange | null {
  if (lo === null || hi === null) return null;
  const [min, max] = [Number(lo), Number(hi)];
  if (!Number.isFinite(min) || !Number.isFinite(max)) return null;
  return { min, max, whole: whole === true };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Caps rows and converts every value to JSON by its column's kind. */
export function toQueryResult(raw: TRawResult, maxRows: number): TQueryResult {
  const names = raw.columns.map((c) => c.name);
  const converters = raw.columns.map((c) => converterFor(getColumnKind(c.type)));
  const kept = raw.rows.length > maxRows ? raw.rows.slice(0, maxRows) : raw.rows;
  const rows = kept.map((values) => {
    const row: Record<string, TQueryValue> = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = converters[i](values[i]);
    return row;
  });
  return { columns: raw.columns, rows, truncated: raw.rows.length > maxRows };
}

type TConverter = (value: unknown) => TQueryValue;

function converterFor(kind: TColumnKind): TConverter {
  switch (kind) {
    case 'integer':
    case 'decimal':
    case 'float':
      return (v) => (typeof v === 'string' ? numberFromText(v) : toJsonValue(v, kind));
    case 'date':
      return (v) =>
        typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : toJsonValue(v, kind);
    case 'timestamp':
      return (v) => (typeof v === 'string' ? timestampFromText(v) : toJsonValue(v, kind));
    default:
      return (v) => toJsonValue(v, kind);
  }
}

/** Numeric text (PostgreSQL numeric and int8) as a number when it is exact enough, else the text. */
function numberFromText(text: string): TQueryValue {
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER && text.trim() !== '' ? n : text;
}

/** 'YYYY-MM-DD HH:MM:SS[.ffffff]' without a zone (a timestamp without time zone) as ISO UTC. */
function timestampFromText(text: string): TQueryValue {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(text);
  if (!m) {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? text : d.toISOString();
  }
  const d = new Date(`${m[1]}T${m[2]}${(m[3] ?? '').slice(0, 4)}Z`);
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
}

/** Driver values as JSON: bigint → number (text beyond 2^53), Date → YYYY-MM-DD for dates else ISO. */
export function toJsonValue(value: unknown, kind: TColumnKind): TQueryValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return kind === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
  }
  if (Array.isArray(value)) return `[${value.map((v) => String(toJsonValue(v, 'text'))).join(', ')}]`;
  return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? Number(v) : v));
}
