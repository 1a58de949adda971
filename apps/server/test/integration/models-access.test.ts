import { randomBytes } from 'node:crypto';
import { MODEL_FEATURES, ZModelOverlay } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/lib/access';
import { NEW_USER_FEATURES } from '../../src/modules/auth/auth.service';
import { ModelOverlays } from '../../src/modules/models/model-overlays';
import { ModelsRepository } from '../../src/modules/models/models.repository';
import { type ModelChecks, ModelsService } from '../../src/modules/models/models.service';
import { buildTestApp, type Client, signIn, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';
import { createUser, type TestUser } from '../peers/factories';

/** Two customisations of the demo model: a measure renamed, a table relabelled. */
const TWO = {
  fields: { revenue: { label: 'Takings', synonyms: ['takings'] } },
  tables: { orders: { label: 'Purchases' } },
};
const ONE = { fields: { revenue: { label: 'Takings', synonyms: ['takings'] } } };
const THREE = { ...TWO, values: [{ dimension: 'region', value: 'EMEA', label: 'Europe' }] };

/** A multipart body with one CSV file (an uploaded file source: not PostgreSQL). */
function csvUpload(content: string) {
  const boundary = `----parley${randomBytes(8).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sales.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(TEST_DATABASES)('model access on %s', (kind) => {
  let t: TestApp;
  let alice: Client; // every feature
  let carol: Client; // no ADMIN_MODELS, no ADMIN_MODELS_DELETE
  let dan: Client; // ADMIN_MODELS without ADMIN_MODELS_DELETE
  let fileSource: string;
  let erin: TestUser; // the golden checks' user, through the service

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const noModels = NEW_USER_FEATURES.filter((f) => !MODEL_FEATURES.includes(f));
    const [a, c, d] = await Promise.all([
      createUser(t.app, { name: 'Alice' }),
      createUser(t.app, { name: 'Carol', features: noModels }),
      createUser(t.app, { name: 'Dan', features: [...noModels, 'ADMIN_MODELS'] }),
    ]);
    alice = await signIn(t.app, a.email, a.password);
    carol = await signIn(t.app, c.email, c.password);
    dan = await signIn(t.app, d.email, d.password);
    erin = await createUser(t.app, { name: 'Erin' });
    const up = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource/upload',
      ...csvUpload('region,amount,sold_on\nNorth,10.5,2026-10-01\nSouth,20,2026-10-02\n'),
    });
    expect(up.statusCode, up.body).toBe(200);
    fileSource = up.json().datasource_id;
  }, 120_000);
  afterAll(() => t.close());

  const model = (c: Client, id = 'demo') =>
    c.inject({ method: 'GET', url: `/api/v1/datasource/${id}/model` });
  const save = (c: Client, overlay: unknown, id = 'demo', extra: object = {}) =>
    c.inject({ method: 'PUT', url: `/api/v1/datasource/${id}/model`, payload: { overlay, ...extra } });
  const versions = async (c: Client, id = 'demo') => {
    const res = await c.inject({ method: 'GET', url: `/api/v1/datasource/${id}/model/versions` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { version: number; author: string; summary: string }[];
  };
  const restore = (c: Client, version: number | string, id = 'demo') =>
    c.inject({ method: 'POST', url: `/api/v1/datasource/${id}/model/versions/${version}/restore` });
  const putYaml = (c: Client, text: string, type = 'text/yaml', id = 'demo') =>
    c.inject({
      method: 'PUT',
      url: `/api/v1/datasource/${id}/model.yaml`,
      payload: text,
      headers: { 'content-type': type },
    });
  const dbt = (
    c: Client,
    id: string,
    files: unknown = [{ name: 'schema.yml', content: 'semantic_models: []\n' }],
  ) => c.inject({ method: 'POST', url: `/api/v1/datasource/${id}/model/dbt`, payload: { files } });

  it('reads the model without ADMIN_MODELS, but refuses every change, and changes nothing', async () => {
    const before = await model(carol);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().version).toBe(0);
    expect(before.json().measures.map((m: { name: string }) => m.name)).toContain('revenue');
    const refused = [
      await save(carol, TWO),
      await putYaml(carol, 'measures: []\n'),
      await dbt(carol, 'demo'),
      await restore(carol, 1),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(await versions(carol)).toEqual([]);
    expect((await model(carol)).json()).toEqual(before.json());
  });

  it('keeps each user’s overlay of the demo their own', async () => {
    const res = await save(alice, TWO);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(1);
    expect(res.json().measures.find((m: { name: string }) => m.name === 'revenue').label).toBe('Takings');
    const other = (await model(carol)).json();
    expect(other.version).toBe(0);
    expect(other.measures.find((m: { name: string }) => m.name === 'revenue').label).toBe('Revenue');
  });

  it('removing customisations needs ADMIN_MODELS_DELETE; a refused save or restore stores nothing', async () => {
    expect((await save(dan, TWO)).statusCode).toBe(200);
    const fewer = await save(dan, ONE);
    expect(fewer.statusCode, fewer.body).toBe(403);
    expect(fewer.json()).toEqual({ message: expect.any(String) });
    expect((await save(dan, THREE)).statusCode).toBe(200);
    // Version 1 holds two customisations, the current one three: going back removes one.
    expect((await restore(dan, 1)).statusCode).toBe(403);
    expect((await versions(dan)).map((v) => v.version)).toEqual([2, 1]);
    const same = await restore(dan, 2);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().version).toBe(3);
    const list = await versions(dan);
    expect(list.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(list[0]).toEqual(expect.objectContaining({ author: 'Dan', summary: 'Restored version 2' }));
    // The same removal with the feature goes through.
    expect((await save(alice, ONE)).statusCode).toBe(200);
  });

  it('a save from an older version is refused with 409 and stores nothing', async () => {
    const current = (await model(alice)).json().version;
    const res = await save(alice, THREE, 'demo', { base_version: current - 1 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message: 'The model was changed meanwhile. Reload it and save again.' });
    expect((await model(alice)).json().version).toBe(current);
    expect((await save(alice, THREE, 'demo', { base_version: current })).json().version).toBe(current + 1);
  });

  it('concurrent saves each get a version of their own or a 409, never a 500', async () => {
    const before = (await versions(alice)).length;
    const overlays = [1, 2, 3, 4, 5].map((n) => ({
      ...THREE,
      tables: { orders: { label: `Purchases ${n}` } },
    }));
    const answers = await Promise.all(overlays.map((o) => save(alice, o)));
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    const saved = answers.filter((res) => res.statusCode === 200).length;
    expect(saved).toBeGreaterThan(0);
    const list = (await versions(alice)).map((v) => v.version);
    expect(list).toHaveLength(before + saved);
    expect(new Set(list).size).toBe(list.length);
  });

  it('another user’s or an unknown source is 404, for reading and changing alike', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await model(carol, fileSource),
      await save(alice, TWO, unknown),
      await save(dan, TWO, fileSource),
      await restore(dan, 1, fileSource),
      await dbt(dan, fileSource),
      await carol.inject({ method: 'GET', url: `/api/v1/datasource/${fileSource}/model/versions` }),
      await carol.inject({ method: 'GET', url: `/api/v1/datasource/${fileSource}/model.yaml` }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: 'Data source not found!' });
    }
    expect(await versions(alice, fileSource)).toEqual([]);
  });

  it('a restore of a version that does not exist is 404', async () => {
    const res = await restore(alice, 999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Model version not found!' });
  });

  it('imports dbt semantic models only into PostgreSQL sources', async () => {
    for (const id of [fileSource, 'demo']) {
      const res = await dbt(alice, id);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'dbt semantic models can be imported for PostgreSQL sources.' });
    }
    expect(await versions(alice, fileSource)).toEqual([]);
  });

  it('answers bad bodies with 400 naming what is wrong, never 500', async () => {
    const before = (await versions(alice)).length;
    const bad = [
      await save(alice, { measures: [{ kind: 'bogus', name: 'x' }] }),
      await save(alice, 'not an overlay'),
      await alice.inject({
        method: 'PUT',
        url: '/api/v1/datasource/demo/model',
        payload: { overlay: {}, confirm: 'yes' },
      }),
      await restore(alice, 'latest'),
      await alice.inject({
        method: 'POST',
        url: '/api/v1/datasource/demo/model/try',
        payload: { phrase: '' },
      }),
      await alice.inject({
        method: 'POST',
        url: '/api/v1/datasource/demo/model/preview',
        payload: { overlay: 5 },
      }),
      await dbt(alice, fileSource, []),
      await dbt(alice, fileSource, [{ name: 'x.yml' }]),
      await alice.inject({
        method: 'PUT',
        url: '/api/v1/datasource/demo/model.yaml',
        payload: { measures: [] },
      }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    const binary = await putYaml(alice, 'x', 'application/octet-stream');
    expect(binary.statusCode, binary.body).toBe(415);
    expect((await versions(alice)).length).toBe(before);
  });

  it('refuses a new measure over a column the source does not have, naming it', async () => {
    const before = (await versions(alice)).length;
    const res = await save(alice, {
      measures: [
        {
          kind: 'aggregate',
          name: 'ghost_total',
          label: 'Ghost',
          table: 'orders',
          agg: 'sum',
          expr: { column: 'ghost' },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('ghost');
    expect((await versions(alice)).length).toBe(before);
  });

  it('tries a phrase against the saved model and against a draft', async () => {
    const tryIt = async (phrase: string, overlay?: unknown) => {
      const res = await carol.inject({
        method: 'POST',
        url: '/api/v1/datasource/demo/model/try',
        payload: { phrase, ...(overlay ? { overlay } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { query: { measures: string[] } | null; text?: string };
    };
    expect((await tryIt('revenue by region')).query?.measures).toEqual(['revenue']);
    const unknown = await tryIt('zorblax by region');
    expect(unknown.query).toBeNull();
    expect(unknown.text).toContain('zorblax');
    const draft = { fields: { units_sold: { synonyms: ['zorblax'] } } };
    expect((await tryIt('zorblax by region', draft)).query?.measures).toEqual(['units_sold']);
    // Trying saves nothing.
    expect(await versions(carol)).toEqual([]);
  });

  it('shows what a save would break before it is stored, and stores it only when confirmed', async () => {
    const { sources, answers, access, invalidation } = t.app.services;
    const broken = [{ id: 'q1', phrase: 'revenue by region', reason: 'Revenue is not what it was' }];
    const judged: string[] = [];
    const rechecked: string[] = [];
    const checks: ModelChecks = {
      impact: async (_actor, source) => {
        judged.push(source.model.measures.find((m) => m.name === 'revenue')?.label ?? '');
        return broken;
      },
      recheck: async (_actor, key) => {
        rechecked.push(key);
      },
    };
    const repo = new ModelsRepository(t.app.database.db);
    const clock = () => new Date(TEST_NOW);
    const overlays = new ModelOverlays(repo, invalidation);
    const service = new ModelsService({
      repo,
      overlays,
      sources,
      answers,
      access,
      bus: invalidation,
      log: t.app.log,
      clock,
      checks,
    });
    const actor: Actor = {
      userId: erin.id,
      email: erin.email,
      name: 'Erin',
      features: NEW_USER_FEATURES,
      timezone: 'Europe/London',
      language: 'en-GB',
      projectId: 'default',
    };
    await expect(service.save(actor, 'demo', { overlay: ONE })).rejects.toMatchObject({
      message: 'Saving this model breaks verified questions. Save again with confirm to keep the change.',
      broken,
    });
    // The checks were shown the NEW model; nothing was stored or re-checked.
    expect(judged).toEqual(['Takings']);
    expect(rechecked).toEqual([]);
    expect(await service.versions(actor, 'demo')).toEqual([]);
    expect(await service.preview(actor, 'demo', ZModelOverlay.parse(ONE))).toEqual({ broken, disabled: [] });

    const saved = await service.save(actor, 'demo', { overlay: ONE, confirm: true });
    expect(saved.version).toBe(1);
    expect(rechecked).toEqual(['demo']);
  });
});
