/**
 * A local stand-in for Cloudflare's D1 REST API, run as its own process by d1-standin.ts (one
 * thread answering one request at a time, as a D1 database does), backed by real SQLite (sql.js).
 * Written from Cloudflare's reference, as strict as the real API:
 *
 * - https://developers.cloudflare.com/api/resources/d1/subresources/database — List D1 Databases
 *   (`GET /accounts/{account_id}/d1/database`), Get D1 Database, Query D1 Database (`POST
 *   …/{database_id}/query`, rows as objects) and Raw D1 Database query (`POST …/{database_id}/raw`,
 *   `results: { columns, rows }`, column order kept); the body is `{ sql, params?: string[] }`;
 *   `;`-separated statements run as a batch, one result each.
 * - https://app.unpkg.com/cloudflare@4.2.0/files/resources/d1/database.mjs (the official SDK: the
 *   list is a V4PagePaginationArray) and
 *   https://raw.githubusercontent.com/api-evangelist/cloudflare/refs/heads/main/json-schema/cloudflare-d1-database-list-response-schema.json
 *   — `page`/`per_page` in the query, `result_info: { page, per_page, count, total_count }`.
 * - https://developers.cloudflare.com/d1/worker-api/return-object/ — the `meta` of each result
 *   (served_by, served_by_region, served_by_primary, timings, duration, changes, rows_read, …).
 * - Cloudflare API v4 envelopes, as quoted at
 *   https://www.explaintopic.com/networking/common-cloudflare-api-error-codes-them-1765858421.html:
 *   `{ success: false, errors: [{ code, message }], messages: [], result: null }`; with
 *   `Authorization: Bearer <token>` a wrong token → 403 code 10000 "Authentication error", a
 *   malformed header → 400 code 6003 with error_chain 6111; another account's resource → 403
 *   code 9109; an unknown route → 404 code 7003; rate limits → 429 (code 971) with Retry-After.
 * - D1's SQL errors (https://github.com/MarSeventh/CloudFlare-ImgBed/issues/345,
 *   https://github.com/TongWu/JAVDB_AutoSpider/pull/154): `success: false` with the SQLite message
 *   and its result code ("no such table: settings: SQLITE_ERROR"), HTTP 400, code 7500; the
 *   internal `_cf_KV` table is listed in sqlite_master but refused ("not authorized:
 *   SQLITE_AUTH"), as are ATTACH and the PRAGMAs a test marks refused. Bound parameters are
 *   bound as text, whatever JSON type they were sent as (the API's `params` is `string[]`).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';

export interface TD1StandInDatabase {
  uuid: string;
  name: string;
  /** A SQLite file loaded into memory (changes are not written back). */
  file: string;
  created_at?: string;
}

export interface TD1StandInOptions {
  accountId: string;
  token: string;
  databases: TD1StandInDatabase[];
  /** PRAGMAs this account's D1 refuses (as D1 refuses some), e.g. ['foreign_key_list']. */
  refusedPragmas?: string[];
}

export interface TD1RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type TMessage =
  | { type: 'start'; options: TD1StandInOptions }
  | { type: 'throttle'; count: number; retryAfter: number }
  | { type: 'requests' };

interface TError {
  code: number;
  message: string;
  error_chain?: { code: number; message: string }[];
}

class D1Error extends Error {
  constructor(
    readonly status: number,
    readonly error: TError,
  ) {
    super(error.message);
  }
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const failure = (error: TError) => ({ success: false, errors: [error], messages: [], result: null });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(options: TD1StandInOptions, ready: (port: number) => void) {
  const SQL = await initSqlJs();
  const databases = new Map<string, { info: TD1StandInDatabase; db: Database }>();
  for (const info of options.databases) {
    const db = new SQL.Database(readFileSync(info.file));
    // Every D1 database has this internal table; it shows in sqlite_master but may not be read.
    db.run('CREATE TABLE IF NOT EXISTS _cf_KV (key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID');
    databases.set(info.uuid, { info, db });
  }
  const refused = (options.refusedPragmas ?? []).map(
    (p) => new RegExp(`\\bpragma(_|\\s+)${p.replace(/[^a-z_]/gi, '')}\\b`, 'i'),
  );
  let throttle = { count: 0, retryAfter: 1 };
  const recorded: TD1RecordedRequest[] = [];

  process.on('message', (message: TMessage) => {
    if (message.type === 'throttle') {
      throttle = { count: message.count, retryAfter: message.retryAfter };
      process.send?.({ type: 'ok' });
    } else if (message.type === 'requests') process.send?.({ type: 'requests', requests: recorded });
  });

  const authorize = (req: IncomingMessage, account: string) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
    if (!match)
      throw new D1Error(400, {
        code: 6003,
        message: 'Invalid request headers',
        error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
      });
    if (match[1] !== options.token) throw new D1Error(403, { code: 10000, message: 'Authentication error' });
    if (account !== options.accountId)
      throw new D1Error(403, { code: 9109, message: 'Unauthorized to access requested resource' });
  };

  const database = (uuid: string) => {
    const found = databases.get(uuid);
    if (!found) throw new D1Error(404, { code: 7404, message: `The database ${uuid} could not be found.` });
    return found;
  };

