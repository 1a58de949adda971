import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testDatabaseUrl } from '@parley/testing';
import { datasetDir } from '@parley/testing/datasets';
import {
  createJaffleDatabase,
  JAFFLE_TODAY,
  type TJaffleDatabase,
} from '@parley/testing/fixtures/jaffle-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';

/** The jaffle shop needs PostgreSQL and the shared datasets; without either the suite skips. */
const READY = Boolean(testDatabaseUrl() && process.env.PARLEY_DATASETS_DIR);

describe.skipIf(!READY).each(TEST_DATABASES)('a dbt project imported on %s', (kind) => {
  let jaffle: TJaffleDatabase;
  let t: TestApp;
  let alice: Client;
  let source: string;
  let schemaYml: string;

  beforeAll(async () => {
    jaffle = createJaffleDatabase();
    schemaYml = readFileSync(join(datasetDir('jaffle-shop-metricflow'), 'models', 'schema.yml'), 'utf8');
    t = await buildTestApp(
      kind,
      { ALLOW_PRIVATE_HOSTS: 'true' },
      () => new Date(`${JAFFLE_TODAY}T12:00:00Z`),
    );
    const user = await createUser(t.app, { name: 'Alice' });
    alice = await signIn(t.app, user.email, user.password);
    const res = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: { type: 'POSTGRESQL', name: 'Jaffle', config: jaffle.config },
    });
    expect(res.statusCode, res.body).toBe(200);
    source = res.json().datasource_id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    jaffle?.drop();
  });

  const importDbt = (files: { name: string; content: string }[]) =>
    alice.inject({ method: 'POST', url: `/api/v1/datasource/${source}/model/dbt`, payload: { files } });
  const view = async () =>
    (await alice.inject({ method: 'GET', url: `/api/v1/datasource/${source}/model` })).json();

  it('refuses a broken YAML file, naming the file and line, and stores nothing', async () => {
    const res = await importDbt([{ name: 'models/schema.yml', content: 'semantic_models:\n  - name: [x\n' }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/schema\.yml.*line \d+/);
    expect((await view()).version).toBe(0);
  });

  it('maps the semantic models onto the overlay, merged with the owner’s edits, listing what it could not map', async () => {
    const edit = await alice.inject({
      method: 'PUT',
      url: `/api/v1/datasource/${source}/model`,
      payload: { overlay: { tables: { customers: { label: 'Clients' } } } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await importDbt([{ name: 'models/schema.yml', content: schemaYml }]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.version).toBe(2);
    expect(result.unmapped).toEqual([
      { kind: 'measure', name: 'total_order_amount', reason: expect.stringContaining('total_order_amount') },
    ]);
    expect(result.mapped).toEqual(
      expect.arrayContaining([
        { kind: 'semantic_model', name: 'semantic_orders' },
        { kind: 'metric', name: 'amount' },
        { kind: 'metric', name: 'returned_percent' },
      ]),
    );
    const model = await view();
    expect(model.version).toBe(2);
    expect(model.overlay.tables).toEqual({ customers: { label: 'Clients' } });
    expect(model.measures.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['amount', 'gift_card_amount', 'returned_percent']),
    );
  });

  it('answers "amount" from the imported metric', async () => {
    const res = await alice.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase: 'amount', created: Date.now(), datasource_id: source },
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().responses[0].card;
    expect(card?.query.semantic.measures).toEqual(['amount']);
    expect(Object.values(card.table[0])).toContain(1672);
  });
});
