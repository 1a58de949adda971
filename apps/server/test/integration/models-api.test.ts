import { randomBytes } from 'node:crypto';
import { testDatabaseUrl } from '@parley/testing';
import { testDatabaseServer } from '@parley/testing/test-database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';

/** The PostgreSQL server source databases are created on; unset, this suite skips. */
const PG_URL = testDatabaseUrl();

async function admin<T>(database: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(PG_URL!);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A shop: sales by region code ("N", "S") and agent, with an amount and a discount. */
const SHOP_SQL = `
  CREATE TABLE agents (code text PRIMARY KEY, name text NOT NULL);
  CREATE TABLE sales (id serial PRIMARY KEY, region text NOT NULL, agent_code text REFERENCES agents(code),
    amount numeric(10,2) NOT NULL, discount numeric(10,2) NOT NULL, sold_on date NOT NULL);
  INSERT INTO agents VALUES ('AG1', 'Ann'), ('AG2', 'Bo');
  INSERT INTO sales (region, agent_code, amount, discount, sold_on) VALUES
    ('N', 'AG1', 100, 10, '2026-10-05'), ('S', 'AG2', 200, 20, '2026-10-06'), ('N', 'AG2', 50, 5, '2026-11-02');`;

/** Turnover renamed, a net amount defined over two columns, a region code labelled. */
const V1 = {
  fields: { 'sales.amount.sum': { label: 'Turnover', synonyms: ['takings'] } },
  measures: [
    {
      kind: 'aggregate',
      name: 'net_amount',
      label: 'Net amount',
      table: 'sales',
      agg: 'sum',
      expr: { op: '-', left: { column: 'amount' }, right: { column: 'discount' } },
    },
  ],
  values: [{ dimension: 'sales.region', value: 'N', label: 'Northern' }],
};

interface View {
  version: number;
  measures: { name: string; label: string; edited?: boolean }[];
  dimensions: { name: string; values?: string[]; valueLabels?: Record<string, string> }[];
  tables: { name: string; columns?: { name: string; samples?: string[] }[] }[];
  joins: { from: string; to: string }[];
  overlay: Record<string, unknown>;
  disabled: { path: string; reason: string }[];
}

describe.skipIf(!PG_URL).each(TEST_DATABASES)('the model of a PostgreSQL source on %s', (kind) => {
  const database = `parley_models_${kind}_${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let alice: Client;
  let source: string;
  let created = Date.now();

  beforeAll(async () => {
    const server = testDatabaseServer();
    await admin(server.database, (c) => c.query(`CREATE DATABASE ${database}`));
    await admin(database, (c) => c.query(SHOP_SQL));
    t = await buildTestApp(kind, { ALLOW_PRIVATE_HOSTS: 'true' });
    const user = await createUser(t.app, { name: 'Alice' });
    alice = await signIn(t.app, user.email, user.password);
    const { host, port, user: role, password } = server;
    const res = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: {
        type: 'POSTGRESQL',
        name: 'Shop',
        config: { host, port, database, user: role, password, ssl: false },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    source = res.json().datasource_id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await admin(testDatabaseServer().database, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    );
  });

  const url = (rest = '') => `/api/v1/datasource/${source}/model${rest}`;
  const view = async (): Promise<View> => {
    const res = await alice.inject({ method: 'GET', url: url() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const save = async (overlay: unknown): Promise<View> => {
    const res = await alice.inject({ method: 'PUT', url: url(), payload: { overlay } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ask = async (phrase: string) => {
    const res = await alice.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: ++created, datasource_id: source },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().responses[0] as {
      text?: string;
      card?: { query: { semantic: { measures: string[] } }; table: Record<string, unknown>[] };
    };
  };
  const measure = (v: View, name: string) => v.measures.find((m) => m.name === name);

  it('shows a new source’s introspected model as version 0, with columns and sample values', async () => {
    const v = await view();
    expect(v.version).toBe(0);
    expect(v.measures.map((m) => m.name)).toEqual(
      expect.arrayContaining(['sales.amount.sum', 'sales.discount.sum']),
    );
    expect(v.dimensions.find((d) => d.name === 'sales.region')?.values).toEqual(['N', 'S']);
    const sales = v.tables.find((x) => x.name === 'sales');
    expect(sales?.columns?.map((c) => c.name)).toEqual(
      expect.arrayContaining(['region', 'amount', 'discount', 'sold_on']),
    );
    expect(sales?.columns?.find((c) => c.name === 'region')?.samples).toEqual(['N', 'S']);
    expect(v.joins).toEqual([expect.objectContaining({ from: 'sales', to: 'agents' })]);
    expect(v.disabled).toEqual([]);
  });

  it('saves an overlay as version 1, and questions are answered with it', async () => {
    const v = await save(V1);
    expect(v.version).toBe(1);
    expect(measure(v, 'sales.amount.sum')).toEqual(
      expect.objectContaining({ label: 'Turnover', edited: true }),
    );
    expect(measure(v, 'net_amount')).toEqual(expect.objectContaining({ label: 'Net amount', edited: true }));
    expect(v.dimensions.find((d) => d.name === 'sales.region')?.valueLabels).toEqual({ N: 'Northern' });

    const net = await ask('net amount');
    expect(net.card?.query.semantic.measures).toEqual(['net_amount']);
    expect(Object.values(net.card!.table[0]!)).toContain(315);
    const takings = await ask('takings by region');
    expect(takings.card?.query.semantic.measures).toEqual(['sales.amount.sum']);
    // The region code's label is what the card shows.
    expect(JSON.stringify(takings.card?.table)).toContain('Northern');

    const versions = (await alice.inject({ method: 'GET', url: url('/versions') })).json();
    expect(versions).toEqual([
      expect.objectContaining({ version: 1, author: 'Alice', summary: expect.stringMatching(/\S/) }),
    ]);
    expect(versions[0].changes.length).toBeGreaterThan(0);
  });

  it('restores a version exactly, as a new version', async () => {
    const v1 = (await view()).overlay;
    const v2 = await save({ ...V1, tables: { sales: { label: 'Orders' } } });
    expect(v2.version).toBe(2);
    const res = await alice.inject({ method: 'POST', url: url('/versions/1/restore') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(3);
    const now = await view();
    expect(now.overlay).toEqual(v1);
    expect(now.version).toBe(3);
  });

  it('exports the model as YAML and imports it back to the same model; a broken file names its line', async () => {
    const before = await view();
    const file = await alice.inject({ method: 'GET', url: url('.yaml') });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/yaml/);
    expect(file.headers['content-disposition']).toContain('Shop.model.yaml');
    const back = await alice.inject({
      method: 'PUT',
      url: url('.yaml'),
      payload: file.body,
      headers: { 'content-type': 'text/yaml' },
    });
    expect(back.statusCode, back.body).toBe(200);
    const after: View = back.json();
    expect(after.version).toBe(before.version + 1);
    // The same model; the overlay may now spell out what was implied (a measure's default time dimension).
    const { version: _a, overlay: afterOverlay, ...afterModel } = after;
    const { version: _b, overlay: beforeOverlay, ...beforeModel } = before;
    expect(afterModel).toEqual(beforeModel);
    const named = (o: Record<string, unknown>) => {
      const v = o as typeof V1;
      return [Object.keys(v.fields), v.measures.map((m) => m.name), v.values.map((x) => [x.value, x.label])];
    };
    expect(named(afterOverlay)).toEqual(named(beforeOverlay));

    const broken = await alice.inject({
      method: 'PUT',
      url: url('.yaml'),
      payload: `${file.body}\n  : [unclosed\n`,
      headers: { 'content-type': 'application/yaml' },
    });
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().message).toMatch(/line \d+/i);
    expect((await view()).version).toBe(after.version);
  });

  it('keeps the overlay across a re-introspection; an edit whose column went is disabled and listed', async () => {
    await admin(database, (c) =>
      c.query(
        'ALTER TABLE sales DROP COLUMN discount; ALTER TABLE sales ADD COLUMN tax numeric(10,2) NOT NULL DEFAULT 1',
      ),
    );
    t.app.services.sources.forget(source);
    const v = await view();
    expect(v.tables.find((x) => x.name === 'sales')?.columns?.map((c) => c.name)).toEqual(
      expect.arrayContaining(['tax']),
    );
    expect(measure(v, 'sales.amount.sum')?.label).toBe('Turnover');
    expect(measure(v, 'net_amount')).toBeUndefined();
    expect(v.disabled).toEqual([expect.objectContaining({ path: expect.stringContaining('net_amount') })]);
    expect((v.overlay as typeof V1).measures.map((m) => m.name)).toEqual(['net_amount']);
    expect((await ask('takings')).card?.query.semantic.measures).toEqual(['sales.amount.sum']);

    // Saved again as it is, the disabled edit is kept and still reported, not refused.
    const again = await save(v.overlay);
    expect(again.disabled).toEqual(v.disabled);
    expect((again.overlay as typeof V1).measures.map((m) => m.name)).toEqual(['net_amount']);
  });
});
