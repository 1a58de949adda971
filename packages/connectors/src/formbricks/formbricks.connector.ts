/**
 * Formbricks connector: surveys are the accounts; a survey's responses are read from the
 * management API (`x-api-key`, `limit`/`skip` pages, newest first) into a DuckDB file of this
 * source (the context's data folder), then questions are answered there in DuckDB's dialect
 * with a model made from the survey's questions (formbricks-model.ts). Questions only read the
 * copy: `sync()` — run by the server's sync job on connect and every 10 minutes, never on a
 * question's path — refreshes it incrementally (pages are read until one holds only responses
 * already stored unchanged) and rebuilds it in full once a day. A copy swapped in by a sync (in
 * this process or in the worker's) is picked up by the next question.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { TFormbricksConfig } from '@parley/contract';
import type { TIntrospection, TSemanticModel } from '@parley/engine';
import { httpFailure } from '../connection-errors';
import {
  type Connector,
  ConnectorError,
  type TConnectorAccount,
  type TConnectorCapabilities,
  type TConnectorContext,
  type TQueryOptions,
  type TQueryPlan,
  type TQueryResult,
} from '../connector';
import { DuckDbConnector, duckDbOptions } from '../duckdb/duckdb.connector';
import { requestJson, retryAfterMs, sleep } from '../net/http-json';
import { quoteIdentifier as q } from '../sql/sql-connector';
import { assertReadOnlySql } from '../sql-guard';
import {
  flattenResponse,
  linkTableOf,
  RESPONSES_TABLE,
  readQuestions,
  responseColumns,
  surveyModel,
  type TFormbricksResponse,
  type TFormbricksSurvey,
} from './formbricks-model';

/** The stored config of a FORMBRICKS source. */
export type TFormbricksSourceConfig = TFormbricksConfig & { type: 'FORMBRICKS' };

/** A copy older than this is rebuilt from every response (edits to old responses included). */
const FULL_SYNC_MS = 24 * 60 * 60_000;
const PAGE_SIZE = 100;
/** At most this many responses are copied (500 pages). */
const MAX_RESPONSES = 50_000;
const MAX_ATTEMPTS = 4;
const CALL_TIMEOUT_MS = 20_000;

interface TSyncState {
  surveyId: string;
  syncedAt: string;
  full: string;
  /** The survey as it was at the sync: the model is made from the copy, with no call out. */
  survey?: TFormbricksSurvey;
}

/** The copy being read, with the file identity it was opened on and what its `_sync` says. */
interface TCopyReader {
  db: DuckDbConnector;
  file: string;
  state: TSyncState | null;
}

/** A reader replaced by a newer copy may still be answering: it closes after this. */
const READER_GRACE_MS = 35_000;

/** SQL over the local copy, surveys as accounts, the copy synced, the model made from the survey. */
export const FORMBRICKS_CAPABILITIES: TConnectorCapabilities = {
  sql: true,
  accounts: true,
  timeout: true,
  copy: true,
  model: true,
};

export class FormbricksConnector implements Connector {
  readonly type = 'FORMBRICKS';
  readonly dialect = 'duckdb' as const;
  readonly capabilities = FORMBRICKS_CAPABILITIES;
  private reader: TCopyReader | null = null;
  private opening: Promise<TCopyReader> | null = null;
  private syncing: Promise<void> | null = null;
  private survey: Promise<TFormbricksSurvey> | null = null;
  /** When the copy being read was refreshed (ISO), null before one was read. */
  syncedAt: string | null = null;

  constructor(
    private readonly config: TFormbricksConfig,
    private readonly context: TConnectorContext,
  ) {}

  private get host(): string {
    return this.config.api_host.replace(/\/+$/, '');
  }

