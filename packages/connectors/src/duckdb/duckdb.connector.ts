/**
 * DuckDB connector: the demo dataset and local analytic files. The database is opened
 * read-only with external access disabled, queries run on their own connection so a timeout
 * can interrupt just that query, and values are converted to plain JSON.
 */
import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBResultReader,
  DuckDBTypeId,
} from '@duckdb/node-api';
import { getColumnKind, type TIntrospectedTable, type TIntrospection } from '@parley/engine';
import {
  type Connector,
  ConnectorError,
  type TConnectorAccount,
  type TQueryOptions,
  type TQueryResult,
  type TQueryValue,
} from '../connector';
import { assertReadOnlySql } from '../sql-guard';

export interface TDuckDbConfig {
  type: 'DUCKDB';
  /** Path of the .duckdb file. */
  path: string;
}

const MAX_IDLE_CONNECTIONS = 4;

/** Text columns with at most this many distinct values become dimensions with their values. */
const LOW_CARDINALITY = 60;

export class DuckDbConnector implements Connector {
  readonly type = 'DUCKDB';
  readonly dialect = 'duckdb' as const;
  readonly capabilities = { sql: true, accounts: false, timeout: true };
  private instance: Promise<DuckDBInstance> | null = null;

  constructor(private readonly config: TDuckDbConfig) {}

  private getInstance(): Promise<DuckDBInstance> {
    if (!this.instance) {
      this.instance = DuckDBInstance.create(this.config.path, {
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

  /** Idle connections kept for reuse: opening one per query cost about as much as a small query. */
  private readonly idle: DuckDBConnection[] = [];

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
      else connection.closeSync();
    }
  }

  async test(): Promise<void> {
    await this.query('SELECT 1 AS ok', [], { timeoutMs: 5_000, maxRows: 1 });
  }

  async query(sql: string, params: (string | number)[], options: TQueryOptions): Promise<TQueryResult> {
    assertReadOnlySql(sql);
    return this.withConnection(async (connection) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        connection.interrupt();
      }, options.timeoutMs);
      try {
        // One prepared statement: DuckDB refuses a second statement here, and this skips the
        // statement-splitting pass of connection.run (measured ~5 ms on the demo's comparison query).
        const prepared = await connection.prepare(sql);
        prepared.bind(params);
        const reader = await prepared.runAndReadUntil(options.maxRows + 1);
        return readResult(reader, options.maxRows);
      } catch (error) {
        if (timedOut)
          throw new ConnectorError('timeout', `The query took longer than ${options.timeoutMs} ms`);
        throw new ConnectorError('query_failed', messageOf(error));
      } finally {
        clearTimeout(timer);
      }
    });
  }

  async introspect(): Promise<TIntrospection> {
    return this.withConnection(async (c) => {
      const rows = async (sql: string): Promise<Record<string, TQueryValue>[]> =>
        readResult(await c.runAndReadAll(sql), Number.MAX_SAFE_INTEGER).rows;
      const columns = await rows(
        `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
         WHERE table_schema = 'main' ORDER BY table_name, ordinal_position`,
      );
      const constraints = await rows(
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
        const type = String(col.data_type);
        table.columns.push({
          name: String(col.column_name),
          type,
          kind: getColumnKind(type),
          nullable: col.is_nullable === 'YES',
          values: null,
          distinctCount: null,
        });
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
      for (const table of tables.values()) {
        const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
        const text = table.columns.filter((col) => col.kind === 'text');
        const stats = await rows(
          `SELECT COUNT(*) AS n${text.map((col, i) => `, approx_count_distinct(${q(col.name)}) AS d${i}`).join('')} FROM ${q(table.name)}`,
        );
        table.rowCount = Number(stats[0].n);
        for (const [i, col] of text.entries()) {
          col.distinctCount = Number(stats[0][`d${i}`]);
          if (col.distinctCount <= LOW_CARDINALITY) {
            const values = await rows(
              `SELECT DISTINCT ${q(col.name)} AS v FROM ${q(table.name)} WHERE ${q(col.name)} IS NOT NULL ORDER BY 1 LIMIT ${LOW_CARDINALITY + 1}`,
            );
            col.values = values.map((v) => String(v.v));
          }
        }
      }
      return { tables: [...tables.values()] };
    });
  }

  async listAccounts(): Promise<TConnectorAccount[]> {
    return [];
  }

  async close(): Promise<void> {
    for (const connection of this.idle.splice(0)) connection.closeSync();
    const instance = this.instance;
    this.instance = null;
    if (instance) (await instance).closeSync();
  }
}

function parseList(value: TQueryValue): string[] {
  if (value === null) return [];
  const text = String(value);
  // duckdb_constraints() lists are rendered as "[a, b]" by the converter below.
  return text
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Converts DuckDB values to JSON: BIGINT/DECIMAL → number, DATE → YYYY-MM-DD, timestamps → ISO. */
function readResult(reader: DuckDBResultReader, maxRows: number): TQueryResult {
  const names = reader.columnNames();
  const types = reader.columnTypes();
  const columns = names.map((name, i) => ({ name, type: types[i].toString() }));
  const raw = reader.getRowsJS();
  const rows = raw.slice(0, maxRows).map((values) => {
    const row: Record<string, TQueryValue> = {};
    names.forEach((name, i) => {
      row[name] = toJsonValue(values[i], types[i].typeId);
    });
    return row;
  });
  return { columns, rows, truncated: raw.length > maxRows };
}

function toJsonValue(value: unknown, typeId: DuckDBTypeId): TQueryValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) {
    return typeId === DuckDBTypeId.DATE ? value.toISOString().slice(0, 10) : value.toISOString();
  }
  if (Array.isArray(value))
    return `[${value.map((v) => String(toJsonValue(v, DuckDBTypeId.VARCHAR))).join(', ')}]`;
  return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? Number(v) : v));
}
