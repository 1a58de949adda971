/**
 * PostgreSQL connector (pg). Built from discrete fields, never a connection string; the host is
 * resolved and checked once (net/host-guard) and the pool connects to that address. Every
 * statement runs in a READ ONLY transaction with a LOCAL statement_timeout and search_path,
 * capped at maxRows + 1 rows by an outer LIMIT, and is rolled back.
 */
import { isIP } from 'node:net';
import type { TPostgresConfig } from '@parley/contract';
import type { TIntrospectedTable } from '@parley/engine';
import pg from 'pg';
import { pgConnectionFailure } from '../connection-errors';
import { ConnectorError, type TConnectorAccount, type TConnectorContext } from '../connector';
import { resolvePublicHost } from '../net/host-guard';
import {
  introspectedColumn,
  LOW_CARDINALITY,
  lowCardinalityValues,
  messageOf,
  quoteIdentifier,
  SAMPLE_MAX_ROWS,
  SqlConnector,
  type TRawResult,
  type TRunOptions,
} from '../sql/sql-connector';
import { addValueRanges } from './column-ranges';

/** The stored config of a POSTGRESQL source: ZPostgresConfig's fields plus the type. */
export type TPostgresSourceConfig = TPostgresConfig & { type: 'POSTGRESQL' };

/** A PostgreSQL error as pg raises it (SQLSTATE in `code`), or a socket error (`ECONNREFUSED`…). */
interface TPgError {
  code?: string;
  severity?: string;
}

/** OIDs whose text form the base converts itself: int8, numeric, date, timestamp (no zone shift). */
const RAW_TEXT_TYPES = new Set([20, 1700, 1082, 1114]);
const TYPE_PARSERS = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format ?? 'text'),
} as pg.CustomTypesConfig;

