import { DuckDBInstance } from '@duckdb/node-api';
import { ensureDemoDataset, SqlConnector } from '@parley/connectors';
import {
  COLLECTION_MESSAGES,
  DEMO_DATASOURCE_ID,
  type TCollection,
  type TCollectionQueryResponse,
} from '@parley/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectionQuestions, collections, conversationItems } from '../../src/db/schema';
import {
  buildTestApp,
  type Client,
  DEMO,
  signIn,
  TEST_DATABASES,
  TEST_DEMO_DATASET,
  type TestApp,
} from '../helpers';
import { createUser, fileUpload } from '../peers/factories';

/** Revenue of completed orders between two dates, straight from the demo file. */
async function revenueBetween(from: string, to: string): Promise<number> {
  await ensureDemoDataset(TEST_DEMO_DATASET);
  const instance = await DuckDBInstance.create(TEST_DEMO_DATASET.path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(`
      SELECT SUM(oi.quantity * oi.unit_price - oi.discount)::DOUBLE AS revenue
      FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
      WHERE o.status = 'completed' AND o.order_date BETWEEN DATE '${from}' AND DATE '${to}'`);
    return Number((reader.getRowObjectsJson()[0] as { revenue: number }).revenue);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** A multipart/form-data body with one CSV file part. */

const CSV = 'region,amount,sold_on\nNorth,10.50,2026-10-01\nSouth,20.25,2026-10-02\nNorth,5,2026-11-01\n';

describe.each(TEST_DATABASES)('collections on %s', (kind) => {
  let t: TestApp;
  let demo: Client;
  let bob: Client;
  /** The app's clock: moved by the test of a card re-run on a later day. */
  let now = new Date('2026-11-30T12:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp(kind, { ASK_RATE_LIMIT: '0' }, () => now);
    demo = await signIn(t.app, DEMO.email, DEMO.password);
    const bobUser = await createUser(t.app, { name: 'Bob' });
    bob = await signIn(t.app, bobUser.email, bobUser.password);
  }, 120_000);
  afterAll(() => t.close());

  const create = (c: Client, payload: unknown) =>
    c.inject({ method: 'POST', url: '/features/collection', payload });
  const update = (c: Client, payload: unknown) =>
    c.inject({ method: 'PUT', url: '/features/collection', payload });
  const list = async (c: Client): Promise<TCollection[]> =>
    (await c.inject({ method: 'GET', url: '/features/collections' })).json();
  const query = (c: Client, payload: unknown) =>
    c.inject({ method: 'POST', url: '/features/collections/query', payload });
  const historyCount = async () =>
    Number((await t.app.database.db.select({ n: count() }).from(conversationItems))[0]!.n);
  const newCollection = async (payload: Record<string, unknown>): Promise<TCollection> => {
    const res = await create(demo, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('creates, lists, updates and deletes a collection', async () => {
    const created = await newCollection({
      name: '  Sales  ',
      notification_frequency: 'weekly',
      questions: [
        { phrase: 'revenue by region last month' },
        { phrase: 'orders by channel this year', interval: 10 },
      ],
    });
    expect(created).toMatchObject({
      name: 'Sales',
      notification_frequency: 'weekly',
      digest: false,
      schedule: 'Every Sunday at 9:00', // the demo user's en-US week starts on Sunday
    });
    const [q1, q2] = created.questions;
    expect(q1).toMatchObject({
      phrase: 'revenue by region last month',
      collection_id: created.id,
      data_adapter: null,
      interval: 0,
      selectedChartType: null,
      date_range: 'last month',
      queryTimestamp: now.toISOString(),
    });
    expect(q2).toMatchObject({ interval: 10, date_range: 'this year' });
    // New cards are 2×2, placed in the first free spots.
    expect(created.layout).toEqual([
      { i: q1!.id, x: 0, y: 0, w: 2, h: 2 },
      { i: q2!.id, x: 2, y: 0, w: 2, h: 2 },
    ]);
    expect((await list(demo)).map((c) => c.id)).toContain(created.id);

    // Keep the first (its view changed), leave out the second, add a third; move and resize the first.
    const res = await update(demo, {
      id: created.id,
      name: 'Sales KPIs',
      notification_frequency: null,
      digest: true,
      layout: [
        { i: q1!.id, x: 4, y: 1, w: 3, h: 3, c: 'pie' },
        { i: q2!.id, x: 0, y: 0, w: 2, h: 2 },
      ],
      questions: [
        { ...q1, selectedChartType: 'pie' },
        { phrase: 'sessions by device last 30 days', interval: 60 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: TCollection = res.json();
    expect(updated).toMatchObject({
      name: 'Sales KPIs',
      notification_frequency: null,
      digest: true,
      schedule: null,
    });
    expect(updated.questions.map((q) => q.phrase)).toEqual([
      'revenue by region last month',
      'sessions by device last 30 days',
    ]);
    expect(updated.questions[0]).toMatchObject({ id: q1!.id, selectedChartType: 'pie' });
    const added = updated.questions[1]!;
    expect(added.id).not.toBe(q2!.id);
    expect(added).toMatchObject({ interval: 60, date_range: 'last 30 days' });
    expect(updated.layout).toEqual([
      { i: q1!.id, x: 4, y: 1, w: 3, h: 3, c: 'pie' },
      { i: added.id, x: 0, y: 0, w: 2, h: 2 },
    ]);
    // The removed card's row is gone.
    const rows = await t.app.database.db.select({ id: collectionQuestions.id }).from(collectionQuestions);
    expect(rows.map((r) => r.id)).not.toContain(q2!.id);

    const del = await demo.inject({ method: 'DELETE', url: `/features/collection?id=${created.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({});
    expect((await list(demo)).map((c) => c.id)).not.toContain(created.id);
    const again = await demo.inject({ method: 'DELETE', url: `/features/collection?id=${created.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a blank name with the exact message', async () => {
    for (const name of ['', '   ']) {
      const res = await create(demo, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: COLLECTION_MESSAGES.nameRequired });
    }
    const missing = await create(demo, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(COLLECTION_MESSAGES.nameRequired);
    const c = await newCollection({ name: 'Named' });
    const blank = await update(demo, { id: c.id, name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: COLLECTION_MESSAGES.nameRequired });
  });

  it('refuses the same card twice, leaving the collection as it was', async () => {
    const dup = await create(demo, {
      name: 'Dup',
      questions: [{ phrase: 'revenue last month' }, { phrase: '  Revenue   LAST month ' }],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ message: COLLECTION_MESSAGES.duplicateCard });

    const c = await newCollection({ name: 'Once', questions: [{ phrase: 'revenue last month' }] });
    const res = await update(demo, {
      id: c.id,
      name: 'Renamed',
      questions: [...c.questions, { phrase: 'revenue last month' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: COLLECTION_MESSAGES.duplicateCard });
    // The same phrase on another source is another card.
    const other = await update(demo, {
      id: c.id,
      name: 'Once',
      questions: [...c.questions, { phrase: 'revenue last month', data_adapter: 'demo' }],
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().questions).toHaveLength(2);
    const after = (await list(demo)).find((x) => x.id === c.id)!;
    expect(after.name).toBe('Once');
  });

  it('refuses grid items outside w 2–5 and h 2–4, and intervals not offered', async () => {
    const c = await newCollection({ name: 'Grid', questions: [{ phrase: 'orders last week' }] });
    const id = c.questions[0]!.id;
    for (const item of [
      { w: 1, h: 2 },
      { w: 6, h: 2 },
      { w: 2, h: 1 },
      { w: 2, h: 5 },
    ]) {
      const res = await update(demo, { id: c.id, name: 'Grid', layout: [{ i: id, x: 0, y: 0, ...item }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/layout\.0\.[wh]: Card (width|height) must be between/);
    }
    const interval = await update(demo, {
      id: c.id,
      name: 'Grid',
      questions: [{ id, phrase: 'orders last week', interval: 7 }],
    });
    expect(interval.statusCode).toBe(400);
    expect(interval.json().message).toMatch(/interval/);
    const ok = await update(demo, { id: c.id, name: 'Grid', layout: [{ i: id, x: 5, y: 0, w: 5, h: 4 }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().layout).toEqual([{ i: id, x: 5, y: 0, w: 5, h: 4 }]);
    expect(ok.json().questions[0].id).toBe(id); // questions absent: unchanged
  });

  it('answers 404 for another user’s collection, and lists only the caller’s', async () => {
    const c = await newCollection({ name: 'Private', questions: [{ phrase: 'orders last month' }] });
    expect((await list(bob)).map((x) => x.id)).not.toContain(c.id);
    const attempts = [
      await update(bob, { id: c.id, name: 'Mine' }),
      await bob.inject({ method: 'DELETE', url: `/features/collection?id=${c.id}` }),
      await query(bob, { collection_id: c.id }),
      await query(bob, { collection_id: c.id, id: c.questions[0]!.id }),
      await bob.inject({ method: 'POST', url: '/features/collection/digest', payload: { id: c.id } }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: COLLECTION_MESSAGES.collectionNotFound });
    }
    expect((await list(demo)).find((x) => x.id === c.id)?.name).toBe('Private');
  });

  it('answers every card, one card, and 404 for an unknown question; no history written', async () => {
    const c = await newCollection({
      name: 'Board',
      questions: [{ phrase: 'revenue by region last month' }, { phrase: 'weekly sessions last 8 weeks' }],
    });
    const before = await historyCount();
    const all = await query(demo, { collection_id: c.id });
    expect(all.statusCode, all.body).toBe(200);
    const body: TCollectionQueryResponse = all.json();
    expect(body.responses.map((r) => [r.question_id, r.phrase])).toEqual(
      c.questions.map((q) => [q.id, q.phrase]),
    );
    for (const r of body.responses) {
      expect(r.error).toBeUndefined();
      expect(r.card?.table.length).toBeGreaterThan(0);
    }
    const one = await query(demo, { collection_id: c.id, id: c.questions[1]!.id });
    expect(one.statusCode).toBe(200);
    expect(one.json().responses).toHaveLength(1);
    expect(one.json().responses[0]).toMatchObject({
      question_id: c.questions[1]!.id,
      phrase: 'weekly sessions last 8 weeks',
    });
    expect(one.json().question).toEqual(c.questions[1]);

    const unknown = await query(demo, { collection_id: c.id, id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: COLLECTION_MESSAGES.questionNotFound });
    const noCollection = await query(demo, { collection_id: '00000000-0000-4000-8000-000000000000' });
    expect(noCollection.statusCode).toBe(404);
    expect(await historyCount()).toBe(before);
  });

  it('still answers the other cards when one card’s source is inactive or deleted', async () => {
    const upload = await demo.inject({
      method: 'POST',
      url: '/api/v1/datasource/upload',
      ...fileUpload('Shop Sales.csv', CSV),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const fileId: string = upload.json().datasource_id;
    const c = await newCollection({
      name: 'Mixed',
      questions: [
        { phrase: 'revenue by channel last month' },
        { phrase: 'total amount', data_adapter: fileId },
        { phrase: 'orders by region this year' },
      ],
    });
    const first = (await query(demo, { collection_id: c.id })).json() as TCollectionQueryResponse;
    expect(first.responses[1]?.card?.table[0]).toMatchObject({ Amount: 35.75 });

    const off = await demo.inject({
      method: 'POST',
      url: '/api/v1/datasource/deactivate',
      payload: { datasource_id: fileId, type: 'FILE' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const inactive = await query(demo, { collection_id: c.id });
    expect(inactive.statusCode).toBe(200);
    const [a, broken, b] = (inactive.json() as TCollectionQueryResponse).responses;
    expect(a?.card).toBeDefined();
    expect(b?.card).toBeDefined();
    expect(broken).toMatchObject({ question_id: c.questions[1]!.id, error: true });
    expect(broken?.message).toMatch(/inactive/);
    expect(broken?.card).toBeUndefined();

    const del = await demo.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${fileId}` });
    expect(del.statusCode, del.body).toBe(200);
    const deleted = (await query(demo, { collection_id: c.id })).json() as TCollectionQueryResponse;
    expect(deleted.responses[1]).toMatchObject({ error: true, message: 'Data source not found!' });
    expect(deleted.responses.filter((r) => r.card)).toHaveLength(2);
    // Asked alone, the broken card answers its error with 200, like in the collection.
    const alone = await query(demo, { collection_id: c.id, id: c.questions[1]!.id });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().responses[0]).toMatchObject({ error: true, message: 'Data source not found!' });
  });

  it('previews a phrase without storing anything', async () => {
    const before = await historyCount();
    const collectionsBefore = Number(
      (await t.app.database.db.select({ n: count() }).from(collections))[0]!.n,
    );
    const res = await demo.inject({
      method: 'POST',
      url: '/features/collections/preview',
      payload: { phrase: 'revenue by category last quarter' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [r] = res.json().responses;
    expect(r.phrase).toBe('revenue by category last quarter');
    expect(r.card.table.length).toBeGreaterThan(0);
    expect(await historyCount()).toBe(before);
    expect(Number((await t.app.database.db.select({ n: count() }).from(collections))[0]!.n)).toBe(
      collectionsBefore,
    );
    const blank = await demo.inject({
      method: 'POST',
      url: '/features/collections/preview',
      payload: { phrase: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(COLLECTION_MESSAGES.questionRequired);
  });

  it('runs identical queries once, even when their cards run at the same time', async () => {
    const c = await newCollection({
      name: 'Twins',
      questions: [{ phrase: 'revenue by country last week' }, { phrase: 'sales by country last week' }],
    });
    const spy = vi.spyOn(SqlConnector.prototype, 'execute');
    try {
      const res = (await query(demo, { collection_id: c.id })).json() as TCollectionQueryResponse;
      expect(res.responses.map((r) => r.card?.table)).toEqual([
        res.responses[0]!.card?.table,
        res.responses[0]!.card?.table,
      ]);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('re-runs a saved card on a later day with "last month" relative to that day', async () => {
    now = new Date('2026-11-30T12:00:00Z');
    const c = await newCollection({ name: 'Monthly', questions: [{ phrase: 'revenue last month' }] });
    const stored = await t.app.database.db.select().from(collectionQuestions);
    const semantic = stored.find((q) => q.id === c.questions[0]!.id)!.semantic;
    expect(semantic?.timeDimension?.range).toEqual({ kind: 'last', unit: 'month', n: 1 });

    const today = (await query(demo, { collection_id: c.id })).json() as TCollectionQueryResponse;
    const october = today.responses[0]!.card!;
    expect(october.table[0]!.Revenue).toBeCloseTo(await revenueBetween('2026-10-01', '2026-10-31'), 2);

    now = new Date('2026-12-01T12:00:00Z'); // tomorrow
    try {
      const tomorrow = (await query(demo, { collection_id: c.id })).json() as TCollectionQueryResponse;
      const november = tomorrow.responses[0]!.card!;
      expect(november.query?.semantic).toEqual(october.query?.semantic);
      expect(november.table[0]!.Revenue).toBeCloseTo(await revenueBetween('2026-11-01', '2026-11-30'), 2);
      expect(november.table[0]!.Revenue).not.toBeCloseTo(october.table[0]!.Revenue as number, 0);
    } finally {
      now = new Date('2026-11-30T12:00:00Z');
    }
  });

  it('answers each ranking card with its own rows for a new user on a cold cache, cards side by side', async () => {
    // Rankings in both directions, added one by one after a preview as the editor does, then
    // answered together and one by one at the same time: each card keeps its own rows.
    const phrases = [
      'top 5 countries by revenue',
      'revenue by region last month',
      'bottom 5 countries by revenue',
      'orders by month this year',
      'top 3 products by revenue',
      'bottom 3 products by revenue',
    ];
    const expected = new Map<string, unknown>();
    for (let run = 0; run < 5; run++) {
      const user = await createUser(t.app, { name: `New ${run}` });
      const client = await signIn(t.app, user.email, user.password);
      t.app.services.answers.forgetSource(DEMO_DATASOURCE_ID);
      const made = await create(client, { name: `Rankings ${run}` });
      expect(made.statusCode, made.body).toBe(200);
      const id = (made.json() as TCollection).id;
      for (const phrase of phrases) {
        const preview = await client.inject({
          method: 'POST',
          url: '/features/collections/preview',
          payload: { phrase },
        });
        expect(preview.statusCode, preview.body).toBe(200);
        const current = (await list(client)).find((c) => c.id === id)!;
        const res = await update(client, {
          id,
          name: current.name,
          questions: [...current.questions.map((q) => ({ id: q.id, phrase: q.phrase })), { phrase }],
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const c = (await list(client)).find((x) => x.id === id)!;
      t.app.services.answers.forgetSource(DEMO_DATASOURCE_ID);
      const answers = await Promise.all([
        query(client, { collection_id: id }),
        ...c.questions.map((q) => query(client, { collection_id: id, id: q.id })),
      ]);
      for (const res of answers) {
        for (const r of (res.json() as TCollectionQueryResponse).responses) {
          expect(r.card, r.phrase).toBeDefined();
          const rows = r.card!.table;
          if (!expected.has(r.phrase)) expected.set(r.phrase, rows);
          expect(rows, `${r.phrase} (run ${run})`).toEqual(expected.get(r.phrase));
        }
      }
    }
    const [top] = expected.get(phrases[0]!) as Record<string, unknown>[];
    const [bottom] = expected.get(phrases[2]!) as Record<string, unknown>[];
    expect(top!.Revenue as number).toBeGreaterThan(bottom!.Revenue as number);
  });
});
