import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { startWorker } from './jobs/start-worker';
import { limitHeapGrowth } from './lib/heap';
import { startBanner } from './start-banner';

/** Reads config, opens the database, seeds the demo, listens; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfigOrExit();
  limitHeapGrowth(config.HEAP_GROWTH_PERCENT);
  const database = await openDatabase({ url: config.DATABASE_URL, dir: join(config.DATA_DIR, 'app') });
  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization'],
    },
  });
  const demo = config.DEMO ? await app.services.demo.ensureDemo() : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Closing the app stops the job worker first: running jobs finish, queued ones wait in the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  // PGlite's thread died: every statement would fail from now on. Exiting lets the supervisor start
  // a new process, which replays the journalled history (nothing answered is lost).
  database.onLost((err) => {
    app.log.fatal({ err }, 'the database thread died; exiting');
    process.exit(1);
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The queue's tables and queues exist before the first request can enqueue a mail.
  await app.services.queue.prepare();
  await app.listen({ port: config.PORT, host: config.HOST });
  // This process also runs the job queue's worker (mail, digests); more workers may run beside it.
  await startWorker(app.services);
  console.log(startBanner(config, demo, performance.now() - started));
  // After an upgrade the first process re-runs every verified question, in the background.
  app.services.goldenChecks
    .afterUpgrade()
    .catch((err: unknown) => app.log.error({ err }, 'golden checks after the upgrade failed'));
  // The demo dataset is generated (first start) after listening: the app answers at once, and the
  // generation runs while the first user signs in rather than in their first question.
  if (config.DEMO) {
    app.services.sources
      .warmUp()
      .catch((err: unknown) => app.log.error({ err }, 'demo data source failed to open'));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
