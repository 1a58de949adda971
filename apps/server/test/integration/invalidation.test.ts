import { testDatabaseUrl } from '@parley/testing';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import {
  INVALIDATION_CHANNEL,
  type InvalidationBus,
  LocalInvalidationBus,
  PostgresInvalidationBus,
} from '../../src/lib/invalidation';
import { BillingRepository } from '../../src/modules/billing/billing.repository';
import { DatasourcesRepository } from '../../src/modules/datasources/datasources.repository';
import { createPostgresDatabase } from '../helpers';

const log = Fastify({ logger: false }).log;

/** Resolves once `check` holds, polling every 10 ms; rejects after `ms` (notices arrive in far less). */
async function until(check: () => boolean | Promise<boolean>, ms = 1_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the in-process invalidation bus (PGlite: one process)', () => {
  it('delivers a notice to every subscriber of its topic, once, before publish resolves', async () => {
    const bus = new LocalInvalidationBus();
    const seen: (string | null)[] = [];
    bus.subscribe('session', (key) => seen.push(key));
    bus.subscribe('session', (key) => seen.push(`again:${key}`));
    bus.subscribe('user', () => seen.push('wrong topic'));
    const done = bus.publish('session', 's1');
    // Delivered in this process before the caller goes on.
    expect(seen).toEqual(['s1', 'again:s1']);
    await done;
    expect(bus.live).toBe(true);
  });

  it('keeps delivering to the others when one subscriber throws, and stops after unsubscribe', async () => {
    const bus = new LocalInvalidationBus();
    const seen: string[] = [];
    bus.subscribe('model', () => {
      throw new Error('broken');
    });
    const off = bus.subscribe('model', (key) => seen.push(key!));
    await bus.publish('model', 'demo');
    off();
    await bus.publish('model', 'demo');
    expect(seen).toEqual(['demo']);
  });
});

