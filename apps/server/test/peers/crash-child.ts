/**
 * A server process for the crash test (answer-path.test.ts): opens PGlite in DATA_DIR/app,
 * answers one question with history journalled but not yet stored, prints the question id and
 * waits to be killed (SIGKILL: no shutdown hook runs).
 * Run: node --import tsx crash-child.ts <DATA_DIR>
 */
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { DEMO, TEST_DEMO_DATASET, TEST_NOW } from '../helpers';
import { login } from './factories';

const dataDir = process.argv[2]!;
const config = loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD: DEMO.password, DEMO_END_DATE: '2026-11-20' });
const database = await openDatabase({ dir: join(dataDir, 'app') });
const app = await buildApp({
  config,
  database,
  webRoot: join(dataDir, 'no-web'),
  demoDataset: TEST_DEMO_DATASET,
  clock: () => new Date(TEST_NOW),
  holdHistory: true,
});
await app.services.demo.ensureDemo();
await app.ready();
const { call } = await login(app, DEMO);
const res = await call('POST', '/features/conversations/query', {
  phrase: 'revenue by region last month',
  created: 7,
});
console.log(JSON.stringify({ status: res.statusCode, id: res.json().responses?.[0]?.question_id }));
setInterval(() => {}, 1_000);
