/**
 * Cloudflare D1 connector: SQLite over Cloudflare's REST API. Every statement goes to
 * `POST /accounts/{account}/d1/database/{database}/raw` (column order kept) — exactly one per
 * call, since the endpoint runs `;`-separated statements as a batch — with its parameters as
 * text (numbers wrapped in CAST(? AS REAL), or SQLite would compare them as text). Accounts are
 * the account's databases; introspection reads sqlite_master and pragma_table_info, foreign keys
 * from pragma_foreign_key_list or, where D1 refuses that pragma, from the tables' own SQL.
 */
import type { TCloudflareD1Config } from '@parley/contract';
import type { TIntrospectedTable } from '@parley/engine';
import { httpFailure } from '../connection-errors';
import { ConnectorError, type TConnectorAccount, type TConnectorContext } from '../connector';
import { requestJson, retryAfterMs, sleep, type THttpJsonResponse } from '../net/http-json';
import {
  introspectedColumn,
  quoteIdentifier,
  SAMPLE_MAX_ROWS,
  SqlConnector,
  type TRawResult,
  type TRunOptions,
} from '../sql/sql-connector';
import { assertReadOnlySql } from '../sql-guard';
import { addColumnSamples } from './column-samples';
import { foreignKeysFromSql } from './sqlite-schema';

/** The stored config of a CLOUDFLARE_D1 source. */
export type TD1SourceConfig = TCloudflareD1Config & { type: 'CLOUDFLARE_D1' };

/** The source's name in the failures users read. */
const CLOUDFLARE_D1_NAME = 'Cloudflare D1';

export const D1_DEFAULT_BASE_URL = 'https://api.cloudflare.com/client/v4';

/** Attempts of one call when D1 answers 429 (rate limited) or 503 (busy). */
const MAX_ATTEMPTS = 4;
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 8_000;
/** Databases asked for per page of the list. */
const PAGE_SIZE = 100;
/** Pages of databases read at most (100 × 50 = 5,000 databases). */
const MAX_PAGES = 50;

interface TCloudflareError {
  code?: number;
  message?: string;
}

interface TEnvelope<T> {
  success?: boolean;
  errors?: TCloudflareError[];
  result?: T;
  result_info?: { page?: number; per_page?: number; count?: number; total_count?: number };
}

interface TRawStatementResult {
  success?: boolean;
  results?: { columns?: string[]; rows?: unknown[][] };
}

/**
 * Replaces the n-th `?` (outside strings, quoted names and comments) by CAST(? AS REAL) when the
 * n-th parameter is a number: D1 binds every parameter as text, and SQLite compares text above
 * any number (`SUM(x) > '100'` is never true).
 */
export function castNumericParams(sql: string, params: readonly (string | number)[]): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      let j = i + 1;
      while (j < sql.length && !(sql[j] === close && sql[j + 1] !== close)) j += sql[j] === close ? 2 : 1;
      out += sql.slice(i, j + 1);
      i = j;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const j = sql.indexOf('\n', i);
      const end = j === -1 ? sql.length : j;
      out += sql.slice(i, end);
      i = end - 1;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const j = sql.indexOf('*/', i + 2);
      const end = j === -1 ? sql.length : j + 2;
      out += sql.slice(i, end);
      i = end - 1;
    } else if (ch === '?' && !/[0-9]/.test(sql[i + 1] ?? '')) {
      out += typeof params[n] === 'number' ? 'CAST(? AS REAL)' : '?';
      n++;
    } else out += ch;
  }
  return out;
}

/** A column's type from its values: D1's raw results carry none (SQLite types are per value). */
function typeOfValues(rows: unknown[][], index: number): string {
  let type = 'TEXT';
  for (const row of rows) {
    const v = row[index];
    if (v === null || v === undefined) continue;
    if (typeof v !== 'number') return Array.isArray(v) ? 'BLOB' : 'TEXT';
    if (!Number.isInteger(v)) return 'REAL';
    type = 'INTEGER';
  }
  return type;
}