/** Type names of the common OIDs, spelled like format_type so getColumnKind reads them. */
const TYPE_NAMES: Record<number, string> = {
  16: 'boolean',
  18: 'char',
  19: 'name',
  20: 'bigint',
  21: 'smallint',
  23: 'integer',
  25: 'text',
  26: 'oid',
  114: 'json',
  700: 'real',
  701: 'double precision',
  790: 'money',
  1042: 'character',
  1043: 'character varying',
  1082: 'date',
  1083: 'time without time zone',
  1114: 'timestamp without time zone',
  1184: 'timestamp with time zone',
  1186: 'interval',
  1700: 'numeric',
  2950: 'uuid',
  3802: 'jsonb',
};

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export class PostgresConnector extends SqlConnector {
  readonly type = 'POSTGRESQL';
  readonly dialect = 'postgres' as const;
  override readonly capabilities = { sql: true, accounts: true, timeout: true };
  private pool: Promise<pg.Pool> | null = null;

  constructor(
    private readonly config: TPostgresConfig,
    private readonly context: Pick<TConnectorContext, 'account' | 'allowPrivateHosts'>,
  ) {
    super();
  }

  /** One small pool per connector, on the address the host resolved to when first used. */
  private getPool(): Promise<pg.Pool> {
    if (!this.pool) {
      this.pool = this.createPool().catch((error: unknown) => {
        this.pool = null;
        throw error;
      });
    }
    return this.pool;
  }

  private async createPool(): Promise<pg.Pool> {
    const { host, port, database, user, ssl } = this.config;
    const [address] = await resolvePublicHost(host, { allowPrivateHosts: this.context.allowPrivateHosts });
    const pool = new pg.Pool({
      host: address,
      port,
      database,
      user,
      // A function, so an empty password never falls back to PGPASSWORD or ~/.pgpass of the server.
      password: () => this.config.password,
      // The certificate is checked against the name the user gave, not the address.
      ssl: ssl ? { servername: isIP(host) ? undefined : host, rejectUnauthorized: true } : false,
      application_name: 'parley',
      max: 4,
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      allowExitOnIdle: true,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    return pool;
  }

  private async connect(): Promise<pg.PoolClient> {
    const pool = await this.getPool();
    try {
      return await pool.connect();
    } catch (error) {
      throw this.connectionError(error);
    }
  }

  /**
   * Connection failures as the catalogue explains them (connection-errors.ts); any other is
   * unreachable (network) or invalid_config, with the driver's text redacted.
   */
  private connectionError(error: unknown): ConnectorError {
    const known = pgConnectionFailure(error, this.config);
    if (known) return known;
    const code = (error as TPgError).code ?? '';
    const where = `${this.config.host}:${this.config.port}`;
    if (NETWORK_ERRORS.has(code) || /timeout|terminated|SSL|certificate/i.test(messageOf(error)))
      return new ConnectorError('unreachable', this.redact(`Cannot reach ${where}: ${messageOf(error)}`));
    return new ConnectorError(
      'invalid_config',
      this.redact(`The server refused the connection: ${messageOf(error)}`),
    );
  }

  /** Never lets the password out in a message: one that contains it is replaced whole. */
  private redact(message: string): string {
    const { password } = this.config;
    return password && message.includes(password) ? 'The PostgreSQL server refused the request.' : message;
  }

  protected override errorMessage(error: unknown): string {
    return this.redact(messageOf(error));
  }

  protected override isTimeoutError(error: unknown): boolean {
    return (error as TPgError).code === '57014';
  }

  protected async run(sql: string, params: (string | number)[], options: TRunOptions): Promise<TRawResult> {
    const client = await this.connect();
    let reusable = true;
    try {
      // One round trip: the simple protocol takes the three statements together.
      const schema = this.context.account
        ? `; SET LOCAL search_path TO ${quoteIdentifier(this.context.account)}`
        : '';
      await client.query(
        `BEGIN READ ONLY; SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(options.timeoutMs))}${schema}`,
      );
      // The row cap as an outer LIMIT, not a cursor: PostgreSQL never plans a cursor's query in
      // parallel, which made large aggregates about 1.8x slower than the same SQL run plainly.
      // A plain subquery's order is kept by the outer SELECT * … LIMIT.
      const count = Math.min(options.maxRows + 1, 2_147_483_647);
      const fetch: pg.QueryArrayConfig & { query_timeout: number } = {
        text: `SELECT * FROM (${sql.trim().replace(/;\s*$/, '')}) AS parley_capped LIMIT ${count}`,
        values: params,
        rowMode: 'array',
        types: TYPE_PARSERS,
        // A backstop for a connection that stops answering; statement_timeout cancels first.
        query_timeout: options.timeoutMs + 5_000,
      };
      const result = await client.query(fetch);
      return {
        columns: result.fields.map((f) => ({ name: f.name, type: TYPE_NAMES[f.dataTypeID] ?? 'unknown' })),
        rows: result.rows as unknown[][],
      };
    } catch (error) {
      // A server error leaves a healthy connection in an aborted transaction; anything else may not.
      if (!(error as TPgError).severity) reusable = false;
      throw error;
    } finally {
      // The rows are in hand: the answer does not wait for the ROLLBACK's round trip (one round
      // trip to a remote server). The connection goes back to the pool only once it is
      // rolled back, so the next query on it starts clean; one whose ROLLBACK fails is dropped.
      if (reusable) {
        void client.query('ROLLBACK').then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
      } else client.release(true);
    }
  }

  override async test(): Promise<void> {
    const client = await this.connect();
    try {
      await client.query('SELECT 1');
      client.release();
    } catch (error) {
      client.release(true);
      throw this.connectionError(error);
    }
  }

  async listAccounts(): Promise<TConnectorAccount[]> {
    const rows = await this.rows(
      `SELECT nspname AS name FROM pg_catalog.pg_namespace
       WHERE nspname !~ '^pg_' AND nspname <> 'information_schema' AND has_schema_privilege(oid, 'USAGE')
       ORDER BY nspname`,
    );
    return rows.map((r) => ({ id: String(r.name), name: String(r.name) }));
  }

  /**
   * Tables and views of the selected schema from pg_catalog (information_schema hides what the
   * role does not own), with primary and same-schema foreign keys and the planner's row estimate.
   */
  protected async describeTables(): Promise<TIntrospectedTable[]> {
    const columns = await this.rows(
      `SELECT c.relname AS table_name, c.relkind AS kind, c.reltuples::float8 AS estimate, a.attname AS column_name,
              format_type(a.atttypid, a.atttypmod) AS data_type, NOT a.attnotnull AS nullable
       FROM pg_catalog.pg_class c
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
         AND has_table_privilege(c.oid, 'SELECT')
       ORDER BY c.relname, a.attnum`,
    );
    const keys = await this.rows(
      `SELECT c.relname AS table_name, k.contype::text AS kind, r.relname AS ref_table,
              (SELECT json_agg(a.attname ORDER BY u.i) FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
                 JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n)::text AS cols,
              (SELECT json_agg(a.attname ORDER BY u.i) FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
                 JOIN pg_catalog.pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n)::text AS ref_cols
       FROM pg_catalog.pg_constraint k
       JOIN pg_catalog.pg_class c ON c.oid = k.conrelid
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_catalog.pg_class r ON r.oid = k.confrelid
       WHERE n.nspname = current_schema() AND k.contype IN ('p', 'f')
         AND (k.contype = 'p' OR r.relnamespace = c.relnamespace)
       ORDER BY c.relname, k.conname`,
    );
    const tables = new Map<string, TIntrospectedTable>();
    const unknownCounts: TIntrospectedTable[] = [];
    for (const col of columns) {
      const name = String(col.table_name);
      let table = tables.get(name);
      if (!table) {
        const estimate = Number(col.estimate);
        // Views have no estimate; a table never analysed reports -1 (PostgreSQL 14+).
        const known = col.kind !== 'v' && estimate >= 0;
        table = {
          name,
          columns: [],
          primaryKey: [],
          foreignKeys: [],
          rowCount: known ? Math.round(estimate) : null,
        };
        if (!known && col.kind !== 'v') unknownCounts.push(table);
        tables.set(name, table);
      }
      table.columns.push(
        introspectedColumn(String(col.column_name), String(col.data_type), col.nullable === true),
      );
    }
    for (const k of keys) {
      const table = tables.get(String(k.table_name));
      if (!table) continue;
      const cols = JSON.parse(String(k.cols ?? '[]')) as string[];
      if (k.kind === 'p') table.primaryKey = cols;
      else
        table.foreignKeys.push({
          columns: cols,
          refTable: String(k.ref_table),
          refColumns: JSON.parse(String(k.ref_cols ?? '[]')) as string[],
        });
    }
    // Tables without an estimate are counted, but only up to the sampling bound.
    for (const table of unknownCounts) {
      try {
        const [row] = await this.rows(
          `SELECT count(*) AS n FROM (SELECT 1 FROM ${quoteIdentifier(table.name)} LIMIT ${SAMPLE_MAX_ROWS + 1}) s`,
        );
        table.rowCount = Number(row.n);
      } catch (error) {
        if (!(error instanceof ConnectorError)) throw error;
      }
    }
    return [...tables.values()];
  }

  /**
   * Values of low-cardinality text columns: columns pg_stats already knows to be varied are
   * skipped, the rest of a table are sampled in one statement of bounded DISTINCTs.
   */
  protected override async addTextValues(tables: TIntrospectedTable[]): Promise<void> {
    await addValueRanges(tables, {
      rows: (sql) => this.rows(sql),
      sampleRow: async (sql) => (await this.runQuery(sql, [], { timeoutMs: 10_000, maxRows: 1 })).rows[0],
    });
    const stats = await this.rows(
      `SELECT tablename, attname, n_distinct::float8 AS n FROM pg_catalog.pg_stats WHERE schemaname = current_schema()`,
    );
    const distinct = new Map(stats.map((r) => [`${r.tablename}\u0000${r.attname}`, Number(r.n)]));
    for (const table of tables) {
      if (table.rowCount !== null && table.rowCount > SAMPLE_MAX_ROWS) continue;
      const columns = table.columns.filter((col) => {
        if (col.kind !== 'text') return false;
        const n = distinct.get(`${table.name}\u0000${col.name}`);
        // n_distinct < 0 is a fraction of the rows; an estimate well past the limit is not sampled.
        const estimate = n === undefined ? null : n < 0 ? -n * (table.rowCount ?? 0) : n;
        if (estimate !== null && estimate > 2 * LOW_CARDINALITY) {
          col.distinctCount = Math.round(estimate);
          return false;
        }
        return true;
      });
      if (columns.length === 0) continue;
      const t = quoteIdentifier(table.name);
      const samples = columns.map((col, i) => {
        const c = quoteIdentifier(col.name);
        return `(SELECT json_agg(v)::text FROM (SELECT DISTINCT ${c}::text AS v FROM ${t} WHERE ${c} IS NOT NULL LIMIT ${LOW_CARDINALITY + 1}) s) AS v${i}`;
      });
      try {
        const [row] = (
          await this.runQuery(`SELECT ${samples.join(', ')}`, [], { timeoutMs: 10_000, maxRows: 1 })
        ).rows;
        columns.forEach((col, i) => {
          col.values = lowCardinalityValues(JSON.parse(String(row[`v${i}`] ?? '[]')) as string[]);
          if (col.values) col.distinctCount = col.values.length;
        });
      } catch (error) {
        // A slow or failing sample leaves the table without values.
        if (!(error instanceof ConnectorError)) throw error;
      }
    }
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    if (pool) await (await pool.catch(() => null))?.end();
  }
}
