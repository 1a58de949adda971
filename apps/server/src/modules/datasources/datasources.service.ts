import { randomUUID } from 'node:crypto';
import {
  type Connector,
  ConnectorError,
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
import type { DatasourceRow, DatasourcesRepository } from './datasources.repository';
import { removeSourceFiles } from './remove-source-files';
import { sealConfig } from './source-config';
import { testConnection } from './source-connect';
import { demoCredential, sourceNameOf, toCredential } from './source-credential';
import type { SourceFiles } from './source-files';
import { isSourceId, pickDefault, type SourceResolver } from './source-resolver';
import type { SourceSync } from './source-sync';
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
  /**
   * Server mode: where the durable copy of an upload's file and of a synced copy is kept
   * (PostgreSQL); the files under sourcesDir are then this process's caches. None in embedded mode.
   */
  files?: SourceFiles | null;
}

export interface DatasourcesDeps {
  repo: DatasourcesRepository;
  resolver: SourceResolver;
  /** Queues the sync of a copied source (Formbricks) when it is connected or its account changes. */
  syncs: SourceSync;
  box: SecretBox;
  access: AccessPolicy;
  options: DatasourcesOptions;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/** A request's reference to one source; the type is checked when the call carries it. */
type SourceRef = Pick<TDatasourceRef, 'datasource_id'> & Partial<Pick<TDatasourceRef, 'type'>>;

/**
 * The data-sources screen (spec 2 §2, DESIGN §11): connect (with a live test), upload a file,
 * activate, deactivate, revoke, choose the default, pick accounts, delete. Secrets are sealed
 * before storage and never leave this module; `credentials` is the tenant's public view.
 */
export class DatasourcesService {
  constructor(private readonly deps: DatasourcesDeps) {}

  private requireSettings(actor: Actor): Promise<void> {
    return this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
  }

  /** The source types users can add; with connect=true, how each is connected (GET /api/v1/datasource/types). */
  async types(actor: Actor, query: TDatasourceTypesQuery = {}): Promise<TDatasourceTypes> {
    await this.requireSettings(actor);
    return listedTypes({ connect: query.connect === 'true' });
  }

  /** Connects a source: nothing is stored unless its config passes its schema and a live connection test. */
  async create(actor: Actor, body: TCreateDatasourceBody): Promise<{ datasource_id: string }> {
    await this.requireSettings(actor);
    const { descriptor, config, offered } = await testConnection(body, this.deps.options, this.deps.log);
    const id = randomUUID();
    // PostgreSQL's usual schema is chosen for the user when it is there; otherwise they pick.
    const first = offered.find((a) => a.id === 'public') ?? null;
    await this.deps.repo.insert(actor, {
      id,
      type: descriptor.type,
      name: body.name,
      ...sealConfig(descriptor, config as Record<string, unknown>, id, this.deps.box),
      selectedAccount: first?.id ?? null,
      accounts: first ? [{ id: first.id, name: first.name }] : [],
      now: this.deps.clock(),
    });
    // A copied source's first copy is made by the sync job, not in this request.
    if (descriptor.capabilities.copy) await this.deps.syncs.enqueue(id, first?.id ?? null);
    return { datasource_id: id };
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
      const loaded = await loadUpload(file, id, this.deps.options);
      // Server mode: stored before the source exists, so every process can answer from it.
      await this.deps.options.files?.store({ id, type: UPLOAD_DESCRIPTOR.type });
      await this.deps.repo.insert(actor, {
        id,
        type: UPLOAD_DESCRIPTOR.type,
        name: sourceNameOf(file.filename),
        ...sealConfig(UPLOAD_DESCRIPTOR, loaded.config, id, this.deps.box),
        selectedAccount: null,
        accounts: [],
        now: this.deps.clock(),
      });
      stored = true;
      const table = { table: loaded.config.table, rows: loaded.rowCount };
      return { datasource_id: id, summary: await this.summaryOf(actor, id, table) };
    } finally {
      if (!stored) await removeSourceFiles(this.deps.options.sourcesDir, id, this.deps.options.files);
    }
  }

