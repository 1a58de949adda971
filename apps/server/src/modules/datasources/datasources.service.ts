import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Connector,
  ConnectorError,
  createConnector,
  DEMO_DESCRIPTOR,
  DESCRIPTORS,
  findDescriptor,
  getDescriptor,
  listedTypes,
  type TAnyConnectorDescriptor,
  type TConnectorAccount,
  UPLOAD_DESCRIPTOR,
} from '@parley/connectors';
import {
  DATASOURCE_MESSAGES,
  DEMO_DATASOURCE_ID,
  type TAccounts,
  type TAddAccountBody,
  type TCreateDatasourceBody,
  type TCredentials,
  type TDatasourceRef,
  type TDatasourceTypes,
  type TDatasourceTypesQuery,
  type TDatasourceUsage,
  type TRenameDatasourceBody,
  type TUploadResponse,
  type TUploadSummary,
} from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy, Actor } from '../../lib/access';
import type { SecretBox } from '../../lib/crypto';
import { Invalid, NotFound, UpstreamFailed } from '../../lib/errors';
import type { JobQueue } from '../../lib/queue';
import type { DatasourceRow, DatasourcesRepository } from './datasources.repository';
import { sealConfig } from './source-config';
import { sourceNameOf, toCredential } from './source-credential';
import type { SourceFiles } from './source-files';
import { isSourceId, pickDefault, type SourceResolver } from './source-resolver';
import { loadUpload, type UploadedFile } from './source-upload';
import { uploadSummary } from './upload-summary';

export { sourceNameOf } from './source-credential';
export type { UploadedFile } from './source-upload';

export interface DatasourcesOptions {
  allowPrivateHosts: boolean;
  /** DATA_DIR/sources: FILE sources' DuckDB files. */
  sourcesDir: string;
  /** DATA_DIR/tmp: uploads while they are streamed in and loaded. */
  tmpDir: string;
  /** UPLOAD_LIMIT_MB, for the message of a refused upload. */
  uploadLimitMb: number;
  /** Data kept about sources elsewhere (the words a project taught about them) goes with them. */
  onDeleted?: (ids: string[]) => Promise<void>;
  /** The job queue: sources answered from a local copy (Formbricks) are synced by a job. */
  queue?: JobQueue;
  /**
   * Server mode: where the durable copy of an upload's file and of a synced copy is kept
   * (PostgreSQL); the files under sourcesDir are then this process's caches. None in embedded mode.
   */
  files?: SourceFiles | null;
}

/** The job that refreshes one copied source's local copy (datasource-sync.job.ts). */
export const DATASOURCE_SYNC_JOB = 'datasource-sync';
/** The tick that enqueues a sync of every active copied source (jobs/start-worker.ts schedules it). */
export const DATASOURCE_SYNC_TICK_JOB = 'datasource-sync-tick';
/** How often copies are refreshed: the tick's slot, also part of each sync job's key. */
export const SYNC_SLOT_MS = 10 * 60_000;

export interface TDatasourceSyncJob {
  datasource_id: string;
}

/** The source types whose questions read a local copy refreshed by the sync job. */
const COPIED_TYPES = DESCRIPTORS.filter((d) => d.capabilities.copy).map((d) => d.type);

/** A request's reference to one source; the type is checked when the call carries it. */
type SourceRef = Pick<TDatasourceRef, 'datasource_id'> & Partial<Pick<TDatasourceRef, 'type'>>;

/**
 * The data-sources screen (spec 2 §2, DESIGN §11): connect (with a live test), upload a file,
 * activate, deactivate, revoke, choose the default, pick accounts, delete. Secrets are sealed
 * before storage and never leave this module; `credentials` is the tenant's public view.
 */
export class DatasourcesService {
  constructor(
    private readonly repo: DatasourcesRepository,
    private readonly resolver: SourceResolver,
    private readonly box: SecretBox,
    private readonly access: AccessPolicy,
    private readonly options: DatasourcesOptions,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date,
  ) {}

  private requireSettings(actor: Actor): Promise<void> {
    return this.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
  }

