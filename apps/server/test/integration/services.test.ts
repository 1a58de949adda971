import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { PgBossQueue } from '../../src/jobs/pg-boss.queue';
import type { Actor } from '../../src/lib/access';
import { Forbidden } from '../../src/lib/errors';
import { buildServices, type Services } from '../../src/services';
import { TEST_DEMO_DATASET, TEST_NOW } from '../helpers';

/** A job worker or a command-line tool gets the same services as the web app, with no HTTP app. */
describe('the composition root without HTTP', () => {
  let database: Database;
  let services: Services;
  let actor: Actor;
  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-svc-')),
      DEMO_PASSWORD: 'Demo-pass-123!',
    });
    database = await openDatabase({ url: undefined, dir: null });
    // Only a logger is borrowed from Fastify; no app is built or listened on.
    const log = Fastify({ logger: false }).log;
    services = buildServices(config, database, log, () => new Date(TEST_NOW), {
      demoDataset: TEST_DEMO_DATASET,
      queue: new PgBossQueue(database, log),
    });
    const { email } = await services.demo.ensureDemo();
    const user = await services.auth.findUserByEmail(email);
    actor = {
      userId: user!.id,
      email,
      name: user!.name,
      features: user!.features,
      timezone: 'Europe/London',
      language: 'en-GB',
      projectId: 'default',
    };
  }, 120_000);
  afterAll(async () => {
    await services.mail.flush();
    await services.queue.stop();
    services.mail.close();
    await database.close();
  });

  it('answers and records a question through the services alone', async () => {
    const answer = await services.conversations.query(actor, { phrase: 'orders last month', created: 7 });
    const card = answer.responses[0]?.card;
    expect(card?.title).toMatch(/Orders/);
    expect(card?.table.length).toBeGreaterThan(0);
    const history = await services.conversations.history(actor, { limit: 5, scope: 'all' });
    expect(history.items.map((i) => i.query.created)).toEqual([7]);
  });

  it('refuses an actor without the feature with a domain error, not an HTTP answer', async () => {
    const err = await services.conversations
      .query({ ...actor, features: [] }, { phrase: 'orders', created: 8 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Forbidden);
  });
});
