import { DuckDBInstance } from '@duckdb/node-api';
import { DuckDbConnector, ensureDemoDataset } from '@parley/connectors';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCards, conversationItems, feedback, users } from '../../src/db/schema';
import {
  buildTestApp,
  type Client,
  DEMO,
  signIn,
  TEST_DATABASES,
  TEST_DEMO_DATASET,
  type TestApp,
} from '../helpers';
import { createUser } from '../peers/factories';

/** Runs SQL straight on the demo file: the independent truth the cards are checked against. */
async function truth(sql: string): Promise<Record<string, unknown>[]> {
  await ensureDemoDataset(TEST_DEMO_DATASET);
  const instance = await DuckDBInstance.create(TEST_DEMO_DATASET.path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(sql);
    return reader.getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe.each(TEST_DATABASES)('conversations on %s', (kind) => {
  let t: TestApp;
  let demo: Client;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(() => t.close());

  const ask = (phrase: string, created = Date.now()) =>
    demo.inject({ method: 'POST', url: '/features/conversations/query', payload: { phrase, created } });

  it('answers "revenue by region last month" with the right numbers', async () => {
    const res = await ask('revenue by region last month');
    expect(res.statusCode).toBe(200);
    const [response] = res.json().responses;
    const card = response.card;
    expect(card).toBeDefined();
    expect(response.question_id).toMatch(/^[0-9a-f-]{36}$/);
    const expected = await truth(`
      SELECT o.region AS region, SUM(oi.quantity * oi.unit_price - oi.discount)::DOUBLE AS revenue
      FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
      WHERE o.status = 'completed' AND o.order_date BETWEEN DATE '2026-10-01' AND DATE '2026-10-31'
      GROUP BY 1`);
    expect(card.table).toHaveLength(expected.length);
    for (const row of expected) {
      const got = card.table.find((r: Record<string, unknown>) => r.Region === row.region);
      expect(got, `row for ${row.region}`).toBeDefined();
      expect(got.Revenue).toBeCloseTo(Number(row.revenue), 2);
    }
    expect(card.columns.map((c: { key: string }) => c.key)).toEqual(
      expect.arrayContaining(['Region', 'Revenue']),
    );
    expect(card.chart.length).toBeGreaterThan(0);
    expect(card.query.sql).toMatch(/^(SELECT|WITH)/i);
    expect(card.query.sql).not.toContain('2026-10-01'); // dates are bound, not inlined
  });

  it('adds Previous_ and __change columns for a comparison', async () => {
    const res = await ask('revenue by region last month vs last year');
    const card = res.json().responses[0].card;
    expect(card).toBeDefined();
    const row = card.table[0];
    expect(row).toHaveProperty('Previous_Revenue');
    expect(row).toHaveProperty('Revenue__change');
    const [prev] = await truth(`
      SELECT SUM(oi.quantity * oi.unit_price - oi.discount)::DOUBLE AS revenue
      FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
      WHERE o.status = 'completed' AND o.order_date BETWEEN DATE '2025-10-01' AND DATE '2025-10-31'
        AND o.region = '${row.Region}'`);
    expect(row.Previous_Revenue).toBeCloseTo(Number(prev!.revenue), 2);
    const change = ((row.Revenue - row.Previous_Revenue) / row.Previous_Revenue) * 100;
    expect(row.Revenue__change).toBeCloseTo(change, 1);
  });

  it('refines the previous question with a follow-up', async () => {
    await ask('revenue by region last month');
    const res = await ask('only EMEA');
    const card = res.json().responses[0].card;
    expect(card).toBeDefined();
    expect(
      card.table.every((r: Record<string, unknown>) => r.Region === undefined || r.Region === 'EMEA'),
    ).toBe(true);
  });

  it('asks back instead of guessing when it does not understand', async () => {
    const res = await ask('how is the weather on mars');
    expect(res.statusCode).toBe(200);
    const [response] = res.json().responses;
    expect(response.card).toBeUndefined();
    expect(response.text).toEqual(expect.any(String));
    expect(response.prompt.items.length).toBeGreaterThan(0);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['over-long', 'x'.repeat(501)],
  ])('refuses an %s phrase with 400 and a clear message', async (_n, phrase) => {
    const res = await ask(phrase);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/question|phrase/i);
  });

  it('keeps today’s history newest first, with paging', async () => {
    const base = Date.now();
    for (let i = 0; i < 3; i++) await ask(`orders by channel #${i}`.replace(/ #\d/, ''), base + i);
    const first = await demo.inject({ method: 'GET', url: '/features/conversations?limit=2' });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.has_more).toBe(true);
    expect(page1.items[0].query.created).toBeGreaterThan(page1.items[1].query.created);
    const next = await demo.inject({
      method: 'GET',
      url: `/features/conversations?limit=2&before=${page1.items[1].query.created}`,
    });
    expect(next.json().items[0].query.created).toBeLessThan(page1.items[1].query.created);
    const bad = await demo.inject({ method: 'GET', url: '/features/conversations?limit=abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('counts favourites and lists working suggestions', async () => {
    const fav = (await demo.inject({ method: 'GET', url: '/features/favourites' })).json();
    expect(fav.length).toBeLessThanOrEqual(4);
    expect(fav[0].phrase.toLowerCase()).toBe('orders by channel');
    expect(fav[0].count).toBeGreaterThanOrEqual(3);
    const sugg = (await demo.inject({ method: 'GET', url: '/features/suggestions' })).json();
    expect(sugg.suggestions.length).toBeGreaterThan(3);
    for (const phrase of sugg.suggestions.slice(0, 4)) {
      const res = await ask(phrase);
      expect(res.json().responses[0].card, phrase).toBeDefined();
    }
  });

  it('stores feedback and refuses a bad sentiment', async () => {
    const ok = await demo.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      payload: {
        sentiment: 'negative',
        message: 'wrong total',
        fields: 'not_true,not_helpful',
        phrase: 'revenue',
      },
    });
    expect(ok.statusCode).toBe(200);
    const userId = (await demo.inject({ method: 'GET', url: '/auth/tenant' })).json().id;
    const stored = await t.app.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.userId, userId))
      .orderBy(desc(feedback.createdAt));
    expect(stored[0]).toMatchObject({
      sentiment: 'negative',
      flags: ['not_true', 'not_helpful'],
      message: 'wrong total',
    });
    const bad = await demo.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      payload: { sentiment: 'angry' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports a card as CSV with the renamed headers, and 404s for another user’s id', async () => {
    const res = await ask('revenue by region last month vs last year');
    const id = res.json().responses[0].question_id;
    const csv = await demo.inject({ method: 'GET', url: `/features/csv?id=${id}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const header = csv.body.split('\r\n')[0];
    expect(header).toContain('Previous Revenue');
    expect(header).toContain('Revenue Change %');
    expect(header).not.toContain('Previous_');
    const missing = await demo.inject({
      method: 'GET',
      url: '/features/csv?id=00000000-0000-0000-0000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Question not found!');
  });

  it('names the CSV after the card and its period, with the period columns, in the reader’s language', async () => {
    const res = await ask('revenue by region last month vs last year');
    const { question_id: id, card } = res.json().responses[0];
    const fileName = (disposition: unknown) =>
      decodeURIComponent(String(disposition).match(/filename\*=UTF-8''([^;]+)/)?.[1] ?? '');
    const csv = await demo.inject({ method: 'GET', url: `/features/csv?id=${id}` });
    expect(csv.statusCode).toBe(200);
    expect(fileName(csv.headers['content-disposition'])).toBe(`${card.title} — Oct 1 – 31, 2026.csv`);
    // The plain name old clients read is ASCII, never a header Node refuses to send.
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[\w .-]+\.csv";/);
    const [header, first] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(/,Period,Comparison period$/);
    expect(first).toMatch(/,2026-10-01\/2026-10-31,2025-10-01\/2025-10-31$/);

    const [user] = await t.app.database.db.select().from(users).where(eq(users.email, DEMO.email));
    const speak = async (language: string) => {
      await t.app.database.db.update(users).set({ language }).where(eq(users.id, user!.id));
      // The session keeps the user it read; a profile change makes it read them again.
      t.app.services.sessions.forgetUser(user!.id);
    };
    await speak('tr');
    try {
      const tr = await demo.inject({ method: 'GET', url: `/features/csv?id=${id}` });
      expect(fileName(tr.headers['content-disposition'])).toBe(`${card.title} — 1–31 Eki 2026.csv`);
      expect(tr.body.split('\r\n')[0]).toMatch(/,Dönem,Karşılaştırma dönemi$/);
    } finally {
      await speak(user!.language);
    }
  });

  it('answers a repeated question from the result cache of the read-only demo source', async () => {
    const original = DuckDbConnector.prototype.query;
    let runs = 0;
    DuckDbConnector.prototype.query = function (...args) {
      runs += 1;
      return original.apply(this, args);
    };
    try {
      const first = (await ask('units sold by category in 2025')).json().responses[0].card;
      const second = (await ask('Units sold by category in 2025')).json().responses[0].card;
      expect(runs).toBe(1);
      expect(second.table).toEqual(first.table);
    } finally {
      DuckDbConnector.prototype.query = original;
    }
  });

  it('stores a repeated answer’s card once per owner, and gives every item its own card back', async () => {
    const { db } = t.app.database;
    const phrase = 'orders by channel in 2025';
    const user = await createUser(t.app);
    const other = await signIn(t.app, user.email, user.password);
    const asked: { client: Client; id: string; card: { title: string; table: unknown[] } }[] = [];
    for (const client of [demo, demo, demo, other, other]) {
      const res = await client.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase, created: Date.now() },
      });
      const [response] = res.json().responses;
      asked.push({ client, id: response.question_id, card: response.card });
    }
    await t.app.services.conversations.historySettled();
    const items = await db
      .select()
      .from(conversationItems)
      .where(
        inArray(
          conversationItems.id,
          asked.map((a) => a.id),
        ),
      );
    expect(items).toHaveLength(5);
    const cardsOf = (mine: boolean) =>
      new Set(items.filter((i) => (i.userId === user.id) === mine).map((i) => i.cardId));
    // Three questions of the demo user, one card row; two of the other user, their own one.
    expect(cardsOf(false).size).toBe(1);
    expect(cardsOf(true).size).toBe(1);
    const [demoCard] = [...cardsOf(false)];
    const [userCard] = [...cardsOf(true)];
    expect(demoCard).toBeTruthy();
    expect(demoCard).not.toBe(userCard);
    const stored = await db
      .select()
      .from(answerCards)
      .where(inArray(answerCards.id, [demoCard!, userCard!]));
    expect(stored.find((c) => c.id === userCard)?.userId).toBe(user.id);
    // The item rows hold no copy of the card.
    for (const item of items) expect(JSON.stringify(item.responses)).not.toContain('"table"');

    // History, CSV: each item with the card it was answered with and its own question id.
    for (const client of [demo, other]) {
      const history = (
        await client.inject({ method: 'GET', url: '/features/conversations?limit=20' })
      ).json();
      for (const a of asked.filter((x) => x.client === client)) {
        const item = history.items.find((i: { id: string }) => i.id === a.id);
        expect(item.responses[0].question_id).toBe(a.id);
        expect(item.responses[0].card).toEqual(a.card);
        const csv = await client.inject({ method: 'GET', url: `/features/csv?id=${a.id}` });
        expect(csv.statusCode).toBe(200);
        expect(csv.body.split('\r\n').length).toBe(a.card.table.length + 2);
      }
    }

    // The other user goes: their items and card go with them; the demo user's keep theirs.
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(answerCards).where(eq(answerCards.id, userCard!))).toEqual([]);
    const kept = (await demo.inject({ method: 'GET', url: `/features/csv?id=${asked[2]!.id}` })).statusCode;
    expect(kept).toBe(200);
  });

  it('reads items stored before cards were kept apart, and stores any text exactly', async () => {
    const { db } = t.app.database;
    const [me] = await db.select().from(users).where(eq(users.email, DEMO.email));
    const card = (await ask('revenue by region last month')).json().responses[0].card;
    const id = '7e0b7c1e-0000-4000-8000-000000000001';
    // An item as 0002–0009 stored it: the whole card in `responses`, no card_id.
    await db.insert(conversationItems).values({
      id,
      userId: me!.id,
      projectId: 'default',
      created: Date.now(),
      phrase: 'old item',
      responses: [{ phrase: 'old item', card, question_id: id }],
      semantic: null,
      createdAt: new Date(),
    });
    const csv = await demo.inject({ method: 'GET', url: `/features/csv?id=${id}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('EMEA');

    // Quotes, backslashes, braces, commas and non-Latin letters survive the batched insert.
    const phrase = `revenue "by" \\ {region}, 'çğü'   last month`;
    const res = await ask(phrase);
    expect(res.statusCode).toBe(200);
    const history = (await demo.inject({ method: 'GET', url: '/features/conversations?limit=5' })).json();
    const item =
      history.items.find((i: { id: string }) => i.id === res.json().responses[0].question_id) ??
      history.items.find((i: { query: { phrase: string } }) => i.query.phrase === phrase);
    expect(item?.query.phrase).toBe(phrase);
  });

  it('needs the CONVERSATIONS feature and a session', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase: 'revenue', created: 1 },
    });
    expect(anon.statusCode).toBe(401);

    // Every call of the screen, feedback included, is refused without the feature; nothing is written.
    const user = await createUser(t.app, { features: ['SETTINGS', 'SETTINGS_PROFILE'] });
    const other = await signIn(t.app, user.email, user.password);
    const before = await t.app.database.db.select().from(feedback);
    const calls = [
      { method: 'POST', url: '/features/conversations/query', payload: { phrase: 'revenue', created: 1 } },
      { method: 'GET', url: '/features/conversations' },
      { method: 'GET', url: '/features/favourites' },
      { method: 'GET', url: '/features/suggestions' },
      { method: 'POST', url: '/api/v1/feedback', payload: { sentiment: 'positive', phrase: 'revenue' } },
      { method: 'GET', url: '/features/csv?id=00000000-0000-0000-0000-000000000000' },
    ];
    for (const call of calls) {
      const res = await other.inject(call);
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().message).toBe('This feature is not enabled for your account.');
    }
    expect(await t.app.database.db.select().from(feedback)).toHaveLength(before.length);
    const history = await t.app.database.db.select().from(conversationItems);
    expect(history.filter((row) => row.userId === user.id)).toEqual([]);
  });
});

describe('per-user ceiling on questions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { ASK_RATE_LIMIT: '3' });
  }, 120_000);
  afterAll(() => t.close());

  it('answers 429 after the limit for that user only', async () => {
    const demo = await signIn(t.app, DEMO.email, DEMO.password);
    const ask = (c: Client, created: number) =>
      c.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase: 'revenue', created },
      });
    for (let i = 1; i <= 3; i++) expect((await ask(demo, i)).statusCode).toBe(200);
    const refused = await ask(demo, 4);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    // The refused question was not stored.
    const items = (await demo.inject({ method: 'GET', url: '/features/conversations?limit=10' })).json()
      .items;
    expect(items.map((i: { query: { created: number } }) => i.query.created).sort()).toEqual([1, 2, 3]);
    // Another user's questions are counted apart.
    const user = await createUser(t.app);
    const other = await signIn(t.app, user.email, user.password);
    expect((await ask(other, 5)).statusCode).toBe(200);
  });
});
