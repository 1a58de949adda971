import type { TGuideState } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp, uploadFile } from '../helpers';
import { createUser } from '../peers/factories';

/** Sales of two regions over the months before TEST_NOW (2026-11-20). */
const CSV = [
  'region,revenue,sold_on',
  ...['North', 'South'].flatMap((region, r) =>
    Array.from(
      { length: 10 },
      (_, m) => `${region},${100 + m * 7 + r * 3},2026-${String(m + 1).padStart(2, '0')}-15`,
    ),
  ),
].join('\n');

describe.each(TEST_DATABASES)('the Getting started guide and the starter questions on %s', (kind) => {
  let t: TestApp;
  const upload = (c: Client, name: string) => uploadFile(c, name, CSV);
  const guide = async (c: Client): Promise<TGuideState> => {
    const res = await c.inject({ method: 'GET', url: '/features/guide' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const putGuide = (c: Client, payload: unknown) =>
    c.inject({ method: 'PUT', url: '/features/guide', payload });
  /** A new user, Turkish when asked, signed in on a new "device". */
  const newUser = async (language = 'en-GB') => {
    const user = await createUser(t.app);
    await t.app.database.db.update(users).set({ language }).where(eq(users.id, user.id));
    return { user, c: await signIn(t.app, user.email, user.password) };
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 120_000);
  afterAll(() => t?.close());

  it('ticks each step from real state and keeps the skip and the dismissal on another device', async () => {
    const { user, c } = await newUser();
    expect(await guide(c)).toEqual({
      data_source: { done: false, count: 0 },
      assistant: { done: false, skipped: false, linked: 0 },
      all_set: false,
      dismissed: false,
    });
    // Skipping the assistant alone is not "all set": there is no data of the user's own yet.
    expect((await putGuide(c, { assistant_skipped: true })).json()).toMatchObject({
      assistant: { done: false, skipped: true },
      all_set: false,
    });
    await upload(c, 'Shop Sales.csv');
    expect(await guide(c)).toMatchObject({ data_source: { done: true, count: 1 }, all_set: true });
    const dismissed = await putGuide(c, { dismissed: true });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().dismissed).toBe(true);
    // Another session of the same user sees it dismissed and skipped.
    const other = await signIn(t.app, user.email, user.password);
    expect(await guide(other)).toMatchObject({ dismissed: true, assistant: { skipped: true } });
    // Shown again and un-skipped on request; a body that changes nothing is refused and changes nothing.
    expect((await putGuide(other, { dismissed: false, assistant_skipped: false })).json()).toMatchObject({
      dismissed: false,
      all_set: false,
    });
    const empty = await putGuide(other, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: expect.stringContaining('assistant_skipped or dismissed') });
    expect(await guide(other)).toMatchObject({ dismissed: false, assistant: { skipped: false } });
  });

  it('refuses a wrong type with a 400 naming the field and leaves other users alone', async () => {
    const { c } = await newUser();
    const bad = await putGuide(c, { dismissed: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/dismissed/);
    expect((await guide(c)).dismissed).toBe(false);
    const { c: other } = await newUser();
    await putGuide(c, { dismissed: true });
    expect((await guide(other)).dismissed).toBe(false);
  });

  it('does not count an inactive source', async () => {
    const { c } = await newUser();
    const id = await upload(c, 'Old.csv');
    const off = await c.inject({
      method: 'POST',
      url: '/api/v1/datasource/deactivate',
      payload: { type: 'FILE', datasource_id: id },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await guide(c)).data_source).toEqual({ done: false, count: 0 });
  });

  it("offers starters about the user's own file, not the demo, that each answer", async () => {
    const { c } = await newUser();
    // Only the demo: its starters.
    const before = (await c.inject({ method: 'GET', url: '/features/suggestions' })).json();
    expect(before.datasource).toMatchObject({ id: 'demo' });
    // The upload is not chosen as the default, and still speaks for the user's business.
    const id = await upload(c, 'Shop Sales.csv');
    const res = await c.inject({ method: 'GET', url: '/features/suggestions' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.datasource).toEqual({ id, name: 'Shop Sales' });
    expect(body.suggestions.length).toBeGreaterThan(2);
    expect(body.suggestions.join(' | ')).toMatch(/Revenue/);
    expect(body.suggestions.join(' | ')).toMatch(/region/i);
    expect(body.suggestions.join(' | ')).not.toMatch(/Orders|channel/i);
    for (const phrase of body.suggestions.slice(0, 4)) {
      const answer = await c.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase, created: Date.now(), datasource_id: id },
      });
      expect(answer.json().responses[0].card, phrase).toBeDefined();
    }
    // Asked for the demo by name: the demo's.
    const demo = (await c.inject({ method: 'GET', url: '/features/suggestions?datasource_id=demo' })).json();
    expect(demo.datasource.id).toBe('demo');
    expect(demo.suggestions.join(' ')).toMatch(/Orders/);
  });

  it('speaks Turkish to a Turkish user, and answers each starter', async () => {
    const { c } = await newUser('tr');
    const id = await upload(c, 'Magaza.csv');
    const body = (await c.inject({ method: 'GET', url: '/features/suggestions' })).json();
    expect(body.datasource.id).toBe(id);
    const text = body.suggestions.join(' | ');
    // The file's measure and dimension, named in Turkish as Turkish cards name them.
    expect(text).toMatch(/gelir/i);
    expect(text).toMatch(/bölge/i);
    expect(text).toMatch(/geçen ay|bu yıl|göre/i);
    expect(text).not.toMatch(/last month|this year| by /i);
    for (const phrase of body.suggestions.slice(0, 4)) {
      const answer = await c.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase, created: Date.now(), datasource_id: id },
      });
      expect(answer.json().responses[0].card, phrase).toBeDefined();
    }
  });

  it("refuses another user's source for starters with a 404", async () => {
    const { c: alice } = await newUser();
    const { c: bob } = await newUser();
    const id = await upload(alice, 'Private.csv');
    const res = await bob.inject({ method: 'GET', url: `/features/suggestions?datasource_id=${id}` });
    expect(res.statusCode).toBe(404);
  });
});
