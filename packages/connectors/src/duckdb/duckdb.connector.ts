/**
 * DuckDB connector: the demo dataset and local analytic files (FILE sources). The database is
 * opened read-only with external access disabled, queries run on their own connection so a
 * timeout can interrupt just that query; guard, row cap and JSON values come from SqlConnector.
 */
import { type DuckDBConnection, DuckDBInstance, type DuckDBPreparedStatement } from '@duckdb/node-api';
import type { TIntrospectedColumn, TIntrospectedTable } from '@parley/engine';
import { ConnectorError, type TConnectorAccount, type TQueryValue } from '../connector';
import {
  introspectedColumn,
  isNumericColumn,
  LOW_CARDINALITY,
  lowCardinalityValues,
  messageOf,
  quoteIdentifier,
  SqlConnector,
  type TRawResult,
  type TRunOptions,
  valueRange,
} from '../sql/sql-connector';

export interface TDuckDbConfig {
  type: 'DUCKDB';
  /** Path of the .duckdb file. */
  path: string;
}

/** What a DuckDB instance may use: each has its own buffer manager and its own threads. */
export interface TDuckDbSettings {
  /** DuckDB's `memory_limit` for the instance, e.g. '256MB' (DUCKDB_MEMORY_LIMIT). */
  memoryLimit: string;
  /** DuckDB's `threads` for the instance (DUCKDB_THREADS). */
  threads: number;
}

/**
 * Until the server sets its configuration: without a setting DuckDB takes 80 % of the machine's
 * memory and a thread per core for every instance it opens.
 */
export const DEFAULT_DUCKDB_SETTINGS: TDuckDbSettings = { memoryLimit: '256MiB', threads: 2 };
let processSettings = DEFAULT_DUCKDB_SETTINGS;

/**
 * Sets the memory limit and thread count of every DuckDB instance this process opens from now on
 * (sources, uploads being loaded, copies being written, the demo being generated): the server
 * calls it once with its configuration, so no caller has to carry them.
 */
export function configureDuckDb(settings: TDuckDbSettings): void {
  processSettings = { ...settings };
}

/** The DuckDBInstance.create options of `settings` (the process's unless given). */
export function duckDbOptions(settings: TDuckDbSettings = processSettings): Record<string, string> {
  return { memory_limit: settings.memoryLimit, threads: String(settings.threads) };
}

const MAX_IDLE_CONNECTIONS = 4;
/** Prepared statements kept per connection, the least recently used dropped first. */
const PREPARED_PER_CONNECTION = 32;

export class DuckDbConnector extends SqlConnector {
  readonly dialect = 'duckdb' as const;
  private instance: Promise<DuckDBInstance> | null = null;
  /** Idle connections kept for reuse: opening one per query cost about as much as a small query. */
  private readonly idle: DuckDBConnection[] = [];
  /**
   * Each connection's prepared statements by SQL, most recent last: the engine compiles a question
   * to the same SQL whatever its dates and values (they are bound), so a question asked again
   * (its result expired, or the result cache off) skips DuckDB's parse and plan on the main thread
   * (docs/perf/notes.md). The file is read-only, so a kept plan cannot go stale.
   */
  private readonly prepared = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();

  /**
   * `type` names the source the file belongs to (DUCKDB for the demo, FILE for uploads);
   * `settings` replace the process's DuckDB settings (configureDuckDb) for this instance.
   */
  constructor(
    private readonly config: { path: string; type?: string; settings?: TDuckDbSettings },
    readonly type: string = 'DUCKDB',
  ) {
    super();
  }

  private getInstance(): Promise<DuckDBInstance> {
    if (!this.instance) {
      this.instance = DuckDBInstance.create(this.config.path, {
        ...duckDbOptions(this.config.settings),
        access_mode: 'READ_ONLY',
        // No reading of other files through table functions or replacement scans.
        enable_external_access: 'false',
        lock_configuration: 'true',
      }).catch((error: unknown) => {
        this.instance = null;
        throw new ConnectorError('unreachable', `Cannot open the DuckDB database: ${messageOf(error)}`);
      });
    }
    return this.instance;
  }

  private async withConnection<T>(run: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = this.idle.pop() ?? (await (await this.getInstance()).connect());
    let healthy = true;
    try {
      return await run(connection);
    } catch (error) {
      healthy = false;
      throw error;
    } finally {
      // A connection that failed (or was interrupted) is not reused.
      if (healthy && this.idle.length < MAX_IDLE_CONNECTIONS) this.idle.push(connection);
      else this.closeConnection(connection);
    }
  }

  /** Closes a connection and the statements prepared on it first. */
  private closeConnection(connection: DuckDBConnection): void {
    for (const statement of this.prepared.get(connection)?.values() ?? []) statement.destroySync();
    this.prepared.delete(connection);
    connection.closeSync();
  }