export class D1Connector extends SqlConnector {
  readonly type = 'CLOUDFLARE_D1';
  readonly dialect = 'sqlite' as const;
  override readonly capabilities = { sql: true, accounts: true, timeout: true };
  private readonly baseUrl: string;
  /** The database queried: the selected account, else the account's first database. */
  private database: Promise<string> | null = null;

  constructor(
    private readonly config: TCloudflareD1Config,
    private readonly context: Pick<TConnectorContext, 'account' | 'allowPrivateHosts'>,
  ) {
    super();
    this.baseUrl = (config.base_url ?? D1_DEFAULT_BASE_URL).replace(/\/+$/, '');
  }

  private accountPath(): string {
    return `${this.baseUrl}/accounts/${encodeURIComponent(this.config.account_id)}/d1/database`;
  }

  /**
   * One API call with Cloudflare's envelope checked: rate limits (429) and a busy service (503)
   * retried with backoff (Retry-After when given), errors mapped to ConnectorErrors.
   */
  private async call<T>(
    path: string,
    init: { method?: 'GET' | 'POST'; body?: unknown; timeoutMs: number; signal?: AbortSignal },
  ): Promise<TEnvelope<T>> {
    const deadline = Date.now() + init.timeoutMs;
    for (let attempt = 1; ; attempt++) {
      const response = await requestJson({
        url: path,
        method: init.method,
        body: init.body,
        headers: { authorization: `Bearer ${this.config.api_token}` },
        timeoutMs: Math.max(1, deadline - Date.now()),
        signal: init.signal,
        allowPrivateHosts: this.context.allowPrivateHosts,
      });
      if ((response.status === 429 || response.status === 503) && attempt < MAX_ATTEMPTS) {
        const wait = Math.min(
          BACKOFF_MAX_MS,
          retryAfterMs(response.headers['retry-after']) ?? BACKOFF_BASE_MS * 2 ** (attempt - 1),
        );
        if (Date.now() + wait >= deadline)
          throw new ConnectorError('timeout', 'Cloudflare kept answering "too many requests".');
        await sleep(wait, init.signal);
        continue;
      }
      return this.envelope<T>(response);
    }
  }

  /** The envelope of a 2xx answer, or the ConnectorError its status and errors mean. */
  private envelope<T>(response: THttpJsonResponse): TEnvelope<T> {
    const body = (response.json ?? {}) as TEnvelope<T>;
    if (response.status >= 200 && response.status < 300) {
      if (body.success === true) return body;
      // A 2xx without Cloudflare's envelope: the address is some other server.
      if (body.success === undefined)
        return this.fail('invalid_config', 'This address does not answer like the Cloudflare API.');
    }
    const first = body.errors?.[0];
    const code = first?.code;
    const detail = this.redact(first?.message ?? `HTTP ${response.status}`);
    if (code === 10000 || code === 9109 || code === 6003) throw httpFailure(401, CLOUDFLARE_D1_NAME)!;
    if (response.status === 404 && code === 7404)
      return this.fail('invalid_config', 'The D1 database was not found in this Cloudflare account.');
    const refused = httpFailure(response.status, CLOUDFLARE_D1_NAME);
    if (refused) throw refused;
    if (response.status === 429)
      return this.fail('unreachable', 'Cloudflare is rate limiting requests; try again in a minute.');
    if (response.status >= 500)
      return this.fail('unreachable', `Cloudflare D1 is not available right now (${detail}).`);
    // A refused or failing statement: SQLite's message, as D1 words it ("…: SQLITE_ERROR").
    return this.fail('query_failed', `D1: ${detail}`);
  }

  private fail(code: ConnectorError['code'], message: string): never {
    throw new ConnectorError(code, message);
  }

  /** Never lets the token out in a message. */
  private redact(message: string): string {
    const token = this.config.api_token;
    return token && message.includes(token) ? message.split(token).join('***') : message;
  }

