/**
 * A real server process for the multi-process tests (local-disk.test.ts): the app on the
 * DATABASE_URL and DATA_DIR of its environment, as main.ts builds it but with the tests' demo
 * dataset and clock, listening on a free port of 127.0.0.1. Prints `{"port":n}` once it serves;
 * the test ends it with a signal (SIGKILL: no shutdown hook runs).
 * Run: node --import tsx server-child.ts (environment: DATA_DIR, DATABASE_URL, secrets…)
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { DEMO, TEST_DEMO_DATASET, TEST_NOW } from '../helpers';

const config = loadConfig({ ...process.env, DEMO_PASSWORD: DEMO.password, DEMO_END_DATE: '2026-11-20' });
const database = await openDatabase({ url: config.DATABASE_URL, dir: join(config.DATA_DIR, 'app') });
const app = await buildApp({
  config,
  database,
  webRoot: join(config.DATA_DIR, 'no-web'),
  demoDataset: TEST_DEMO_DATASET,
  clock: () => new Date(TEST_NOW),
});
if (config.DEMO) await app.services.demo.ensureDemo();
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.address() as AddressInfo).port }));
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
