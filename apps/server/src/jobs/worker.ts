/**
 * A job worker on its own, beside the web processes (`node --import tsx src/jobs/worker.ts`):
 * the same services as the web app (buildServices, no HTTP), the same queue. Needs DATABASE_URL:
 * the embedded PGlite database belongs to the one server process, which runs its own worker.
 */
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/client';
import { withSharedSecrets } from '../db/shared-secrets';
import { limitHeapGrowth } from '../lib/heap';
import { buildServices } from '../services';
import { PgBossQueue } from './pg-boss.queue';
import { startWorker } from './start-worker';

async function main(): Promise<void> {
  const loaded = loadConfigOrExit();
  limitHeapGrowth(loaded.HEAP_GROWTH_PERCENT);
  if (!loaded.DATABASE_URL) {
    console.error(
      'The worker runs beside the server on PostgreSQL (DATABASE_URL); in embedded mode the server runs it.',
    );
    process.exit(78);
  }
  const log = Fastify({ logger: { level: loaded.LOG_LEVEL } }).log;
  const database = await openDatabase({ url: loaded.DATABASE_URL, dir: join(loaded.DATA_DIR, 'app') });
  const config = await withSharedSecrets(loaded, database);
  const queue = new PgBossQueue(database, log);
  const services = buildServices(config, database, log, () => new Date(), { queue });
  // The web processes' changes reach this worker's copies (sessions, sources, models) as theirs do.
  await services.invalidation.listen();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await queue.stop();
    services.mail.close();
    await services.sources.close();
    await services.quotas.close();
    await services.invalidation.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await queue.prepare();
  await startWorker(services);
  log.info('job worker running');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
