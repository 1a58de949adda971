import { MODEL_FEATURES, NON_ADMIN_FEATURES, type TSemanticQuery } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser, fileUpload } from '../peers/factories';

/**
 * Verified questions, a chosen query on the ask body and a word taught
 * by hand, on the demo source and an uploaded file, through the HTTP API.
 */

interface Card {
  title: string;
  columns: { key: string }[];
  query: { semantic: TSemanticQuery };
  source?: { id: string; name: string };
  verified?: { id: string; author: string; created_at: string };
}
interface Answer {
  text?: string;
  card?: Card;
  prompt?: unknown;
}
interface Verified {
  id: string;
  phrases: string[];
  query: TSemanticQuery;
  author: string;
  created_at: string;
  status: string;
  checked_at: string | null;
}

const LAST_MONTH = { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } } as const;
/** "sales last month" pinned to a breakdown the engine would not read from those words. */
const REVENUE_BY_CHANNEL: TSemanticQuery = {
  measures: ['revenue'],
  dimensions: ['channel'],
  timeDimension: LAST_MONTH,
  filters: [],
};
const CSV = 'region,amount,sold_on\nNorth,10.50,2026-10-01\nSouth,20.25,2026-10-02\nNorth,5,2026-11-01\n';

describe.each(TEST_DATABASES)('verified questions on %s', (kind) => {
  let t: TestApp;
  let alice: Client;
  let aliceId: () => { userId: string; projectId: string };
  const userIds = new Map<string, string>();
  let bob: Client;
  let carol: Client; // without ADMIN_MODELS
  let dave: Client; // without ADMIN_MODELS_DELETE
  let created = Date.now();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const user = async (name: string, features = [...NON_ADMIN_FEATURES, ...MODEL_FEATURES]) => {
      const u = await createUser(t.app, { name, features });
      userIds.set(name, u.id);
      return signIn(t.app, u.email, u.password);
    };
    alice = await user('Alice');
    aliceId = () => ({ userId: userIds.get('Alice')!, projectId: 'default' });
    bob = await user('Bob');
    carol = await user('Carol', [...NON_ADMIN_FEATURES]);
    dave = await user('Dave', [...NON_ADMIN_FEATURES, 'ADMIN_MODELS']);
  }, 120_000);
  afterAll(() => t.close());

  const call = (c: Client, method: string, url: string, payload?: unknown) =>
    c.inject({ method, url, payload });
  const ask = async (c: Client, phrase: string, extra: Record<string, unknown> = {}): Promise<Answer> => {
    const res = await call(c, 'POST', '/features/conversations/query', {
      phrase,
      created: ++created,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().responses[0];
  };
  const list = async (c: Client, source = 'demo'): Promise<Verified[]> => {
    const res = await call(c, 'GET', `/api/v1/datasource/${source}/verified`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const verify = (c: Client, body: unknown, source = 'demo') =>
    call(c, 'POST', `/api/v1/datasource/${source}/verified`, body);
  const historySize = async (c: Client) =>
    (await call(c, 'GET', '/features/conversations?scope=all&limit=50')).json().items.length as number;

  // The test clock is pinned, so questions are told apart by id, not by their time.
  const ids = (rows: Verified[]) => rows.map((v) => v.id).sort();
  let regional: Verified;
  let sales: Verified;

  it('pins the engine reading of the first phrase when no query is given, and lists it', async () => {
    const res = await verify(alice, {
      phrases: ['Revenue by region last month', 'regional revenue last month'],
    });
    expect(res.statusCode, res.body).toBe(200);
    regional = res.json();
    expect(regional).toMatchObject({
      phrases: ['Revenue by region last month', 'regional revenue last month'],
      query: { measures: ['revenue'], dimensions: ['region'], timeDimension: LAST_MONTH },
      author: 'Alice',
      status: 'ok',
    });
    expect(regional.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(regional.created_at))).toBe(false);
    expect(await list(alice)).toEqual([regional]);
  });

  it('answers a paraphrase the engine reads as the pinned query from it, and says so', async () => {
    const answer = await ask(alice, 'show me revenue for each region last month');
    expect(answer.card?.verified).toEqual({
      id: regional.id,
      author: 'Alice',
      created_at: regional.created_at,
    });
    expect(answer.card?.query.semantic).toMatchObject({ measures: ['revenue'], dimensions: ['region'] });
    expect(answer.card?.source).toEqual({ id: 'demo', name: 'Demo data' });
    // Bob's demo has no verified questions: the same words, no badge.
    const bobs = await ask(bob, 'show me revenue for each region last month');
    expect(bobs.card?.verified).toBeUndefined();
    expect(bobs.card?.source).toEqual({ id: 'demo', name: 'Demo data' });
  });

  it('pins a given query: its exact phrase and phrases read like it answer from the pin', async () => {
    const before = await ask(alice, 'total sales last month');
    expect(before.card?.query.semantic.dimensions).toEqual([]);
    expect(before.card?.verified).toBeUndefined();

    const res = await verify(alice, { phrases: ['sales last month'], query: REVENUE_BY_CHANNEL });
    expect(res.statusCode, res.body).toBe(200);
    sales = res.json();
    expect(sales.query).toEqual(REVENUE_BY_CHANNEL);

    // The exact phrase (case, spaces and a question mark aside): the pinned query, not the reading.
    const exact = await ask(alice, '  Sales  last month? ');
    expect(exact.card?.query.semantic).toMatchObject({ measures: ['revenue'], dimensions: ['channel'] });
    expect(exact.card?.columns.map((c) => c.key)).toContain('Channel');
    expect(exact.card?.verified?.id).toBe(sales.id);
    // Another wording the engine reads as the verified phrase's reading.
    const paraphrase = await ask(alice, 'total sales last month');
    expect(paraphrase.card?.query.semantic.dimensions).toEqual(['channel']);
    expect(paraphrase.card?.verified?.id).toBe(sales.id);
    expect(ids(await list(alice))).toEqual([regional.id, sales.id].sort());
  });

  it('reads the verified questions once per change, not per answer', async () => {
    const { repo } = (
      t.app.services.verified as unknown as { deps: { repo: { list: (...a: unknown[]) => unknown } } }
    ).deps;
    const reads = vi.spyOn(repo, 'list');
    try {
      for (let i = 0; i < 3; i++)
        expect((await ask(alice, 'sales last month')).card?.verified?.id).toBe(sales.id);
      expect((await ask(alice, 'orders by region')).card?.verified).toBeUndefined();
      expect(reads).toHaveBeenCalledTimes(0);
      // A change is read again at once.
      await t.app.services.verified.changed(aliceId(), 'demo');
      await ask(alice, 'sales last month');
      await ask(alice, 'sales last month');
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('refuses a query that does not compile and a phrase Parley would ask back on, storing nothing', async () => {
    const bad = await verify(alice, {
      phrases: ['nope'],
      query: { ...REVENUE_BY_CHANNEL, measures: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/query/);
    expect(bad.json().message).toMatch(/nope/);
    const back = await verify(alice, { phrases: ['how are we doing'] });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(
      'Parley would ask back on this phrase: pick a reading on its card first.',
    );
    expect(await list(alice)).toHaveLength(2);
  });

  it('answers a query chosen on the chips as it is, keeping the typed words', async () => {
    const chosen: TSemanticQuery = { measures: ['orders'], dimensions: ['region'], filters: [] };
    const answer = await ask(alice, 'orders by channel', { query: chosen });
    expect(answer.card?.query.semantic).toEqual(chosen);
    expect(answer.card?.columns.map((c) => c.key)).toEqual(expect.arrayContaining(['Region', 'Orders']));
    const history = (await call(alice, 'GET', '/features/conversations?scope=all&limit=1')).json();
    expect(history.items[0].query.phrase).toBe('orders by channel');

    const size = await historySize(alice);
    const res = await call(alice, 'POST', '/features/conversations/query', {
      phrase: 'orders by channel',
      created: ++created,
      query: { ...chosen, dimensions: ['planet'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid field query: .*planet/);
    expect(await historySize(alice)).toBe(size);
  });

  it('teaches a word by hand: the next question with it reads it', async () => {
    expect((await ask(alice, 'haul by region')).card).toBeUndefined();
    const res = await call(alice, 'POST', '/features/synonyms', {
      datasource_id: 'demo',
      word: 'Haul',
      target: { type: 'measure', name: 'orders' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const taught = await ask(alice, 'haul by region');
    expect(taught.card?.query.semantic).toMatchObject({ measures: ['orders'], dimensions: ['region'] });
    const words = (await call(alice, 'GET', '/features/synonyms?datasource_id=demo')).json();
    expect(words).toEqual([expect.objectContaining({ word: 'haul', meaning: 'Orders' })]);
  });

  it('refuses a word whose target the model does not have', async () => {
    for (const target of [
      { type: 'measure', name: 'nope' },
      { type: 'dimension', name: 'planet' },
      { type: 'value', dimension: 'region', value: 'Atlantis' },
    ]) {
      const res = await call(alice, 'POST', '/features/synonyms', {
        datasource_id: 'demo',
        word: 'zork',
        target,
      });
      expect(res.statusCode, JSON.stringify(target)).toBe(400);
      expect(res.json().message).toMatch(/target/);
    }
    const value = await call(alice, 'POST', '/features/synonyms', {
      datasource_id: 'demo',
      word: 'emea',
      target: { type: 'value', dimension: 'region', value: 'EMEA' },
    });
    expect(value.statusCode, value.body).toBe(200);
    const words = (await call(alice, 'GET', '/features/synonyms?datasource_id=demo')).json();
    expect(words.map((w: { word: string }) => w.word).sort()).toEqual(['emea', 'haul']);
  });

  it('keeps another user out of the source (404) and the refused calls change nothing', async () => {
    const upload = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource/upload',
      ...fileUpload('Shop.csv', CSV),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const file = upload.json().datasource_id as string;
    const own = await verify(alice, { phrases: ['amount by region'] }, file);
    expect(own.statusCode, own.body).toBe(200);
    const fileCard = await ask(alice, 'amount by region', { datasource_id: file });
    expect(fileCard.card?.source).toEqual({ id: file, name: 'Shop' });
    expect(fileCard.card?.verified?.id).toBe(own.json().id);

    for (const [method, url, body] of [
      ['GET', `/api/v1/datasource/${file}/verified`, undefined],
      ['POST', `/api/v1/datasource/${file}/verified`, { phrases: ['amount by region'] }],
      ['DELETE', `/api/v1/datasource/${file}/verified/${own.json().id}`, undefined],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const bobSynonym = await call(bob, 'POST', '/features/synonyms', {
      datasource_id: file,
      word: 'cash',
      target: { type: 'measure', name: own.json().query.measures[0] },
    });
    expect(bobSynonym.statusCode).toBe(404);
    // Alice's demo question is hers: Bob's demo has none, and he cannot delete hers.
    expect(await list(bob)).toEqual([]);
    expect((await call(bob, 'DELETE', `/api/v1/datasource/demo/verified/${regional.id}`)).statusCode).toBe(
      404,
    );
    expect((await list(alice, file)).map((v) => v.id)).toEqual([own.json().id]);
    expect(ids(await list(alice))).toEqual([regional.id, sales.id].sort());
  });

  it('needs ADMIN_MODELS to pin and ADMIN_MODELS_DELETE to remove (403, nothing changed)', async () => {
    const refused = await verify(carol, { phrases: ['revenue by region last month'] });
    expect(refused.statusCode).toBe(403);
    expect(await list(carol)).toEqual([]);

    const pinned = await verify(dave, { phrases: ['orders by channel'] });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const del = await call(dave, 'DELETE', `/api/v1/datasource/demo/verified/${pinned.json().id}`);
    expect(del.statusCode).toBe(403);
    expect((await list(dave)).map((v) => v.id)).toEqual([pinned.json().id]);
    expect((await ask(dave, 'orders by channel')).card?.verified?.id).toBe(pinned.json().id);
  });

  it('a removed verified question no longer answers first', async () => {
    const res = await call(alice, 'DELETE', `/api/v1/datasource/demo/verified/${sales.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(alice)).map((v) => v.id)).toEqual([regional.id]);
    const answer = await ask(alice, 'sales last month');
    expect(answer.card?.verified).toBeUndefined();
    expect(answer.card?.query.semantic.dimensions).toEqual([]);
    expect((await call(alice, 'DELETE', `/api/v1/datasource/demo/verified/${sales.id}`)).statusCode).toBe(
      404,
    );
  });
});