  /** The source types users can add; with connect=true, how each is connected (GET /api/v1/datasource/types). */
  async types(actor: Actor, query: TDatasourceTypesQuery = {}): Promise<TDatasourceTypes> {
    await this.requireSettings(actor);
    return listedTypes({ connect: query.connect === 'true' });
  }

  /**
   * Connects a source: the config is checked by the type's schema, then by a live connection
   * test; nothing is stored unless both pass. A driver's message is never shown (it may name
   * hosts, users or worse) — only a refused private host is explained.
   */
  async create(actor: Actor, body: TCreateDatasourceBody): Promise<{ datasource_id: string }> {
    await this.requireSettings(actor);
    const descriptor = findDescriptor(body.type);
    if (!descriptor?.listed)
      throw new Invalid(`Invalid field type: ${body.type} data sources cannot be connected here.`);
    if (descriptor.connect === 'upload')
      throw new Invalid(`Invalid field type: ${body.type} data sources are added by uploading a file.`);
    if (descriptor.connect === 'oauth')
      throw new Invalid(
        `Invalid field type: ${body.type} data sources are connected through their sign-in page.`,
      );
    const parsed = descriptor.ZConfig.safeParse({ ...body.config, type: body.type });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Invalid(`Invalid field config.${issue.path.join('.') || 'config'}: ${issue.message}`);
    }
    const config = parsed.data;
    const id = randomUUID();
    const connector = createConnector(config, {
      account: null,
      allowPrivateHosts: this.options.allowPrivateHosts,
      dataDir: this.options.sourcesDir,
    });
    let offered: TConnectorAccount[] = [];
    try {
      await connector.test();
      if (descriptor.supports_accounts) offered = await connector.listAccounts();
    } catch (error) {
      // The field the refused address came from: a database host or an API address.
      const field = ['host', 'api_host', 'base_url'].find((k) => k in body.config) ?? 'host';
      throw this.connectFailure(error, body.type, field);
    } finally {
      await connector.close().catch(() => {});
    }
    // PostgreSQL's usual schema is chosen for the user when it is there; otherwise they pick.
    const first = offered.find((a) => a.id === 'public') ?? null;
    await this.repo.insert(actor, {
      id,
      type: descriptor.type,
      name: body.name,
      ...sealConfig(descriptor, config as Record<string, unknown>, id, this.box),
      selectedAccount: first?.id ?? null,
      accounts: first ? [{ id: first.id, name: first.name }] : [],
      now: this.clock(),
    });
    // A copied source's first copy is made by the sync job, not in this request.
    if (descriptor.capabilities.copy) await this.enqueueSync(id, first?.id ?? null);
    return { datasource_id: id };
  }

  private connectFailure(error: unknown, type: string, field = 'host'): Invalid {
    if (error instanceof ConnectorError && error.code === 'forbidden_host')
      return new Invalid(
        `Invalid field config.${field}: ${error.message} An administrator can allow private addresses with ALLOW_PRIVATE_HOSTS=true.`,
      );
    this.log.info(
      { type, code: error instanceof ConnectorError ? (error.failure?.reason ?? error.code) : 'error' },
      'data source connection test failed',
    );
    // The contract's message stays as it is; the reason (only what the user typed) goes beside it.
    if (error instanceof ConnectorError && error.failure)
      return new Invalid(DATASOURCE_MESSAGES.invalidConfig, {
        reason: { ...error.failure, text: error.message },
      });
    return new Invalid(DATASOURCE_MESSAGES.invalidConfig);
  }

  /**
   * An uploaded CSV or Parquet file's source (the registry's upload type, FILE): streamed to a temporary file (stopped at
   * UPLOAD_LIMIT_MB), loaded into DATA_DIR/sources/<id>.duckdb, then the row is written. On any
   * failure the temporary file, a half-written DuckDB file and the row are all absent.
   */
  async upload(actor: Actor, receive: () => Promise<UploadedFile | null>): Promise<TUploadResponse> {
    await this.requireSettings(actor);
    // The body is read only after the access check.
    const file = await receive();
    if (!file) throw new Invalid('Invalid field file: send one CSV or Parquet file.');
    const id = randomUUID();
    let stored = false;
    try {
      const loaded = await loadUpload(file, id, this.options);
      // Server mode: stored before the source exists, so every process can answer from it.
      await this.options.files?.store({ id, type: UPLOAD_DESCRIPTOR.type });
      await this.repo.insert(actor, {
        id,
        type: UPLOAD_DESCRIPTOR.type,
        name: sourceNameOf(file.filename),
        ...sealConfig(UPLOAD_DESCRIPTOR, loaded.config, id, this.box),
        selectedAccount: null,
        accounts: [],
        now: this.clock(),
      });
      stored = true;
      const table = { table: loaded.config.table, rows: loaded.rowCount };
      return { datasource_id: id, summary: await this.summaryOf(actor, id, table) };
    } finally {
      if (!stored) await this.removeFiles(id, { stored: true });
    }
  }

  /** What the new upload was understood as; null (logged) when its model could not be read back. */
  private async summaryOf(
    actor: Actor,
    id: string,
    table: { table: string; rows: number },
  ): Promise<TUploadSummary | null> {
    try {
      return await uploadSummary(await this.resolver.resolveBase(actor, id), table);
    } catch (error) {
      this.log.warn({ datasource: id, err: error }, 'upload summary failed');
      return null;
    }
  }

  /** Renames one of the actor's sources; the name shows wherever the source is listed or named. */
  async rename(actor: Actor, body: TRenameDatasourceBody): Promise<void> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, body);
    if (row.name !== body.name) await this.change(row, { name: body.name });
  }

  /** The actor's collection cards that read the source, by collection (asked before deactivating it). */
  async usage(actor: Actor, query: { datasource_id: string }): Promise<TDatasourceUsage> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, query);
    const collections = await this.repo.cardUsage(actor, row.id);
    return { cards: collections.reduce((n, c) => n + c.cards, 0), collections };
  }

  async activate(actor: Actor, ref: SourceRef): Promise<void> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, ref);
    if (row.status === 'revoked')
      throw new Invalid('Access to this data source was revoked: connect it again to use it.');
    await this.change(row, { status: 'active' });
  }

  async deactivate(actor: Actor, ref: SourceRef): Promise<void> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, ref);
    if (row.status === 'revoked') return;
    await this.change(row, { status: 'inactive' });
  }

  /** Signs an OAuth source out: its stored tokens are deleted and it is marked revoked. */
  async revoke(actor: Actor, ref: SourceRef): Promise<void> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, ref);
    if (this.descriptorOf(row).auth_type !== 'oauth2')
      throw new Invalid('Only data sources connected by signing in (OAuth) can be revoked.');
    await this.change(row, { status: 'revoked', secrets: null });
  }

  /** The source conversations use when a question names none: an active source of the actor's, or 'demo'. */
  async setDefault(actor: Actor, body: { datasource_id: string }): Promise<void> {
    await this.requireSettings(actor);
    if (body.datasource_id === DEMO_DATASOURCE_ID && this.resolver.demoEnabled) {
      await this.repo.setDefault(actor, null);
      return;
    }
    const row = await this.getOwned(actor, body);
    if (row.status !== 'active') throw new Invalid('Only an active data source can be the default.');
    await this.repo.setDefault(actor, row.id);
  }

  /** The accounts the source offers (PostgreSQL schemas, D1 databases…); [] for sources without. */
  async accounts(actor: Actor, query: SourceRef): Promise<TAccounts> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, query);
    if (!this.descriptorOf(row).supports_accounts) return [];
    return (await this.offeredAccounts(row)).map((a) => ({ id: a.id, name: a.name }));
  }

  /** Adds one of the offered accounts and selects it; an id the source does not offer is refused. */
  async addAccount(actor: Actor, body: TAddAccountBody): Promise<void> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, body);
    if (!this.descriptorOf(row).supports_accounts)
      throw new Invalid('This data source has no accounts to choose from.');
    const offered = (await this.offeredAccounts(row)).find((a) => a.id === body.account.id);
    if (!offered) throw new Invalid(DATASOURCE_MESSAGES.invalidAccount);
    const accounts = row.accounts.some((a) => a.id === offered.id)
      ? row.accounts
      : [...row.accounts, { id: offered.id, name: offered.name }];
    await this.change(row, { accounts, selectedAccount: offered.id });
    if (this.descriptorOf(row).capabilities.copy) await this.enqueueSync(row.id, offered.id);
  }

  /** Removes an added account; when it was selected, the first remaining one is (or none). */
  async removeAccount(actor: Actor, body: SourceRef & { account_id: string }): Promise<void> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, body);
    if (!row.accounts.some((a) => a.id === body.account_id))
      throw new Invalid(DATASOURCE_MESSAGES.invalidAccount);
    const accounts = row.accounts.filter((a) => a.id !== body.account_id);
    const selectedAccount =
      row.selectedAccount === body.account_id ? (accounts[0]?.id ?? null) : row.selectedAccount;
    await this.change(row, { accounts, selectedAccount });
    if (this.descriptorOf(row).capabilities.copy && selectedAccount !== row.selectedAccount)
      await this.enqueueSync(row.id, selectedAccount);
  }

  /**
   * Queues a refresh of a copied source's local copy: one job per source, selected account and
   * SYNC_SLOT_MS slot, so the tick, a connect and an account choice never queue the same sync twice.
   */
  private async enqueueSync(id: string, account: string | null): Promise<void> {
    if (!this.options.queue) return;
    const slot = Math.floor(this.clock().getTime() / SYNC_SLOT_MS);
    await this.options.queue.enqueue<TDatasourceSyncJob>(
      DATASOURCE_SYNC_JOB,
      { datasource_id: id },
      { key: `${id}:${account ?? ''}:${slot}` },
    );
  }

  /** The sync tick: a refresh of every active copied source, in its own job. */
  async planSyncs(): Promise<number> {
    // Stored files nothing will read (a source deleted during its sync, a writer that died) go too.
    await this.options.files?.sweep(this.clock());
    const rows = await this.repo.listActiveOfTypes(COPIED_TYPES);
    for (const row of rows) await this.enqueueSync(row.id, row.selectedAccount);
    return rows.length;
  }

  /**
   * The sync job: refreshes the copy of a source that is still there and active. A source
   * deleted while its copy was written leaves no file behind; a refused key ends the job (the
   * next question says so), an unreachable source is retried by the queue.
   */
  async sync(data: TDatasourceSyncJob): Promise<void> {
    const row = await this.repo.findById(data.datasource_id);
    if (row?.status !== 'active' || !this.descriptorOf(row).capabilities.copy) return;
    // Server mode: the sync builds on the stored copy (incremental), not on whatever this process has.
    await this.options.files?.ensureLocal(row);
    const connector = this.resolver.connectorFor(row);
    try {
      await connector.sync?.();
    } catch (error) {
      if (error instanceof ConnectorError && error.code !== 'unreachable') {
        this.log.warn({ datasource: row.id, code: error.code }, 'data source sync failed');
        return;
      }
      throw error;
    } finally {
      await connector.close().catch(() => {});
    }
    // Server mode: the new copy is stored before any process is told to read it.
    await this.options.files?.store(row);
    // Checked after storing: a delete that ran meanwhile removed what was stored before it, this removes the rest.
    if (!(await this.repo.findById(row.id))) {
      await this.removeFiles(row.id, { stored: true });
      return;
    }
    // The open model learns the copy's new date range; cached answers go.
    this.resolver.forget(row.id);
  }

  /** Deletes the source, its sealed secrets, its files and every cached connector, model and result. */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, { datasource_id: id });
    await this.repo.delete(row.id);
    this.resolver.forget(row.id);
    await this.removeFiles(row.id, { stored: true });
    await this.options.onDeleted?.([row.id]);
  }

  /** The ids of every source of a user in any project, read before their account is deleted. */
  sourceIdsOf(userId: string): Promise<string[]> {
    return this.repo.listIdsOfUser(userId);
  }

  /** Drops the cache entries and files of sources whose rows are gone (the account was deleted). */
  async discardSources(ids: string[]): Promise<void> {
    for (const id of ids) {
      this.resolver.forget(id);
      await this.removeFiles(id);
    }
    await this.options.files?.remove(ids);
    await this.options.onDeleted?.(ids);
  }

  /**
   * `tenant.credentials` (DESIGN §11): the actor's sources in this project, and the built-in
   * demo when it is on, with no config at all. The tenant reads only the actor's own rows, so
   * no feature is needed.
   */
  async credentials(actor: Actor): Promise<TCredentials> {
    const rows = await this.repo.listOwned(actor);
    const chosen = pickDefault(await this.repo.findDefault(actor), rows, this.resolver.demoEnabled);
    const out: TCredentials = {};
    if (this.resolver.demoEnabled) {
      out[DEMO_DATASOURCE_ID] = {
        type: DEMO_DESCRIPTOR.type,
        name: DEMO_DESCRIPTOR.name,
        logo: DEMO_DESCRIPTOR.logo,
        auth_type: DEMO_DESCRIPTOR.auth_type,
        active: true,
        revoked: false,
        selected_account: null,
        accounts: {},
        user: actor.email,
        default: chosen === DEMO_DATASOURCE_ID,
        // Built in: older than anything the user adds.
        created: new Date(0).toISOString(),
      };
    }
    for (const row of rows) out[row.id] = toCredential(row, actor.email, chosen === row.id);
    return out;
  }

  /** One of the actor's sources; 404 for others' and unknown ids alike, and when `type` differs. */
  private async getOwned(actor: Actor, ref: SourceRef): Promise<DatasourceRow> {
    if (ref.datasource_id === DEMO_DATASOURCE_ID && this.resolver.demoEnabled)
      throw new Invalid('The demo data source is built in: it cannot be changed or removed.');
    const row = isSourceId(ref.datasource_id) ? await this.repo.findOwned(actor, ref.datasource_id) : null;
    if (!row || (ref.type !== undefined && ref.type !== row.type))
      throw new NotFound(DATASOURCE_MESSAGES.notFound);
    return row;
  }

  private descriptorOf(row: DatasourceRow): TAnyConnectorDescriptor {
    return getDescriptor(row.type);
  }

  private async offeredAccounts(row: DatasourceRow): Promise<TConnectorAccount[]> {
    if (row.status === 'revoked')
      throw new Invalid('Access to this data source was revoked: connect it again to use it.');
    let connector: Connector | null = null;
    try {
      connector = this.resolver.connectorFor(row);
      return await connector.listAccounts();
    } catch (error) {
      if (error instanceof ConnectorError)
        throw new UpstreamFailed(`The accounts of “${row.name}” could not be read. Check its connection.`);
      throw error;
    } finally {
      await connector?.close().catch(() => {});
    }
  }

  /** Writes a change and drops what was cached for the old state. */
  private async change(
    row: DatasourceRow,
    values: Partial<Pick<DatasourceRow, 'name' | 'status' | 'secrets' | 'selectedAccount' | 'accounts'>>,
  ): Promise<void> {
    await this.repo.update(row.id, values, this.clock());
    this.resolver.forget(row.id);
  }

  /**
   * A FILE source's DuckDB file, and the folder other sources keep their copies in (Formbricks);
   * with `stored`, their durable copies too (server mode).
   */
  private async removeFiles(id: string, opts: { stored?: boolean } = {}): Promise<void> {
    const base = join(this.options.sourcesDir, `${id}.duckdb`);
    await Promise.all([base, `${base}.wal`, `${base}.version`].map((p) => rm(p, { force: true })));
    await rm(join(this.options.sourcesDir, id), { recursive: true, force: true });
    if (opts.stored) await this.options.files?.remove([id]);
  }
}
