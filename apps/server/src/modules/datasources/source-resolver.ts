import { join } from 'node:path';
import {
  type Connector,
  ConnectorError,
  createConnector,
  DEMO_DESCRIPTOR,
  findDescriptor,
  isUploadType,
} from '@parley/connectors';
import { DATASOURCE_MESSAGES, DEMO_DATASOURCE_ID } from '@parley/contract';
import { generateModel, type TSemanticModel } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/access';
import type { SecretBox } from '../../lib/crypto';
import { Invalid, NotFound, Unavailable, UpstreamFailed } from '../../lib/errors';
import type { InvalidationBus } from '../../lib/invalidation';
import type { AnswerSource } from '../answers/answers.service';
import type { DatasourceRow, DatasourcesRepository, OwnedSources } from './datasources.repository';
import type { OAuthTokenProvider } from './oauth-token-provider';
import { openConfig } from './source-config';

/** The built-in demo source, generated on first use (modules/demo). */
export type DemoLoader = () => Promise<{ connector: Connector; model: TSemanticModel }>;

export interface SourceResolverOptions {
  /** DESIGN §3 ALLOW_PRIVATE_HOSTS, passed to every connector. */
  allowPrivateHosts: boolean;
  /** DATA_DIR/sources: FILE sources' DuckDB files and any other per-source files. */
  sourcesDir: string;
  /** The demo source when DEMO is on, else null. */
  demo: DemoLoader | null;
  /** Called when a source changed or went, so answer caches drop its results. */
  onForget?: (id: string) => void;
  /** Open sources kept (connector + model); the least recently used beyond it is closed. */
  maxOpen?: number;
  /**
   * Lays the actor's own model overlay over a resolved source's model (modules/models, handed in
   * by services.ts), before the learned words; it memoises the overlaid model itself.
   */
  refine?: (actor: Actor, source: AnswerSource) => Promise<AnswerSource>;
  /**
   * Lays the actor's project's learned words over a resolved source's model (modules/synonyms,
   * handed in by services.ts); it memoises the taught model itself.
   */
  teach?: (actor: Actor, source: AnswerSource) => Promise<AnswerSource>;
  /** The Bearer tokens of OAuth sources (GA4), by source id (modules/datasources' OAuth service). */
  tokens?: OAuthTokenProvider;
  /** API bases from the configuration (GA4_DATA_API_URL, GA4_ADMIN_API_URL). */
  apiUrls?: Record<string, string | undefined>;
  /**
   * Server mode: brings this process's copy of the source's files up to date from their durable
   * copy before the source is opened (source-files.ts); absent in embedded mode.
   */
  localCopy?: (row: DatasourceRow) => Promise<void>;
  /**
   * Tells every process that a source changed or was synced (lib/invalidation.ts); without it
   * only this process drops its entry.
   */
  bus?: InvalidationBus;
}

export interface SourceResolverDeps extends SourceResolverOptions {
  repo: DatasourcesRepository;
  box: SecretBox;
  log: FastifyBaseLogger;
}

/** A source's connector may still be answering a question when it is replaced: it closes after this. */
const CLOSE_GRACE_MS = 35_000;

export const isSourceId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

interface OpenSource {
  /** Source id, updated_at and account: any change to the row makes a new key. */
  key: string;
  source: Promise<AnswerSource>;
}

/**
 * Which source answers a question, ready to use: `resolve(actor, id | null)` → connector and
 * semantic model. Models come from `introspect()` + `generateModel`, memoised per (source id,
 * updated_at, account); the connector stays open in the memo and is closed when the entry is
 * replaced, forgotten (source changed or deleted) or pushed out.
 */
export class SourceResolver {
  private readonly open = new Map<string, OpenSource>();
  /** Retired entries waiting out the grace period before their connector closes. */
  private readonly closing = new Map<NodeJS.Timeout, OpenSource>();
  private readonly maxOpen: number;
  private readonly repo: DatasourcesRepository;
  private readonly box: SecretBox;
  private readonly log: FastifyBaseLogger;
  private readonly options: SourceResolverOptions;

  constructor({ repo, box, log, ...options }: SourceResolverDeps) {
    this.repo = repo;
    this.box = box;
    this.log = log;
    this.options = options;
    this.maxOpen = options.maxOpen ?? 64;
    // A source changed, went or was synced in any process: its next question resolves it again.
    const drop = (id: string | null) => (id === null ? this.forgetAll() : this.drop(id));
    options.bus?.subscribe('source', drop);
    options.bus?.subscribe('source-synced', drop);
  }

  /** Whether the built-in demo source exists (DEMO on). */
  get demoEnabled(): boolean {
    return this.options.demo !== null;
  }

  /** Whether `id` is a source the actor can ask now: an active one of theirs, or the demo when on. */
  async canAnswer(actor: Actor, id: string): Promise<boolean> {
    if (id === DEMO_DATASOURCE_ID) return this.demoEnabled;
    const { rows } = await this.repo.ownedSources(actor);
    return rows.some((r) => r.id === id && r.status === 'active');
  }