  const listDatabases = (url: URL) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = Number(url.searchParams.get('per_page') ?? '1000');
    if (!Number.isInteger(page) || page < 1)
      throw new D1Error(400, { code: 7400, message: 'page must be a positive integer' });
    if (!Number.isInteger(perPage) || perPage < 10 || perPage > 10_000)
      throw new D1Error(400, { code: 7400, message: 'per_page must be between 10 and 10000' });
    const name = url.searchParams.get('name');
    const all = [...databases.values()]
      .map((d) => d.info)
      .filter((d) => !name || d.name.includes(name))
      .map((d) => ({
        uuid: d.uuid,
        name: d.name,
        version: 'production',
        created_at: d.created_at ?? '2026-01-15T10:30:00.000Z',
        jurisdiction: null,
      }));
    const result = all.slice((page - 1) * perPage, page * perPage);
    return {
      success: true,
      errors: [],
      messages: [],
      result,
      result_info: { page, per_page: perPage, count: result.length, total_count: all.length },
    };
  };

  const sqlError = (message: string, kind = 'SQLITE_ERROR') =>
    new D1Error(400, { code: 7500, message: `${message}: ${kind}` });

  /** Runs each `;`-separated statement (D1's batch), in one transaction, one result each. */
  const runSql = (db: Database, body: unknown, raw: boolean) => {
    if (!body || typeof body !== 'object' || typeof (body as { sql?: unknown }).sql !== 'string')
      throw new D1Error(400, { code: 7400, message: 'The request is malformed: sql is required' });
    const { sql, params } = body as { sql: string; params?: unknown };
    if (params !== undefined && !Array.isArray(params))
      throw new D1Error(400, { code: 7400, message: 'The request is malformed: params must be an array' });
    if (/\b_cf_/i.test(sql) || /\battach\b/i.test(sql) || refused.some((r) => r.test(sql)))
      throw sqlError('not authorized', 'SQLITE_AUTH');
    // The REST API's params are strings: whatever arrives is bound as text.
    const bound: SqlValue[] = ((params as unknown[] | undefined) ?? []).map((v) =>
      v === null ? null : String(v),
    );
    const results: unknown[] = [];
    db.run('SAVEPOINT d1_batch');
    try {
      for (const statement of db.iterateStatements(sql)) {
        const started = performance.now();
        try {
          if (bound.length) statement.bind(bound);
          const columns = statement.getColumnNames();
          const rows: SqlValue[][] = [];
          while (statement.step())
            rows.push(statement.get().map((v) => (v instanceof Uint8Array ? [...v] : v)) as SqlValue[]);
          const duration = performance.now() - started;
          const meta = {
            served_by: 'v3-prod',
            served_by_region: 'WEUR',
            served_by_primary: true,
            timings: { sql_duration_ms: duration },
            duration,
            changes: db.getRowsModified(),
            last_row_id: 0,
            changed_db: db.getRowsModified() > 0,
            size_after: 8192,
            rows_read: rows.length,
            rows_written: db.getRowsModified(),
          };
          results.push({
            results: raw
              ? { columns, rows }
              : rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]]))),
            success: true,
            meta,
          });
        } finally {
          statement.free();
        }
      }
      db.run('RELEASE d1_batch');
    } catch (error) {
      db.run('ROLLBACK TO d1_batch');
      db.run('RELEASE d1_batch');
      if (error instanceof D1Error) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/column index out of range/i.test(message))
        throw sqlError('Wrong number of parameter bindings for SQL query.');
      throw sqlError(message);
    }
    return { success: true, errors: [], messages: [], result: results };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const text = await readBody(req);
    let body: unknown = null;
    try {
      if (text) body = JSON.parse(text);
    } catch {
      return send(res, 400, failure({ code: 7400, message: 'The request is malformed: invalid JSON' }));
    }
    recorded.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, body });
    try {
      if (throttle.count > 0) {
        throttle.count--;
        return send(
          res,
          429,
          failure({ code: 971, message: 'Please wait and consider throttling your request speed' }),
          { 'retry-after': String(throttle.retryAfter) },
        );
      }
      const m = /^\/client\/v4\/accounts\/([^/]+)\/d1\/database(?:\/([^/]+)(?:\/(query|raw))?)?\/?$/.exec(
        url.pathname,
      );
      if (!m)
        throw new D1Error(404, {
          code: 7003,
          message: `Could not route to ${url.pathname}, perhaps your object identifier is invalid?`,
        });
      const [, account, uuid, action] = m;
      authorize(req, decodeURIComponent(account));
      if (!uuid && req.method === 'GET') return send(res, 200, listDatabases(url));
      if (uuid && !action && req.method === 'GET') {
        const { info, db } = database(decodeURIComponent(uuid));
        const tables = db.exec("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'")[0].values[0][0];
        return send(res, 200, {
          success: true,
          errors: [],
          messages: [],
          result: {
            uuid: info.uuid,
            name: info.name,
            version: 'production',
            created_at: info.created_at ?? '2026-01-15T10:30:00.000Z',
            num_tables: tables,
            file_size: 8192,
          },
        });
      }
      if (uuid && action && req.method === 'POST') {
        const { db } = database(decodeURIComponent(uuid));
        return send(res, 200, runSql(db, body, action === 'raw'));
      }
      throw new D1Error(405, { code: 10405, message: 'Method not allowed for this route' });
    } catch (error) {
      if (error instanceof D1Error) return send(res, error.status, failure(error.error));
      return send(res, 500, failure({ code: 7500, message: 'Internal error' }));
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    ready(typeof address === 'object' && address ? address.port : 0);
  });
}

process.once('message', (message: TMessage) => {
  if (message.type !== 'start') return;
  main(message.options, (port) => process.send?.({ type: 'ready', port })).catch((error: unknown) => {
    process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
});
// The stand-in never outlives the test process that started it.
process.on('disconnect', () => process.exit(0));