  /** Lists every database of the account, following `result_info` page by page. */
  async listAccounts(): Promise<TConnectorAccount[]> {
    const accounts: TConnectorAccount[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const body = await this.call<{ uuid: string; name: string }[]>(
        `${this.accountPath()}?page=${page}&per_page=${PAGE_SIZE}`,
        { timeoutMs: 15_000 },
      );
      const result = Array.isArray(body.result) ? body.result : [];
      for (const d of result)
        if (d?.uuid) accounts.push({ id: String(d.uuid), name: String(d.name ?? d.uuid) });
      const info = body.result_info;
      const total = info?.total_count;
      if (result.length < PAGE_SIZE || (total !== undefined && page * PAGE_SIZE >= total)) break;
    }
    return accounts;
  }

  /** Lists the databases (the token and account are good) and, when one is selected, finds it. */
  override async test(): Promise<void> {
    await this.call(`${this.accountPath()}?page=1&per_page=10`, { timeoutMs: 10_000 });
    if (this.context.account)
      await this.call(`${this.accountPath()}/${encodeURIComponent(this.context.account)}`, {
        timeoutMs: 10_000,
      });
  }

  private getDatabase(): Promise<string> {
    if (!this.database) {
      this.database = (async () => {
        if (this.context.account) return this.context.account;
        const [first] = await this.listAccounts();
        if (!first) throw new ConnectorError('invalid_config', 'This Cloudflare account has no D1 database.');
        return first.id;
      })().catch((error: unknown) => {
        this.database = null;
        throw error;
      });
    }
    return this.database;
  }

  protected async run(sql: string, params: (string | number)[], options: TRunOptions): Promise<TRawResult> {
    // One statement per call, checked here as well: D1 would run a second one as a batch.
    assertReadOnlySql(sql);
    const body = sql.trim().replace(/;\s*$/, '');
    const count = Math.min(options.maxRows + 1, Number.MAX_SAFE_INTEGER);
    const capped = `SELECT * FROM (${castNumericParams(body, params)}) LIMIT ${count}`;
    const database = await this.getDatabase();
    const envelope = await this.call<TRawStatementResult[]>(
      `${this.accountPath()}/${encodeURIComponent(database)}/raw`,
      {
        method: 'POST',
        body: { sql: capped, params: params.map(String) },
        timeoutMs: options.timeoutMs,
        signal: options.signal,
      },
    );
    const results = Array.isArray(envelope.result) ? envelope.result : [];
    if (results.length !== 1)
      throw new ConnectorError('query_failed', `D1 answered ${results.length} results for one statement.`);
    const columns = results[0].results?.columns ?? [];
    const rows = results[0].results?.rows ?? [];
    return { columns: columns.map((name, i) => ({ name, type: typeOfValues(rows, i) })), rows };
  }

  /**
   * Tables and views from sqlite_master (without SQLite's and D1's internal ones), their columns
   * and primary keys from pragma_table_info, foreign keys from pragma_foreign_key_list or the
   * table SQL, and exact row counts (one statement for all tables).
   */
  protected async describeTables(): Promise<TIntrospectedTable[]> {
    const visible = `m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND m.name NOT LIKE 'd1\\_%' ESCAPE '\\'`;
    const columns = await this.rows(
      `SELECT m.name AS table_name, m.type AS kind, m.sql AS table_sql, p.cid AS cid, p.name AS column_name,
              p.type AS data_type, p."notnull" AS not_null, p.pk AS pk
       FROM sqlite_master m JOIN pragma_table_info(m.name) p
       WHERE ${visible} ORDER BY m.name, p.cid`,
    );
    const tables = new Map<string, TIntrospectedTable & { sql: string; pk: [number, string][] }>();
    for (const c of columns) {
      const name = String(c.table_name);
      let table = tables.get(name);
      if (!table) {
        table = {
          name,
          columns: [],
          primaryKey: [],
          foreignKeys: [],
          rowCount: null,
          sql: String(c.table_sql ?? ''),
          pk: [],
        };
        tables.set(name, table);
      }
      table.columns.push(
        // SQLite lets a column have no declared type; such a column holds text as far as we know.
        introspectedColumn(String(c.column_name), String(c.data_type || 'TEXT'), Number(c.not_null) === 0),
      );
      if (Number(c.pk) > 0) table.pk.push([Number(c.pk), String(c.column_name)]);
    }
    for (const t of tables.values()) t.primaryKey = t.pk.sort((a, b) => a[0] - b[0]).map(([, n]) => n);
    await this.addForeignKeys([...tables.values()], visible);
    await this.addRowCounts([...tables.values()]);
    return [...tables.values()].map(({ sql: _sql, pk: _pk, ...t }) => t);
  }