  /** The id of the actor's default source (see pickDefault); null when they have none. */
  async defaultId(actor: Actor): Promise<string | null> {
    return pickDefault(await this.repo.ownedSources(actor), this.demoEnabled);
  }

  /**
   * The source a question goes to: the given id (the actor's own, active), or with null the
   * actor's default (see pickDefault). Its model carries the
   * actor's overlay (their model edits) and then the words the actor's project taught (learned synonyms).
   */
  async resolve(actor: Actor, datasourceId: string | null): Promise<AnswerSource> {
    const base = await this.resolveSource(actor, datasourceId);
    const source = this.options.refine ? await this.options.refine(actor, base) : base;
    return this.options.teach ? this.options.teach(actor, source) : source;
  }

  /** `source` (a model editor's draft) with the words the actor's project taught laid over its model. */
  withWords(actor: Actor, source: AnswerSource): Promise<AnswerSource> {
    return this.options.teach ? this.options.teach(actor, source) : Promise.resolve(source);
  }

  /** The source as introspected, without the actor's overlay or learned words (the model editor's base). */
  resolveBase(actor: Actor, datasourceId: string): Promise<AnswerSource> {
    return this.resolveSource(actor, datasourceId);
  }

  /** The registry type of one of the actor's sources (the demo's descriptor type for 'demo'); 404 for others. */
  async typeOf(actor: Actor, datasourceId: string): Promise<string> {
    if (datasourceId === DEMO_DATASOURCE_ID && this.options.demo) return DEMO_DESCRIPTOR.type;
    const row = isSourceId(datasourceId)
      ? ((await this.repo.ownedSources(actor)).rows.find((r) => r.id === datasourceId) ?? null)
      : null;
    if (!row) throw new NotFound(DATASOURCE_MESSAGES.notFound);
    return row.type;
  }

  private async resolveSource(actor: Actor, datasourceId: string | null): Promise<AnswerSource> {
    if (datasourceId === null) {
      const owned = await this.repo.ownedSources(actor);
      const id = pickDefault(owned, this.demoEnabled);
      if (id === null)
        throw new Invalid('There is no data source to answer from. Connect one on the Data sources screen.');
      return id === DEMO_DATASOURCE_ID ? this.demo() : this.fromRow(owned.rows.find((r) => r.id === id)!);
    }
    if (datasourceId === DEMO_DATASOURCE_ID && this.options.demo) return this.demo();
    // From the owner's short-lived copy of their sources (dropped by every write to them), as the
    // default is: a named source costs no statement per answer either.
    const row = isSourceId(datasourceId)
      ? ((await this.repo.ownedSources(actor)).rows.find((r) => r.id === datasourceId) ?? null)
      : null;
    if (!row) throw new NotFound(DATASOURCE_MESSAGES.notFound);
    if (row.status === 'revoked')
      throw new Invalid(
        `Access to the data source “${row.name}” was revoked. Connect it again to ask about it.`,
      );
    if (row.status !== 'active')
      throw new Invalid(`The data source “${row.name}” is inactive. Activate it on the Data sources screen.`);
    return this.fromRow(row);
  }

  /** A new connector for a stored source (its own, not the memo's): the caller closes it. */
  connectorFor(row: DatasourceRow): Connector {
    return createConnector(openConfig(row, this.box), {
      account: row.selectedAccount,
      allowPrivateHosts: this.options.allowPrivateHosts,
      dataDir: sourceDataDir(this.options.sourcesDir, row),
      oauth: this.options.tokens?.accessFor(row.id),
      apiUrls: this.options.apiUrls,
    });
  }

  /** First start: generates the demo dataset ahead of the first question (its file opens on first use). */
  async warmUp(): Promise<void> {
    if (this.options.demo) await this.options.demo();
  }

  private async demo(): Promise<AnswerSource> {
    const { connector, model } = await this.options.demo!();
    return { id: DEMO_DATASOURCE_ID, account: null, connector, model, immutable: true };
  }

  private fromRow(row: DatasourceRow): Promise<AnswerSource> {
    const key = `${row.id}|${row.updatedAt.getTime()}|${row.selectedAccount ?? ''}`;
    const current = this.open.get(row.id);
    if (current?.key === key) {
      // Most recently used last: Map keeps insertion order.
      this.open.delete(row.id);
      this.open.set(row.id, current);
      return current.source;
    }
    if (current) this.retire(row.id, current);
    const source = this.load(row);
    const entry = { key, source };
    this.open.set(row.id, entry);
    source.catch(() => {
      if (this.open.get(row.id) === entry) this.open.delete(row.id);
    });
    while (this.open.size > this.maxOpen) {
      const [oldest, value] = this.open.entries().next().value as [string, OpenSource];
      this.retire(oldest, value);
    }
    return source;
  }