  protected async run(sql: string, params: (string | number)[], options: TRunOptions): Promise<TRawResult> {
    return this.withConnection(async (connection) => {
      const interrupt = () => connection.interrupt();
      options.signal.addEventListener('abort', interrupt, { once: true });
      try {
        // One prepared statement: DuckDB refuses a second statement here, and this skips the
        // statement-splitting pass of connection.run (docs/perf/notes.md).
        const prepared = await this.prepare(connection, sql);
        prepared.bind(params);
        const reader = await prepared.runAndReadUntil(options.maxRows + 1);
        const types = reader.columnTypes();
        return {
          columns: reader.columnNames().map((name, i) => ({ name, type: types[i].toString() })),
          rows: reader.getRowsJS() as unknown[][],
        };
      } finally {
        options.signal.removeEventListener('abort', interrupt);
      }
    });
  }

  private async prepare(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
    let kept = this.prepared.get(connection);
    if (!kept) {
      kept = new Map();
      this.prepared.set(connection, kept);
    }
    let statement = kept.get(sql);
    if (statement) kept.delete(sql);
    else statement = await connection.prepare(sql);
    kept.set(sql, statement);
    if (kept.size > PREPARED_PER_CONNECTION) {
      const [oldest, dropped] = kept.entries().next().value as [string, DuckDBPreparedStatement];
      kept.delete(oldest);
      dropped.destroySync();
    }
    return statement;
  }

  protected async describeTables(): Promise<TIntrospectedTable[]> {
    const columns = await this.rows(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'main' ORDER BY table_name, ordinal_position`,
    );
    const constraints = await this.rows(
      `SELECT table_name, constraint_type, constraint_column_names, referenced_table, referenced_column_names
       FROM duckdb_constraints() WHERE schema_name = 'main' AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')`,
    );
    const tables = new Map<string, TIntrospectedTable>();
    for (const col of columns) {
      const name = String(col.table_name);
      const table = tables.get(name) ?? {
        name,
        columns: [],
        primaryKey: [],
        foreignKeys: [],
        rowCount: null,
      };
      table.columns.push(
        introspectedColumn(String(col.column_name), String(col.data_type), col.is_nullable === 'YES'),
      );
      tables.set(name, table);
    }
    for (const k of constraints) {
      const table = tables.get(String(k.table_name));
      if (!table) continue;
      const cols = parseList(k.constraint_column_names);
      if (k.constraint_type === 'PRIMARY KEY') table.primaryKey = cols;
      else
        table.foreignKeys.push({
          columns: cols,
          refTable: String(k.referenced_table),
          refColumns: parseList(k.referenced_column_names),
        });
    }
    return [...tables.values()];
  }

  /**
   * DuckDB counts rows, approximate distincts and the numeric columns' ranges in one pass, then
   * samples only the small columns.
   */
  protected override async addTextValues(tables: TIntrospectedTable[]): Promise<void> {
    const q = quoteIdentifier;
    for (const table of tables) {
      const text = table.columns.filter((col) => col.kind === 'text');
      const numbers = table.columns.filter(isNumericColumn);
      const stats = await this.rows(
        `SELECT COUNT(*) AS n${text.map((col, i) => `, approx_count_distinct(${q(col.name)}) AS d${i}`).join('')}${numbers.map((col, i) => `, ${rangeSql(col, i)}`).join('')} FROM ${q(table.name)}`,
      );
      table.rowCount = Number(stats[0].n);
      for (const [i, col] of numbers.entries()) {
        const range = valueRange(stats[0][`lo${i}`], stats[0][`hi${i}`], stats[0][`w${i}`]);
        if (range) col.range = range;
      }
      for (const [i, col] of text.entries()) {
        col.distinctCount = Number(stats[0][`d${i}`]);
        if (col.distinctCount <= LOW_CARDINALITY) {
          const values = await this.rows(
            `SELECT DISTINCT ${q(col.name)} AS v FROM ${q(table.name)} WHERE ${q(col.name)} IS NOT NULL ORDER BY 1 LIMIT ${LOW_CARDINALITY + 1}`,
          );
          col.values = lowCardinalityValues(values.map((v) => v.v));
        }
      }
    }
  }

  async listAccounts(): Promise<TConnectorAccount[]> {
    return [];
  }

  async close(): Promise<void> {
    for (const connection of this.idle.splice(0)) this.closeConnection(connection);
    const instance = this.instance;
    this.instance = null;
    if (instance) (await instance).closeSync();
  }
}

/** The least and greatest value of a numeric column and whether all are whole, as lo<i>, hi<i>, w<i>. */
function rangeSql(col: TIntrospectedColumn, i: number): string {
  const c = quoteIdentifier(col.name);
  // Infinities and NaN would make every range meaningless: a float column's are left out.
  const value = col.kind === 'float' ? `CASE WHEN isfinite(${c}) THEN ${c} END` : c;
  const whole = col.kind === 'integer' ? 'TRUE' : `BOOL_AND(${value} = TRUNC(${value}))`;
  return `MIN(${value}) AS lo${i}, MAX(${value}) AS hi${i}, ${whole} AS w${i}`;
}

function parseList(value: TQueryValue): string[] {
  if (value === null) return [];
  // duckdb_constraints() lists are rendered as "[a, b]" by the JSON conversion.
  return String(value)
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