  private async addForeignKeys(
    tables: (TIntrospectedTable & { sql: string })[],
    visible: string,
  ): Promise<void> {
    const byName = new Map(tables.map((t) => [t.name, t]));
    try {
      const keys = await this.rows(
        `SELECT m.name AS table_name, f.id AS id, f.seq AS seq, f."table" AS ref_table, f."from" AS col, f."to" AS ref_col
         FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
         WHERE ${visible} AND m.type = 'table' ORDER BY m.name, f.id, f.seq`,
      );
      const grouped = new Map<
        string,
        { table: string; ref: string; cols: string[]; refCols: (string | null)[] }
      >();
      for (const k of keys) {
        const id = `${k.table_name}\u0000${k.id}`;
        let fk = grouped.get(id);
        if (!fk) {
          fk = { table: String(k.table_name), ref: String(k.ref_table), cols: [], refCols: [] };
          grouped.set(id, fk);
        }
        fk.cols.push(String(k.col));
        fk.refCols.push(k.ref_col === null ? null : String(k.ref_col));
      }
      for (const fk of grouped.values()) {
        const refTable = byName.get(fk.ref);
        // A key without target columns points at the referenced table's primary key.
        const refColumns = fk.refCols.every((c) => c !== null)
          ? (fk.refCols as string[])
          : (refTable?.primaryKey ?? []);
        if (refTable && refColumns.length === fk.cols.length)
          byName.get(fk.table)?.foreignKeys.push({ columns: fk.cols, refTable: fk.ref, refColumns });
      }
    } catch (error) {
      if (!(error instanceof ConnectorError) || error.code !== 'query_failed') throw error;
      // D1 refuses some pragmas: the keys are then read from each table's CREATE statement.
      for (const t of tables) {
        for (const fk of foreignKeysFromSql(t.sql)) {
          const refTable = byName.get(fk.refTable);
          const refColumns = fk.refColumns.length ? fk.refColumns : (refTable?.primaryKey ?? []);
          if (refTable && refColumns.length === fk.columns.length)
            t.foreignKeys.push({ columns: fk.columns, refTable: refTable.name, refColumns });
        }
      }
    }
  }

  /** Exact counts in one statement, each bounded by the sampling limit. */
  private async addRowCounts(tables: TIntrospectedTable[]): Promise<void> {
    if (tables.length === 0) return;
    const parts = tables.map(
      (t, i) =>
        `(SELECT COUNT(*) FROM (SELECT 1 FROM ${quoteIdentifier(t.name)} LIMIT ${SAMPLE_MAX_ROWS + 1})) AS n${i}`,
    );
    try {
      const [row] = await this.rows(`SELECT ${parts.join(', ')}`);
      tables.forEach((t, i) => {
        t.rowCount = row[`n${i}`] === null ? null : Number(row[`n${i}`]);
      });
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
    }
  }

  /** Values of low-cardinality text columns and the ranges of numeric ones (column-samples.ts). */
  protected override async addTextValues(tables: TIntrospectedTable[]): Promise<void> {
    await addColumnSamples(
      tables,
      async (sql) => (await this.runQuery(sql, [], { timeoutMs: 15_000, maxRows: 1 })).rows[0],
    );
  }

  protected override errorMessage(error: unknown): string {
    return this.redact(error instanceof Error ? error.message : String(error));
  }

  async close(): Promise<void> {
    this.database = null;
  }
}
