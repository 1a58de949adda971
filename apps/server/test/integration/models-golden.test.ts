import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';

// The save's impact preview through the app's own wiring: the models service asks the verified
// questions' golden checks, the save that breaks one is refused until confirmed, then flagged once.
describe.each(TEST_DATABASES)('a model save against verified questions on %s', (kind) => {
  let t: TestApp;
  let owner: Client;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const u = await createUser(t.app, { name: 'Olive' });
    owner = await signIn(t.app, u.email, u.password);
  }, 120_000);
  afterAll(() => t.close());

  const save = (overlay: unknown, extra: object = {}) =>
    owner.inject({ method: 'PUT', url: '/api/v1/datasource/demo/model', payload: { overlay, ...extra } });
  const verified = async () => {
    const res = await owner.inject({ method: 'GET', url: '/api/v1/datasource/demo/verified' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; status: string; reason?: string }[];
  };
  const versions = async () =>
    (
      await owner.inject({ method: 'GET', url: '/api/v1/datasource/demo/model/versions' })
    ).json() as unknown[];

  it('refuses a breaking save with the broken list, stores it when confirmed, and flags the question once', async () => {
    const pinned = await owner.inject({
      method: 'POST',
      url: '/api/v1/datasource/demo/verified',
      payload: { phrases: ['revenue by region last month'] },
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const vid = pinned.json().id as string;

    // A harmless save (a synonym) breaks nothing and is stored at once.
    const harmless = await save({ fields: { revenue: { synonyms: ['takings'] } } });
    expect(harmless.statusCode, harmless.body).toBe(200);
    expect((await verified())[0]).toMatchObject({ id: vid, status: 'ok' });

    // Renaming the measure changes the pinned card's columns: the save shows what it breaks first.
    const rename = { fields: { revenue: { label: 'Takings', synonyms: ['takings'] } } };
    const refused = await save(rename, { base_version: 1 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().broken).toEqual([
      expect.objectContaining({ id: vid, phrase: 'revenue by region last month' }),
    ]);
    expect(await versions()).toHaveLength(1);
    const preview = await owner.inject({
      method: 'POST',
      url: '/api/v1/datasource/demo/model/preview',
      payload: { overlay: rename },
    });
    expect(preview.json().broken.map((b: { id: string }) => b.id)).toEqual([vid]);

    const confirmed = await save(rename, { base_version: 1, confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().version).toBe(2);
    await expect.poll(async () => (await verified())[0]?.status).toBe('broken');
    expect((await verified())[0]?.reason).toMatch(/Takings|Revenue/);

    const notes = await owner.inject({ method: 'GET', url: '/features/notifications' });
    expect(notes.statusCode).toBe(200);
    const broken = notes.json().items.filter((n: { kind: string }) => n.kind === 'verified_broken');
    expect(broken).toHaveLength(1);
    expect(broken[0].link).toBe('/user/datasources/demo/model');
  });
});
