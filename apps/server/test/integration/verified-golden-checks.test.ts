import { randomBytes } from 'node:crypto';
import { MODEL_FEATURES, NON_ADMIN_FEATURES } from '@parley/contract';
import { testDatabaseUrl } from '@parley/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/lib/access';
import { DATASOURCE_SYNC_JOB } from '../../src/modules/datasources/source-sync';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser, type TestUser } from '../peers/factories';

/**
 * Golden checks: a verified question whose measure goes with a schema change of
 * its PostgreSQL source is flagged broken with the reason, its owner told once; impact() reports
 * it without storing; a fixed one is ok again. Needs TEST_DATABASE_URL (the source database).
 */

const PG_URL = testDatabaseUrl();
const SUFFIX = randomBytes(5).toString('hex');
const ROLE = `parley_golden_${SUFFIX}`;
const PASSWORD = `Src-${randomBytes(9).toString('hex')}`;
const FEATURES = [...NON_ADMIN_FEATURES, ...MODEL_FEATURES];

async function admin(database: string, sql: string): Promise<void> {
  const url = new URL(PG_URL!);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const baseDatabase = () => new URL(PG_URL!).pathname.slice(1) || 'postgres';

interface Verified {
  id: string;
  phrases: string[];
  query: { measures: string[] };
  status: 'ok' | 'broken';
  checked_at: string | null;
  reason?: string;
}
interface Notifications {
  unread: number;
  items: { id: string; kind: string; title: string; text: string; read: boolean; link: string | null }[];
}

/** A fresh source database per suite: each suite changes its schema. */
async function createSource(name: string): Promise<void> {
  await admin(baseDatabase(), `CREATE DATABASE ${name}`);
  await admin(
    name,
    `CREATE TABLE sales (id serial PRIMARY KEY, region text NOT NULL, amount numeric(10,2) NOT NULL, sold_on date NOT NULL);
     INSERT INTO sales (region, amount, sold_on) VALUES ('North', 100.5, '2026-10-10'), ('South', 200.25, '2026-10-11'), ('North', 50, '2026-11-02');
     GRANT CONNECT ON DATABASE ${name} TO ${ROLE};
     GRANT USAGE ON SCHEMA public TO ${ROLE};
     GRANT SELECT ON sales TO ${ROLE};`,
  );
}

beforeAll(async () => {
  if (PG_URL) await admin(baseDatabase(), `CREATE ROLE ${ROLE} LOGIN PASSWORD '${PASSWORD}'`);
});
afterAll(async () => {
  if (PG_URL) await admin(baseDatabase(), `DROP ROLE IF EXISTS ${ROLE}`);
});

describe.skipIf(!PG_URL).each(TEST_DATABASES)('golden checks on %s', (kind) => {
  let t: TestApp;
  let aliceUser: TestUser;
  let alice: Client;
  let bob: Client;
  let sourceId: string;
  let amount: Verified;
  let count: Verified;
  /** The model's names of the amount measure and the region dimension. */
  let measure: string;
  let region: string;
  const SOURCE_DB = `parley_golden_${kind}_${SUFFIX}`;

  const actor = (): Actor => ({
    userId: aliceUser.id,
    email: aliceUser.email,
    name: 'Alice',
    features: FEATURES,
    timezone: 'Europe/London',
    language: 'en-GB',
    projectId: 'default',
  });

  beforeAll(async () => {
    await createSource(SOURCE_DB);
    t = await buildTestApp(kind, { ALLOW_PRIVATE_HOSTS: 'true' }, undefined, { worker: false });
    aliceUser = await createUser(t.app, { name: 'Alice', features: FEATURES });
    const bobUser = await createUser(t.app, { name: 'Bob', features: FEATURES });
    alice = await signIn(t.app, aliceUser.email, aliceUser.password);
    bob = await signIn(t.app, bobUser.email, bobUser.password);
    const config = {
      host: '127.0.0.1',
      port: Number(new URL(PG_URL!).port || 5432),
      database: SOURCE_DB,
      user: ROLE,
      password: PASSWORD,
      ssl: false,
    };
    const res = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: { type: 'POSTGRESQL', name: 'Shop', config },
    });
    expect(res.statusCode, res.body).toBe(200);
    sourceId = res.json().datasource_id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await admin(baseDatabase(), `DROP DATABASE IF EXISTS ${SOURCE_DB} WITH (FORCE)`);
  });

  const list = async (): Promise<Verified[]> => {
    const res = await alice.inject({ method: 'GET', url: `/api/v1/datasource/${sourceId}/verified` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const byId = async (id: string) => (await list()).find((v) => v.id === id)!;
  const notifications = async (c: Client): Promise<Notifications> => {
    const res = await c.inject({ method: 'GET', url: '/features/notifications' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The schema changed: the source is read again, as after a sync. */
  const alter = async (sql: string) => {
    await admin(SOURCE_DB, sql);
    t.app.services.sources.forget(sourceId);
  };
  const checks = () => t.app.services.goldenChecks;

  it('pins two questions on the source', async () => {
    const pin = async (body: unknown) => {
      const res = await alice.inject({
        method: 'POST',
        url: `/api/v1/datasource/${sourceId}/verified`,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Verified;
    };
    amount = await pin({ phrases: ['amount by region'] });
    const source = await t.app.services.sources.resolve(actor(), sourceId);
    measure = amount.query.measures[0]!;
    expect(source.model.measures.find((m) => m.name === measure)?.label).toMatch(/amount/i);
    region = source.model.dimensions.find((d) => /region/i.test(d.label))!.name;
    const rows = source.model.measures.find((m) => !/amount/i.test(m.name));
    expect(rows, JSON.stringify(source.model.measures.map((m) => [m.name, m.kind]))).toBeDefined();
    count = await pin({
      phrases: ['sales by region'],
      query: { measures: [rows!.name], dimensions: [region], filters: [] },
    });
  });

  it('impact() reports what a model without the measure would break, storing nothing', async () => {
    const source = await t.app.services.sources.resolve(actor(), sourceId);
    const draft = {
      ...source,
      model: { ...source.model, measures: source.model.measures.filter((m) => m.name !== measure) },
    };
    expect(await checks().impact(actor(), draft)).toEqual([
      { id: amount.id, phrase: 'amount by region', reason: `Measure ${measure} is no longer in the model` },
    ]);
    expect(await checks().impact(actor(), source)).toEqual([]);
    expect(await byId(amount.id)).toEqual(amount);
    expect((await notifications(alice)).items).toEqual([]);
  });

  it('flags the question whose column went, with the reason, and tells its owner once', async () => {
    await alter('ALTER TABLE sales DROP COLUMN amount');
    await checks().recheck(actor(), sourceId);
    await checks().recheck(actor(), sourceId);
    await checks().recheckSource(sourceId);

    const broken = await byId(amount.id);
    expect(broken).toMatchObject({
      status: 'broken',
      reason: `Measure ${measure} is no longer in the model`,
    });
    expect(broken.checked_at).not.toBeNull();
    expect(await byId(count.id)).toMatchObject({ status: 'ok' });
    const notes = await notifications(alice);
    expect(notes.unread).toBe(1);
    expect(notes.items).toEqual([
      expect.objectContaining({
        kind: 'verified_broken',
        title: 'A verified question broke: “amount by region”',
        text: expect.stringContaining(`Measure ${measure} is no longer in the model`),
        link: `/user/datasources/${sourceId}/model`,
        read: false,
      }),
    ]);
    // A broken question no longer answers first.
    const asked = await alice.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase: 'amount by region', created: Date.now(), datasource_id: sourceId },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().responses[0].card?.verified?.id).not.toBe(amount.id);
  });

  it('lists and marks only the actor’s own notifications', async () => {
    const [note] = (await notifications(alice)).items;
    expect(await notifications(bob)).toEqual({ unread: 0, items: [] });
    const foreign = await bob.inject({
      method: 'POST',
      url: '/features/notifications/read',
      payload: { ids: [note!.id] },
    });
    expect(foreign.json()).toEqual({ unread: 0 });
    await bob.inject({ method: 'POST', url: '/features/notifications/read', payload: { all: true } });
    expect((await notifications(alice)).unread).toBe(1);

    const read = await alice.inject({
      method: 'POST',
      url: '/features/notifications/read',
      payload: { ids: [note!.id] },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread: 0 });
    expect((await notifications(alice)).items).toEqual([
      expect.objectContaining({ id: note!.id, read: true }),
    ]);
    const later = await alice.inject({
      method: 'GET',
      url: `/features/notifications?before=${encodeURIComponent('2000-01-01T00:00:00Z')}`,
    });
    expect(later.json()).toEqual({ unread: 0, items: [] });
    const bad = await alice.inject({ method: 'GET', url: '/features/notifications?before=yesterday' });
    expect(bad.statusCode).toBe(400);
  });

  it('sets a fixed question ok again, without telling anyone', async () => {
    await alter('ALTER TABLE sales ADD COLUMN amount numeric(10,2) NOT NULL DEFAULT 1');
    // Through the sync job, which rechecks the source after its sync.
    const { queue } = t.app.services;
    expect(await queue.enqueue(DATASOURCE_SYNC_JOB, { datasource_id: sourceId })).not.toBeNull();
    expect(await queue.drain(DATASOURCE_SYNC_JOB)).toBe(1);
    const fixed = await byId(amount.id);
    expect(fixed.status).toBe('ok');
    expect(fixed.reason).toBeUndefined();
    expect((await notifications(alice)).items).toHaveLength(1);
    const asked = await alice.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase: 'amount by region', created: Date.now(), datasource_id: sourceId },
    });
    expect(asked.json().responses[0].card?.verified?.id).toBe(amount.id);
  });

  it('runs at start-up once per app version', async () => {
    await alter('ALTER TABLE sales RENAME COLUMN region TO area');
    expect(await checks().afterUpgrade('9.9.9-test')).toBe(true);
    expect(await checks().afterUpgrade('9.9.9-test')).toBe(false);
    expect(await byId(count.id)).toMatchObject({
      status: 'broken',
      reason: `Dimension ${region} is no longer in the model`,
    });
    expect((await notifications(alice)).unread).toBe(2);
  });
});