  private async load(row: DatasourceRow): Promise<AnswerSource> {
    await this.options.localCopy?.(row);
    const connector = this.connectorFor(row);
    try {
      // API sources (GA4) describe themselves; SQL sources are introspected, and the introspection
      // stays beside the model: the owner's overlay is checked against its tables and columns.
      const schema = connector.semanticModel ? undefined : await connector.introspect();
      const model = schema ? generateModel(schema, row.name) : await connector.semanticModel!(row.name);
      return {
        id: row.id,
        account: row.selectedAccount,
        connector,
        model,
        ...(schema ? { schema } : {}),
        // Uploaded files never change; a live database may change at any time.
        immutable: findDescriptor(row.type)?.capabilities.immutable === true,
      };
    } catch (error) {
      await connector.close().catch(() => {});
      if (error instanceof ConnectorError && error.code === 'revoked')
        throw new Invalid(
          `Access to the data source “${row.name}” was revoked. Connect it again to ask about it.`,
        );
      // A copied source (Formbricks) whose first sync job has not finished yet.
      if (error instanceof ConnectorError && error.code === 'pending')
        throw new Unavailable(
          `The data of “${row.name}” is still being copied from the source. Ask again in a minute.`,
        );
      // API sources read one account (a GA4 property): none chosen yet is the user's next step.
      if (error instanceof ConnectorError && error.code === 'invalid_config' && row.selectedAccount === null)
        throw new Invalid(`Choose an account of “${row.name}” on the Data sources screen to ask about it.`);
      if (error instanceof ConnectorError) {
        this.log.warn({ datasource: row.id, code: error.code }, 'data source could not be read');
        throw new UpstreamFailed(
          `The data source “${row.name}” could not be read. Check its connection on the Data sources screen.`,
        );
      }
      throw error;
    }
  }

  /**
   * Drops a source's connector and model (it changed or was deleted) and its cached results, here
   * at once and in every other process as soon as the notice reaches it.
   */
  forget(id: string): void {
    if (this.options.bus) void this.options.bus.publish('source', id);
    else this.drop(id);
  }

  private drop(id: string): void {
    const current = this.open.get(id);
    if (current) this.retire(id, current);
    this.options.onForget?.(id);
  }

  /** Every entry goes (notices may have been missed): each source is resolved again on its next question. */
  private forgetAll(): void {
    for (const id of [...this.open.keys()]) this.drop(id);
  }

  /** Removes an entry now and closes its connector after the grace period. */
  private retire(id: string, entry: OpenSource): void {
    if (this.open.get(id) === entry) this.open.delete(id);
    const timer = setTimeout(() => {
      this.closing.delete(timer);
      void this.closeSource(entry);
    }, CLOSE_GRACE_MS);
    timer.unref();
    this.closing.set(timer, entry);
  }

  private async closeSource(entry: OpenSource): Promise<void> {
    const source = await entry.source.catch(() => null);
    await source?.connector
      .close()
      .catch((err: unknown) => this.log.warn({ err }, 'closing a source failed'));
  }

  /** Closes every open source now (the app is shutting down). */
  async close(): Promise<void> {
    const entries = [...this.open.values(), ...this.closing.values()];
    this.open.clear();
    for (const timer of this.closing.keys()) clearTimeout(timer);
    this.closing.clear();
    await Promise.all(entries.map((e) => this.closeSource(e)));
  }
}

/**
 * The folder a source's connector keeps its files in: uploaded files (FILE) name their DuckDB
 * file in their config, relative to DATA_DIR/sources; every other source gets
 * DATA_DIR/sources/<id> (Formbricks' copies), removed with the source.
 */
export function sourceDataDir(sourcesDir: string, row: Pick<DatasourceRow, 'id' | 'type'>): string {
  return isUploadType(row.type) ? sourcesDir : join(sourcesDir, row.id);
}

/** The type of the built-in demo; a row of it is never the user's own data. */
const DEMO_TYPE = 'DEMO';

/** The user's own sources that can answer: active, and not the demo. */
export function ownActiveSources(rows: readonly DatasourceRow[]): DatasourceRow[] {
  return rows.filter((r) => r.status === 'active' && r.type !== DEMO_TYPE);
}

/**
 * The user's default source, the one rule for every question, card, starter and report that names
 * none: the chosen source while it is active (the demo when they chose it), else the source they
 * added last, else the demo (when on), else the first active source; null when there is none.
 */
export function pickDefault({ rows, chosen }: OwnedSources, demo: boolean): string | null {
  if (chosen === DEMO_DATASOURCE_ID && demo) return DEMO_DATASOURCE_ID;
  const active = rows.filter((r) => r.status === 'active');
  if (chosen && active.some((r) => r.id === chosen)) return chosen;
  const newest = ownActiveSources(active).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (newest) return newest.id;
  if (demo) return DEMO_DATASOURCE_ID;
  return active[0]?.id ?? null;
}