  /** One GET with the key; 429 retried with backoff; errors mapped without the key. */
  private async get<T>(path: string): Promise<T> {
    const deadline = Date.now() + CALL_TIMEOUT_MS;
    for (let attempt = 1; ; attempt++) {
      const response = await requestJson({
        url: `${this.host}${path}`,
        headers: { 'x-api-key': this.config.api_key },
        timeoutMs: Math.max(1, deadline - Date.now()),
        allowPrivateHosts: this.context.allowPrivateHosts,
      });
      if (response.status === 429 && attempt < MAX_ATTEMPTS) {
        const wait = Math.min(
          8_000,
          retryAfterMs(response.headers['retry-after']) ?? 250 * 2 ** (attempt - 1),
        );
        if (Date.now() + wait < deadline) {
          await sleep(wait);
          continue;
        }
      }
      const body = (response.json ?? {}) as { code?: string; message?: string };
      if (response.status >= 200 && response.status < 300) return response.json as T;
      if (response.status === 401 || response.status === 403)
        throw httpFailure(response.status, 'Formbricks')!;
      if (response.status === 404 && body.code === 'not_found' && /survey/i.test(body.message ?? ''))
        throw new ConnectorError(
          'invalid_config',
          'The survey was not found in this Formbricks environment.',
        );
      if (response.status === 404)
        throw new ConnectorError(
          'invalid_config',
          'This address does not answer like a Formbricks management API.',
        );
      if (response.status === 429)
        throw new ConnectorError(
          'unreachable',
          'Formbricks is rate limiting requests; try again in a minute.',
        );
      const message = (body.message ?? `HTTP ${response.status}`).split(this.config.api_key).join('***');
      throw new ConnectorError(
        response.status >= 500 ? 'unreachable' : 'query_failed',
        `Formbricks: ${message}`,
      );
    }
  }

  /** The key's environment answers: the address and the key are good. */
  async test(): Promise<void> {
    const me = await this.get<{ id?: unknown }>('/api/v1/management/me');
    if (!me || typeof me !== 'object' || !('id' in me))
      throw new ConnectorError(
        'invalid_config',
        'This address does not answer like a Formbricks management API.',
      );
    if (this.context.account) await this.getSurvey();
  }

  async listAccounts(): Promise<TConnectorAccount[]> {
    const accounts: TConnectorAccount[] = [];
    for (let offset = 0; offset < 10_000; offset += PAGE_SIZE) {
      const { data } = await this.get<{ data: TFormbricksSurvey[] }>(
        `/api/v1/management/surveys?limit=${PAGE_SIZE}&offset=${offset}`,
      );
      const page = Array.isArray(data) ? data : [];
      for (const s of page) if (s?.id) accounts.push({ id: String(s.id), name: String(s.name ?? s.id) });
      if (page.length < PAGE_SIZE) break;
    }
    return accounts;
  }

  /** The selected survey (or the first one), with its questions. */
  private getSurvey(): Promise<TFormbricksSurvey> {
    this.survey ??= (async () => {
      let id = this.context.account;
      if (!id) {
        const [first] = await this.listAccounts();
        if (!first) throw new ConnectorError('invalid_config', 'This Formbricks environment has no survey.');
        id = first.id;
      }
      const { data } = await this.get<{ data: TFormbricksSurvey }>(
        `/api/v1/management/surveys/${encodeURIComponent(id)}`,
      );
      return data;
    })().catch((error: unknown) => {
      this.survey = null;
      throw error;
    });
    return this.survey;
  }

  /**
   * The DuckDB file of this source and survey: named by a hash of the address and key. The
   * selected survey's needs no call out; with none selected, the first survey is asked for.
   */
  private async path(): Promise<string> {
    const surveyId = this.context.account ?? (await this.getSurvey()).id;
    const key = createHash('sha256')
      .update(`${this.host}\u0000${this.config.api_key}`)
      .digest('hex')
      .slice(0, 16);
    const safe = surveyId.replace(/[^A-Za-z0-9_-]/g, '_');
    return join(this.context.dataDir || '.', `formbricks-${key}-${safe}.duckdb`);
  }

