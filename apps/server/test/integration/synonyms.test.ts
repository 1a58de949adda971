import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/lib/access';
import { NEW_USER_FEATURES } from '../../src/modules/auth/auth.service';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../helpers';
import { createProject, createUser, login, type TestUser } from '../peers/factories';

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** A word the demo model does not know: the engine asks back, offering each measure in its place. */
const WORD = 'haul';

const actorFor = (user: TestUser, projectId = 'default'): Actor => ({
  userId: user.id,
  email: user.email,
  name: 'Test User',
  features: NEW_USER_FEATURES,
  timezone: 'Europe/London',
  language: 'en-GB',
  projectId,
});

interface Answer {
  text?: string;
  card?: { title: string; columns: { key: string }[]; query: { semantic: { measures: string[] } } };
  prompt?: { items: { title: string; phrase: string }[] };
}

describe.each(TEST_DATABASES)('learned synonyms on %s', (kind) => {
  let t: TestApp;
  let aliceUser: TestUser;
  let alice: Call; // default project
  let bob: Call; // default project too
  let carol: Call; // another project
  let dave: Call; // that other project too
  let created = Date.now();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await createProject(t.app, 'acme', 'Acme Corp');
    aliceUser = await createUser(t.app, { name: 'Alice' });
    const bobUser = await createUser(t.app, { name: 'Bob' });
    const carolUser = await createUser(t.app, { name: 'Carol', projects: ['acme'] });
    const daveUser = await createUser(t.app, { name: 'Dave', projects: ['acme'] });
    alice = (await login(t.app, aliceUser)).call;
    bob = (await login(t.app, bobUser)).call;
    carol = (await login(t.app, carolUser, { host: 'acme.localhost' })).call;
    dave = (await login(t.app, daveUser, { host: 'acme.localhost' })).call;
  }, 120_000);
  afterAll(() => t.close());

  const ask = async (call: Call, phrase: string, datasource_id?: string): Promise<Answer> => {
    const res = await call('POST', '/features/conversations/query', {
      phrase,
      created: ++created,
      ...(datasource_id ? { datasource_id } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().responses[0];
  };
  const words = async (call: Call, query = '') => {
    const res = await call('GET', `/features/synonyms${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      id: string;
      word: string;
      meaning: string;
      target: unknown;
      datasource_id: string;
    }[];
  };

  it('asks back about an unknown word, offering what it could mean', async () => {
    const answer = await ask(alice, `${WORD} by region`);
    expect(answer.card).toBeUndefined();
    expect(answer.text).toContain(`“${WORD}”`);
    expect(answer.prompt?.items.map((i) => i.phrase)).toContain('revenue by region');
    expect(await words(alice)).toEqual([]);
  });

  it('learns nothing from a question that is not a choice of the latest question back', async () => {
    expect((await ask(bob, `${WORD} by region`)).prompt).toBeDefined();
    await ask(bob, 'orders last month');
    // A choice of Bob's earlier question back, but not the next question after it.
    expect((await ask(bob, 'revenue by region')).card).toBeDefined();
    expect(await words(bob)).toEqual([]);
  });

  it('learns the word from the picked choice, for everyone in the project', async () => {
    const back = await ask(alice, `${WORD} by region`);
    const choice = back.prompt!.items.find((i) => i.phrase === 'revenue by region')!;
    const picked = await ask(alice, choice.phrase);
    expect(picked.card?.query.semantic.measures).toEqual(['revenue']);

    const list = await words(alice);
    expect(list).toEqual([
      expect.objectContaining({
        word: WORD,
        meaning: 'Revenue',
        target: { type: 'measure', name: 'revenue' },
        datasource_id: 'demo',
      }),
    ]);
    expect(list[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await words(alice, '?datasource_id=demo')).toHaveLength(1);
    expect(await words(alice, '?datasource_id=00000000-0000-0000-0000-000000000000')).toEqual([]);

    // The next question with the word is answered, with another breakdown and by another member.
    const next = await ask(alice, `${WORD} by country`);
    expect(next.prompt).toBeUndefined();
    expect(next.card?.query.semantic.measures).toEqual(['revenue']);
    expect(next.card?.columns.map((c) => c.key)).toEqual(expect.arrayContaining(['Country', 'Revenue']));
    expect((await ask(bob, `${WORD} last month`)).card?.query.semantic.measures).toEqual(['revenue']);
    expect(await words(bob)).toHaveLength(1);
  });

  it('builds the taught model once per source and words, not per question', async () => {
    const first = await t.app.services.sources.resolve(actorFor(aliceUser), 'demo');
    const again = await t.app.services.sources.resolve(actorFor(aliceUser), 'demo');
    expect(again.model).toBe(first.model);
    expect(first.model.measures.find((m) => m.name === 'revenue')?.synonyms).toContain(WORD);
  });

  it('keeps another project apart: it neither sees nor uses nor removes the word', async () => {
    expect(await words(carol)).toEqual([]);
    const answer = await ask(carol, `${WORD} by country`);
    expect(answer.card).toBeUndefined();
    expect(answer.prompt).toBeDefined();
    const [word] = await words(alice);
    const res = await carol('DELETE', `/features/synonym?id=${word!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await words(alice)).toHaveLength(1);
  });

  it('a later pick replaces the meaning', async () => {
    // Both members of the other project are asked back; Carol picks Orders, then Dave Customers.
    await ask(carol, `${WORD} by region`);
    await ask(dave, `${WORD} by region`);
    expect((await ask(carol, 'orders by region')).card).toBeDefined();
    expect(await words(carol)).toEqual([expect.objectContaining({ word: WORD, meaning: 'Orders' })]);
    expect((await ask(carol, `${WORD} by country`)).card?.query.semantic.measures).toEqual(['orders']);
    expect((await ask(dave, 'customers by region')).card).toBeDefined();
    expect(await words(carol)).toEqual([expect.objectContaining({ word: WORD, meaning: 'Customers' })]);
    expect((await ask(carol, `${WORD} by country`)).card?.query.semantic.measures).toEqual(['customers']);
    // Alice's project keeps its own meaning.
    expect((await ask(alice, `${WORD} by country`)).card?.query.semantic.measures).toEqual(['revenue']);
  });

  it('removes a word: the next question with it asks back again', async () => {
    const [word] = await words(alice);
    const res = await bob('DELETE', `/features/synonym?id=${word!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({});
    expect(await words(alice)).toEqual([]);
    const answer = await ask(alice, `${WORD} by country`);
    expect(answer.card).toBeUndefined();
    expect(answer.prompt?.items.length).toBeGreaterThan(0);
    // Gone means gone: a second delete is a 404.
    expect((await bob('DELETE', `/features/synonym?id=${word!.id}`)).statusCode).toBe(404);
  });

  it("forgets a deleted source's words", async () => {
    // A source of Alice's, as the resolver hands it over; only its id matters to the words.
    const demo = await t.app.services.sources.resolve(actorFor(aliceUser), 'demo');
    const gone = { ...demo, id: '11111111-1111-4111-8111-111111111111' };
    await t.app.services.synonyms.learn(actorFor(aliceUser), gone, {
      word: 'takings',
      target: { type: 'measure', name: 'revenue' },
    });
    expect(await words(alice, `?datasource_id=${gone.id}`)).toHaveLength(1);
    // The data-sources module's clean-up after its rows are gone (delete, account deletion).
    await t.app.services.datasources.discardSources([gone.id]);
    expect(await words(alice, `?datasource_id=${gone.id}`)).toEqual([]);
    expect((await words(alice)).some((w) => w.word === 'takings')).toBe(false);
  });

  it('answers bad input with 400 and unknown ids with 404', async () => {
    expect((await alice('DELETE', '/features/synonym')).statusCode).toBe(400);
    expect((await alice('DELETE', `/features/synonym?id=${'x'.repeat(500)}`)).statusCode).toBe(400);
    expect((await alice('GET', `/features/synonyms?datasource_id=${'x'.repeat(500)}`)).statusCode).toBe(400);
    const unknown = await alice('DELETE', '/features/synonym?id=not-an-id');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Learned word not found!');
    const signedOut = await t.app.inject({ method: 'GET', url: '/features/synonyms' });
    expect(signedOut.statusCode).toBe(401);
  });
});