  /** What the new upload was understood as; null (logged) when its model could not be read back. */
  private async summaryOf(
    actor: Actor,
    id: string,
    table: { table: string; rows: number },
  ): Promise<TUploadSummary | null> {
    try {
      return await uploadSummary(await this.deps.resolver.resolveBase(actor, id), table);
    } catch (error) {
      this.deps.log.warn({ datasource: id, err: error }, 'upload summary failed');
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
    const collections = await this.deps.repo.cardUsage(actor, row.id);
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
    if (body.datasource_id === DEMO_DATASOURCE_ID && this.deps.resolver.demoEnabled) {
      await this.deps.repo.setDefault(actor, DEMO_DATASOURCE_ID);
      return;
    }
    const row = await this.getOwned(actor, body);
    if (row.status !== 'active') throw new Invalid('Only an active data source can be the default.');
    await this.deps.repo.setDefault(actor, row.id);
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
    if (this.descriptorOf(row).capabilities.copy) await this.deps.syncs.enqueue(row.id, offered.id);
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
      await this.deps.syncs.enqueue(row.id, selectedAccount);
  }

  /** Deletes the source, its sealed secrets, its files and every cached connector, model and result. */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.requireSettings(actor);
    const row = await this.getOwned(actor, { datasource_id: id });
    await this.deps.repo.delete(row.id);
    this.deps.resolver.forget(row.id);
    await removeSourceFiles(this.deps.options.sourcesDir, row.id, this.deps.options.files);
    await this.deps.options.onDeleted?.([row.id]);
  }

  /** The ids of every source of a user in any project, read before their account is deleted. */
  sourceIdsOf(userId: string): Promise<string[]> {
    return this.deps.repo.listIdsOfUser(userId);
  }

  /** Drops the cache entries and files of sources whose rows are gone (the account was deleted). */
  async discardSources(ids: string[]): Promise<void> {
    for (const id of ids) {
      this.deps.resolver.forget(id);
      await removeSourceFiles(this.deps.options.sourcesDir, id);
    }
    await this.deps.options.files?.remove(ids);
    await this.deps.options.onDeleted?.(ids);
  }

  /**
   * `tenant.credentials` (DESIGN §11): the actor's sources in this project, and the built-in
   * demo when it is on, with no config at all. The tenant reads only the actor's own rows, so
   * no feature is needed.
   */
  async credentials(actor: Actor): Promise<TCredentials> {
    const rows = await this.deps.repo.listOwned(actor);
    const owned = { rows, chosen: await this.deps.repo.findDefault(actor) };
    const chosen = pickDefault(owned, this.deps.resolver.demoEnabled);
    const out: TCredentials = {};
    if (this.deps.resolver.demoEnabled)
      out[DEMO_DATASOURCE_ID] = demoCredential(actor.email, chosen === DEMO_DATASOURCE_ID);
    for (const row of rows) out[row.id] = toCredential(row, actor.email, chosen === row.id);
    return out;
  }

  /** One of the actor's sources; 404 for others' and unknown ids alike, and when `type` differs. */
  private async getOwned(actor: Actor, ref: SourceRef): Promise<DatasourceRow> {
    if (ref.datasource_id === DEMO_DATASOURCE_ID && this.deps.resolver.demoEnabled)
      throw new Invalid('The demo data source is built in: it cannot be changed or removed.');
    const row = isSourceId(ref.datasource_id)
      ? await this.deps.repo.findOwned(actor, ref.datasource_id)
      : null;
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
      connector = this.deps.resolver.connectorFor(row);
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
    await this.deps.repo.update(row.id, values, this.deps.clock());
    this.deps.resolver.forget(row.id);
  }
}
