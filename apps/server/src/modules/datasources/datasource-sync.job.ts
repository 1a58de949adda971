import type { InvalidationBus } from '../../lib/invalidation';
import type { JobDefinition } from '../../lib/queue';
import {
  DATASOURCE_SYNC_JOB,
  DATASOURCE_SYNC_TICK_JOB,
  type SourceSync,
  type TDatasourceSyncJob,
} from './source-sync';

/**
 * Refreshes one copied source's local copy (Formbricks responses → DuckDB). Safe to run twice:
 * a sync merges by response id into a new file swapped in whole. An unreachable source is
 * retried with backoff; one whose process died runs again after 10 minutes. Whichever process
 * ran it (a worker, usually), every web process resolves the source again ('source-synced'),
 * and `afterSync` re-runs the source's golden checks on the new data (modules/verified).
 */
export const datasourceSyncJob = (
  syncs: SourceSync,
  bus?: InvalidationBus,
  afterSync?: (id: string) => Promise<void>,
): JobDefinition<TDatasourceSyncJob> => ({
  name: DATASOURCE_SYNC_JOB,
  handler: async (data) => {
    await syncs.sync(data);
    await bus?.publish('source-synced', data.datasource_id);
    await afterSync?.(data.datasource_id);
  },
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
});

/** The sync tick, scheduled every 10 minutes (jobs/start-worker.ts): a sync job per copied source. */
export const datasourceSyncTickJob = (syncs: SourceSync): JobDefinition<null> => ({
  name: DATASOURCE_SYNC_TICK_JOB,
  handler: async () => {
    await syncs.planSyncs();
  },
  // A missed tick is covered by the next one.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});