describe.skipIf(!testDatabaseUrl())('LISTEN/NOTIFY between processes on PostgreSQL', () => {
  let pgDb: { url: string; drop: () => Promise<void> };
  let database: Database;
  const buses: InvalidationBus[] = [];
  const newBus = (reconnectMs?: { first: number; max: number }) => {
    const bus = new PostgresInvalidationBus({ url: pgDb.url, database, log, reconnectMs });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    database = await openDatabase({ url: pgDb.url, dir: null });
  }, 60_000);
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    await database?.close();
    await pgDb?.drop();
  });

  it('a notice reaches the other process at once; the sender delivers its own once, not twice', async () => {
    const a = newBus();
    const b = newBus();
    await Promise.all([a.listen(), b.listen()]);
    const atA: (string | null)[] = [];
    const atB: (string | null)[] = [];
    a.subscribe('session', (key) => atA.push(key));
    b.subscribe('session', (key) => atB.push(key));
    await a.publish('session', 'abc');
    expect(atA).toEqual(['abc']);
    await until(() => atB.length > 0);
    expect(atB).toEqual(['abc']);
    // A later notice from b shows a's own earlier one never came back to it.
    await b.publish('session', 'def');
    await until(() => atA.length > 1);
    expect(atA).toEqual(['abc', 'def']);
    expect(atB).toEqual(['abc', 'def']);
  });

  it('ignores payloads on the channel that are not notices', async () => {
    const a = newBus();
    await a.listen();
    const seen: (string | null)[] = [];
    a.subscribe('user', (key) => seen.push(key));
    const other = newBus();
    await other.listen();
    await database.db.execute(`select pg_notify('${INVALIDATION_CHANNEL}', 'not json')`);
    await database.db.execute(
      `select pg_notify('${INVALIDATION_CHANNEL}', '{"topic":"nope","key":"x","sender":"y"}')`,
    );
    await other.publish('user', 'u1');
    await until(() => seen.length > 0);
    expect(seen).toEqual(['u1']);
  });

  it('a lost LISTEN connection is opened again, and every copy dropped (notices may have been missed)', async () => {
    const a = newBus({ first: 20, max: 100 });
    const b = newBus({ first: 20, max: 100 });
    await Promise.all([a.listen(), b.listen()]);
    const seen: (string | null)[] = [];
    a.subscribe('session', (key) => seen.push(key));
    a.subscribe('subscription', (key) => seen.push(`subscription:${key}`));
    const admin = new pg.Client({ connectionString: pgDb.url });
    await admin.connect();
    try {
      // As a failover or a restarted PostgreSQL would: every listening connection goes.
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'parley-invalidation' and datname = current_database()`,
      );
      expect(rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await until(() => seen.includes(null) && a.live && b.live);
    // Every topic was told to drop everything: notices sent meanwhile may have been missed.
    expect(seen).toEqual([null, 'subscription:null']);
    await b.publish('session', 'after');
    await until(() => seen.includes('after'));
  });

  it('repositories in two processes: a write through one drops the copy in the other at once', async () => {
    const a = newBus();
    const b = newBus();
    await Promise.all([a.listen(), b.listen()]);
    const billingA = new BillingRepository(database.db, { copyMs: 60_000, bus: a });
    const billingB = new BillingRepository(database.db, { copyMs: 60_000, bus: b });
    const sourcesA = new DatasourcesRepository(database.db, { copyMs: 60_000, bus: a });
    const sourcesB = new DatasourcesRepository(database.db, { copyMs: 60_000, bus: b });
    const {
      rows: [user],
    } = await database.db.execute<{ id: string }>(
      `insert into users (email) values ('bus@example.com') returning id`,
    );
    const userId = user!.id;
    const owner = { userId, projectId: 'default' };

    await billingA.create({ userId, plan: 'FREE', status: 'ACTIVE' });
    const before = await billingB.find(userId);
    expect(before?.plan).toBe('FREE');
    await billingA.update(userId, null, { plan: 'PRO' });
    await until(async () => (await billingB.find(userId))?.plan === 'PRO');

    expect((await sourcesB.ownedSources(owner)).rows).toEqual([]);
    await sourcesA.insert(owner, {
      id: '6f1f3c1e-63a4-4c57-9a38-2a1b7d9f2b11',
      type: 'FILE',
      name: 'Sales',
      configPublic: {},
      secrets: null,
      selectedAccount: null,
      accounts: [],
      now: new Date(),
    });
    await until(async () => (await sourcesB.ownedSources(owner)).rows.length === 1);
    await sourcesA.setDefault(owner, '6f1f3c1e-63a4-4c57-9a38-2a1b7d9f2b11');
    await until(async () => (await sourcesB.ownedSources(owner)).chosen !== null);
    await sourcesA.delete('6f1f3c1e-63a4-4c57-9a38-2a1b7d9f2b11');
    await until(async () => (await sourcesB.ownedSources(owner)).rows.length === 0);
  });

  it('keeps trying to listen while the database cannot be reached; closing ends the start', async () => {
    const unreachable = new PostgresInvalidationBus({
      url: 'postgres://postgres@127.0.0.1:1/none',
      database,
      log,
      reconnectMs: { first: 10, max: 20 },
    });
    buses.push(unreachable);
    const started = unreachable.listen();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unreachable.live).toBe(false);
    await unreachable.close();
    await started;
    expect(unreachable.live).toBe(false);
  });

  it('keeps no copy while not listening', async () => {
    const idle = newBus();
    expect(idle.live).toBe(false);
    const billing = new BillingRepository(database.db, { copyMs: 60_000, bus: idle });
    const {
      rows: [user],
    } = await database.db.execute<{ id: string }>(
      `insert into users (email) values ('idle@example.com') returning id`,
    );
    await billing.create({ userId: user!.id, plan: 'FREE', status: 'ACTIVE' });
    expect((await billing.find(user!.id))?.plan).toBe('FREE');
    await database.db.execute(`update subscriptions set plan = 'PRO' where user_id = '${user!.id}'`);
    expect((await billing.find(user!.id))?.plan).toBe('PRO');
  });
});