  /** Reads new and changed responses into the DuckDB file (one sync at a time). */
  sync(): Promise<void> {
    this.syncing ??= this.runSync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async runSync(): Promise<void> {
    const survey = await this.getSurvey();
    const path = await this.path();
    const known = new Map<string, TFormbricksResponse>();
    let state: TSyncState | null = null;
    if (existsSync(path)) {
      try {
        const current = await this.getReader();
        state = current.state;
        const raw = await current.db.query('SELECT json FROM _raw', [], {
          timeoutMs: 60_000,
          maxRows: MAX_RESPONSES,
        });
        for (const r of raw.rows) {
          const parsed = JSON.parse(String(r.json)) as TFormbricksResponse;
          known.set(parsed.id, parsed);
        }
      } catch (error) {
        if (!(error instanceof ConnectorError)) throw error;
        known.clear();
      }
    }
    const full = !state || state.surveyId !== survey.id || Date.now() - Date.parse(state.full) > FULL_SYNC_MS;
    const fetched = new Map<string, TFormbricksResponse>();
    for (let skip = 0; skip < MAX_RESPONSES; skip += PAGE_SIZE) {
      const { data } = await this.get<{ data: TFormbricksResponse[] }>(
        `/api/v1/management/responses?surveyId=${encodeURIComponent(survey.id)}&limit=${PAGE_SIZE}&skip=${skip}`,
      );
      const page = Array.isArray(data) ? data : [];
      let unchanged = 0;
      for (const r of page) {
        if (!r?.id) continue;
        if (known.get(r.id)?.updatedAt === r.updatedAt) unchanged++;
        fetched.set(r.id, r);
      }
      // Newest first: a page of responses already stored unchanged means the rest are stored too.
      if (page.length < PAGE_SIZE || (!full && unchanged === page.length)) break;
    }
    const responses = full ? fetched : new Map([...known, ...fetched]);
    const now = new Date().toISOString();
    await this.writeCopy(path, survey, [...responses.values()], {
      surveyId: survey.id,
      syncedAt: now,
      full: full ? now : (state?.full ?? now),
      survey,
    });
  }

  /** Writes the tables to a new file, then swaps it in for the old one. */
  private async writeCopy(
    path: string,
    survey: TFormbricksSurvey,
    responses: TFormbricksResponse[],
    state: TSyncState,
  ): Promise<void> {
    await mkdir(this.context.dataDir || '.', { recursive: true });
    // Two syncs of one copy (the tick and an account choice, two processes) each write their own file.
    const temp = `${path}.${randomUUID()}.tmp`;
    const ndjson = `${temp}.json`;
    const columns = responseColumns(survey);
    const links = readQuestions(survey).filter((x) => x.type === 'multipleChoiceMulti');
    const lines: string[] = [];
    const linkLines = new Map<string, string[]>(links.map((l) => [linkTableOf(l.id), []]));
    for (const r of responses) {
      const flat = flattenResponse(survey, r);
      lines.push(JSON.stringify({ ...flat.row, _json: JSON.stringify(r), _updated: r.updatedAt }));
      for (const [table, values] of Object.entries(flat.links))
        for (const v of values) linkLines.get(table)?.push(JSON.stringify({ response_id: r.id, choice: v }));
    }
    const instance = await DuckDBInstance.create(temp, duckDbOptions());
    const connection = await instance.connect();
    const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
    try {
      await writeFile(ndjson, lines.join('\n'));
      const spec = [...columns, ['_json', 'VARCHAR'], ['_updated', 'VARCHAR']]
        .map(([name, type]) => `${literal(name)}: ${literal(type)}`)
        .join(', ');
      const select = columns.map(([name]) => q(name)).join(', ');
      const source = `read_json(${literal(ndjson)}, format = 'newline_delimited', columns = {${spec}})`;
      if (lines.length) {
        await connection.run(`CREATE TABLE ${q(RESPONSES_TABLE)} AS SELECT ${select} FROM ${source}`);
        await connection.run(`CREATE TABLE _raw AS SELECT response_id AS id, _json AS json FROM ${source}`);
      } else {
        await connection.run(
          `CREATE TABLE ${q(RESPONSES_TABLE)} (${columns.map(([n, t]) => `${q(n)} ${t}`).join(', ')})`,
        );
        await connection.run('CREATE TABLE _raw (id VARCHAR, json VARCHAR)');
      }
      for (const [table, rows] of linkLines) {
        await connection.run(`CREATE TABLE ${q(table)} (response_id VARCHAR, choice VARCHAR)`);
        if (rows.length) {
          await writeFile(ndjson, rows.join('\n'));
          await connection.run(
            `INSERT INTO ${q(table)} SELECT response_id, choice FROM read_json(${literal(ndjson)}, format = 'newline_delimited', columns = {'response_id': 'VARCHAR', 'choice': 'VARCHAR'})`,
          );
        }
      }
      await connection.run(`CREATE TABLE _sync AS SELECT ${literal(JSON.stringify(state))} AS state`);
      await connection.run('CHECKPOINT');
    } catch (error) {
      await rm(temp, { force: true });
      throw new ConnectorError(
        'query_failed',
        `The survey responses could not be stored: ${(error as Error).message}`,
      );
    } finally {
      connection.closeSync();
      instance.closeSync();
      await rm(ndjson, { force: true });
    }
    // Readers of the old file keep it open until they notice the new one (getReader).
    await rename(temp, path);
    await rm(`${temp}.wal`, { force: true });
  }

  /**
   * The copy to read: the open one while its file is still the one on disk, else the new file a
   * sync swapped in (the old reader closes after a grace period, as a question may be on it).
   * ConnectorError('pending') while there is no copy yet.
   */
  private async getReader(): Promise<TCopyReader> {
    const path = await this.path();
    const info = await stat(path).catch(() => null);
    if (!info)
      throw new ConnectorError('pending', 'The survey responses have not been copied from Formbricks yet.');
    const file = `${info.dev}:${info.ino}:${info.mtimeMs}`;
    if (this.reader?.file === file) return this.reader;
    this.opening ??= (async () => {
      const db = new DuckDbConnector({ path }, 'FORMBRICKS');
      try {
        const [row] = (await db.query('SELECT state FROM _sync', [], { timeoutMs: 30_000, maxRows: 1 })).rows;
        const state = JSON.parse(String(row?.state ?? 'null')) as TSyncState | null;
        const old = this.reader;
        this.reader = { db, file, state };
        this.syncedAt = state?.syncedAt ?? null;
        if (old) setTimeout(() => void old.db.close().catch(() => {}), READER_GRACE_MS).unref();
        return this.reader;
      } catch (error) {
        await db.close().catch(() => {});
        throw error;
      }
    })().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  /** The survey's model, over the copy of its responses (the survey as the copy stored it). */
  async semanticModel(name: string): Promise<TSemanticModel> {
    const current = await this.getReader();
    const survey = current.state?.survey ?? (await this.getSurvey());
    const reader = current.db;
    const [range] = (
      await reader.query(
        `SELECT CAST(MIN(created_at) AS DATE) AS f, CAST(MAX(created_at) AS DATE) AS t FROM ${q(RESPONSES_TABLE)}`,
        [],
        { timeoutMs: 10_000, maxRows: 1 },
      )
    ).rows;
    const dataRange = range?.f && range?.t ? { from: String(range.f), to: String(range.t) } : undefined;
    return surveyModel(survey, name, dataRange);
  }

  /** The local tables (without the sync bookkeeping). */
  async introspect(): Promise<TIntrospection> {
    const { tables } = await (await this.getReader()).db.introspect();
    return { tables: tables.filter((t) => !t.name.startsWith('_')) };
  }

  async query(sql: string, params: (string | number)[], options: TQueryOptions): Promise<TQueryResult> {
    assertReadOnlySql(sql);
    const current = await this.getReader();
    const result = await current.db.query(sql, params, options);
    // The card says how fresh the answer is: as of the copy's sync.
    return current.state ? { ...result, asOf: current.state.syncedAt } : result;
  }

  async execute(plan: TQueryPlan, options: TQueryOptions): Promise<TQueryResult> {
    if (plan.kind !== 'sql')
      throw new ConnectorError('unsupported', 'The FORMBRICKS source runs SQL over its local copy');
    return this.query(plan.sql, plan.params, options);
  }

  async close(): Promise<void> {
    await this.syncing?.catch(() => {});
    await this.opening?.catch(() => {});
    const reader = this.reader;
    this.reader = null;
    await reader?.db.close();
  }
}
