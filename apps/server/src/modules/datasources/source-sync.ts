import { ConnectorError, DESCRIPTORS, getDescriptor } from '@parley/connectors';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/queue';
import type { DatasourcesRepository } from './datasources.repository';
import { removeSourceFiles } from './remove-source-files';
import type { SourceFiles } from './source-files';
import type { SourceResolver } from './source-resolver';

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

export interface SourceSyncDeps {
  repo: DatasourcesRepository;
  resolver: SourceResolver;
  /** DATA_DIR/sources: where the copies are written. */
  sourcesDir: string;
  /** The job queue; without one nothing is queued (a source is then never copied). */
  queue?: JobQueue;
  /** Server mode: the durable copy of each synced copy (source-files.ts); null in embedded mode. */
  files?: SourceFiles | null;
  /** After a copy was refreshed (on_sync alerts run then); a failure is logged, the sync stands. */
  onSynced?: (datasourceId: string) => Promise<void>;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/**
 * The local copies of copied sources (Formbricks): queued on connect, on an account choice and by
 * the tick, written by the sync job, stored (server mode) before any process is told to read them.
 */
export class SourceSync {
  constructor(private readonly deps: SourceSyncDeps) {}

  /**
   * Queues a refresh of a copied source's local copy: one job per source, selected account and
   * SYNC_SLOT_MS slot, so the tick, a connect and an account choice never queue the same sync twice.
   */
  async enqueue(id: string, account: string | null): Promise<void> {
    if (!this.deps.queue) return;
    const slot = Math.floor(this.deps.clock().getTime() / SYNC_SLOT_MS);
    await this.deps.queue.enqueue<TDatasourceSyncJob>(
      DATASOURCE_SYNC_JOB,
      { datasource_id: id },
      { key: `${id}:${account ?? ''}:${slot}` },
    );
  }

  /** The sync tick: a refresh of every active copied source, in its own job. */
  async planSyncs(): Promise<number> {
    // Stored files nothing will read (a source deleted during its sync, a writer that died) go too.
    await this.deps.files?.sweep(this.deps.clock());
    const rows = await this.deps.repo.listActiveOfTypes(COPIED_TYPES);
    for (const row of rows) await this.enqueue(row.id, row.selectedAccount);
    return rows.length;
  }

  /**
   * The sync job: refreshes the copy of a source that is still there and active. A source
   * deleted while its copy was written leaves no file behind; a refused key ends the job (the
   * next question says so), an unreachable source is retried by the queue.
   */
  async sync(data: TDatasourceSyncJob): Promise<void> {
    const { repo, resolver, files, log } = this.deps;
    const row = await repo.findById(data.datasource_id);
    if (row?.status !== 'active' || !getDescriptor(row.type).capabilities.copy) return;
    // Server mode: the sync builds on the stored copy (incremental), not on whatever this process has.
    await files?.ensureLocal(row);
    const connector = resolver.connectorFor(row);
    try {
      await connector.sync?.();
    } catch (error) {
      if (error instanceof ConnectorError && error.code !== 'unreachable') {
        log.warn({ datasource: row.id, code: error.code }, 'data source sync failed');
        return;
      }
      throw error;
    } finally {
      await connector.close().catch(() => {});
    }
    // Server mode: the new copy is stored before any process is told to read it.
    await files?.store(row);
    // Checked after storing: a delete that ran meanwhile removed what was stored before it, this removes the rest.
    if (!(await repo.findById(row.id))) {
      await removeSourceFiles(this.deps.sourcesDir, row.id, files);
      return;
    }
    // The open model learns the copy's new date range; cached answers go.
    resolver.forget(row.id);
    await this.deps
      .onSynced?.(row.id)
      .catch((err) => log.warn({ err, datasource: row.id }, 'after-sync step failed'));
  }
}
