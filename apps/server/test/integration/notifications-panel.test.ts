import { MODEL_FEATURES, NON_ADMIN_FEATURES } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users, verifiedQuestions } from '../../src/db/schema';
import type { Actor } from '../../src/lib/access';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser, type TestUser } from '../peers/factories';

/**
 * The notifications panel (DESIGN §12): 20 a page newest first with a created_at cursor, read
 * marks on the actor's own only; a broken verified question told in its owner's language.
 */

const FEATURES = [...NON_ADMIN_FEATURES, ...MODEL_FEATURES];

describe.each(TEST_DATABASES)('notifications on %s', (kind) => {
  let t: TestApp;
  let aliceUser: TestUser;
  let alice: Client;
  let bob: Client;
  let bobUser: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, undefined, { worker: false });
    aliceUser = await createUser(t.app, { name: 'Alice', features: FEATURES });
    bobUser = await createUser(t.app, { name: 'Bob', features: FEATURES });
    alice = await signIn(t.app, aliceUser.email, aliceUser.password);
    bob = await signIn(t.app, bobUser.email, bobUser.password);
    // 25 notices for Alice a minute apart, one for Bob.
    const base = Date.parse('2026-11-01T00:00:00Z');
    await t.app.database.db.insert(notifications).values([
      ...Array.from({ length: 25 }, (_, i) => ({
        userId: aliceUser.id,
        kind: 'test',
        title: `Notice ${i}`,
        text: `Text ${i}`,
        link: null,
        createdAt: new Date(base + i * 60_000),
      })),
      {
        userId: bobUser.id,
        kind: 'test',
        title: 'Bob’s',
        text: 'Only Bob’s',
        link: '/x',
        createdAt: new Date(base),
      },
    ]);
  }, 120_000);
  afterAll(() => t.close());

  const page = async (c: Client, before?: string) => {
    const url = `/features/notifications${before ? `?before=${encodeURIComponent(before)}` : ''}`;
    const res = await c.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      unread: number;
      items: { id: string; title: string; created_at: string; read: boolean }[];
    };
  };
  const read = (c: Client, body: unknown) =>
    c.inject({ method: 'POST', url: '/features/notifications/read', payload: body });

  it('pages 20 at a time, newest first, by the created_at cursor', async () => {
    const first = await page(alice);
    expect(first.unread).toBe(25);
    expect(first.items.map((i) => i.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Notice ${24 - i}`));
    const second = await page(alice, first.items.at(-1)!.created_at);
    expect(second.items.map((i) => i.title)).toEqual([
      'Notice 4',
      'Notice 3',
      'Notice 2',
      'Notice 1',
      'Notice 0',
    ]);
    expect((await page(bob)).items.map((i) => i.title)).toEqual(['Bob’s']);
  });

  it('marks only the actor’s own notices read', async () => {
    const [newest, next] = (await page(alice)).items;
    const bobs = (await page(bob)).items[0]!;
    // Bob naming Alice's notices changes nothing; unknown and malformed ids neither.
    expect((await read(bob, { ids: [newest!.id, 'not-an-id'] })).json()).toEqual({ unread: 1 });
    expect((await page(alice)).unread).toBe(25);

    const res = await read(alice, { ids: [newest!.id, next!.id, bobs.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 23 });
    expect((await page(alice)).items.slice(0, 3).map((i) => i.read)).toEqual([true, true, false]);
    expect((await page(bob)).items[0]!.read).toBe(false);

    expect((await read(alice, { all: true })).json()).toEqual({ unread: 0 });
    expect((await page(bob)).unread).toBe(1);
  });

  it('refuses a malformed cursor and body', async () => {
    expect(
      (await alice.inject({ method: 'GET', url: '/features/notifications?before=soon' })).statusCode,
    ).toBe(400);
    expect((await read(alice, { ids: [] })).statusCode).toBe(400);
    expect((await read(alice, { all: false })).statusCode).toBe(400);
  });

  it('tells a Turkish owner in Turkish when a verified question’s columns changed', async () => {
    await t.app.database.db.update(users).set({ language: 'tr' }).where(eq(users.id, bobUser.id));
    const actor: Actor = {
      userId: bobUser.id,
      email: bobUser.email,
      name: 'Bob',
      features: FEATURES,
      timezone: 'Europe/Istanbul',
      language: 'tr',
      projectId: 'default',
    };
    const res = await bob.inject({
      method: 'POST',
      url: '/api/v1/datasource/demo/verified',
      payload: { phrases: ['revenue by region'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    // As if it had been pinned when the card named its measure column otherwise.
    const [pinned] = await t.app.database.db
      .select()
      .from(verifiedQuestions)
      .where(eq(verifiedQuestions.id, id));
    expect(pinned!.shape).toContain('Revenue');
    await t.app.database.db
      .update(verifiedQuestions)
      .set({ shape: pinned!.shape.map((k) => (k === 'Revenue' ? 'Sales' : k)) })
      .where(eq(verifiedQuestions.id, id));
    await t.app.services.goldenChecks.recheck(actor, 'demo');
    const [notice] = (await page(bob)).items;
    expect(notice).toMatchObject({
      title: 'Doğrulanmış bir soru bozuldu: “revenue by region”',
      text: expect.stringContaining('sütunları değişti: + Revenue − Sales'),
    });
    const [stored] = await t.app.database.db
      .select()
      .from(verifiedQuestions)
      .where(eq(verifiedQuestions.id, id));
    expect(stored).toMatchObject({ status: 'broken', reason: 'sütunları değişti: + Revenue − Sales' });
  });
});
