import { ANNUAL_MONTHS, PLANS } from '@parley/contract';
import { type PaddleEvent, type PaddlePeer, startPaddlePeer } from '@parley/testing/standins/paddle-standin';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, collections, conversationItems, quotaUsage, users } from '../../src/db/schema';
import type { Actor } from '../../src/lib/access';
import { BillingRepository } from '../../src/modules/billing/billing.repository';
import { BILLING_EVENT_JOB } from '../../src/modules/billing/billing-webhooks.service';
import { QuotaTally } from '../../src/modules/billing/quota-tally';
import {
  buildTestApp,
  type Client,
  paddleEnv,
  signIn,
  TEST_DATABASES,
  TEST_NOW,
  type TestApp,
} from '../helpers';
import { createUser } from '../peers/factories';

const DAY = 86_400_000;

describe.each(TEST_DATABASES)('plans, quotas and billing on %s', (kind) => {
  let now = new Date(TEST_NOW);
  const clock = () => now;
  let t: TestApp;
  let paddle: PaddlePeer;

  beforeAll(async () => {
    paddle = await startPaddlePeer(clock);
    t = await buildTestApp(kind, paddleEnv(paddle), clock, { worker: false });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await paddle.close();
  });

  interface User {
    id: string;
    client: Client;
    actor: Actor;
  }
  const newUser = async (): Promise<User> => {
    const u = await createUser(t.app);
    const client = await signIn(t.app, u.email, u.password);
    const actor: Actor = {
      userId: u.id,
      email: u.email,
      name: 'Test User',
      features: ['COLLECTIONS', 'CONVERSATIONS'],
      timezone: 'Europe/London',
      language: 'en-GB',
      projectId: 'default',
    };
    return { id: u.id, client, actor };
  };
  /** A user whose trial ran out: on Free. */
  const freeUser = async (): Promise<User> => {
    const u = await newUser();
    await subscription(u);
    now = new Date(now.getTime() + 15 * DAY);
    expect((await subscription(u)).status).toBe('EXPIRED');
    now = new Date(TEST_NOW);
    return u;
  };
  const subscription = async (u: User) => {
    const res = await u.client.inject({ method: 'GET', url: '/api/v1/subscription' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const post = (u: User, url: string, payload: unknown = {}) =>
    u.client.inject({ method: 'POST', url, payload });
  const createCollection = (u: User, body: Record<string, unknown> = {}) =>
    post(u, '/features/collection', { name: `C ${Math.random()}`, ...body });
  const ownedCollections = async (u: User) =>
    Number(
      (
        await t.app.database.db.select({ n: count() }).from(collections).where(eq(collections.userId, u.id))
      )[0]!.n,
    );
  const ask = (u: User) =>
    post(u, '/features/conversations/query', { phrase: 'revenue last month', created: Date.now() });
  /** Questions stored for `u` (the history is written in the background: wait for it first). */
  const asked = async (u: User) => {
    await t.app.services.conversations.historySettled();
    return Number(
      (
        await t.app.database.db
          .select({ n: count() })
          .from(conversationItems)
          .where(eq(conversationItems.userId, u.id))
      )[0]!.n,
    );
  };

  const deliver = (event: PaddleEvent, ts?: number, tamper?: (s: string) => string) => {
    const { body, signature } = paddle.signed(event, ts);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'paddle-signature': tamper ? tamper(signature) : signature,
      },
      payload: body,
    });
  };
  const deliverAll = async (events: PaddleEvent[]) => {
    for (const e of events) {
      const res = await deliver(e);
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.services.queue.drain(BILLING_EVENT_JOB);
  };
  /** Checkout through the stand-in, paid by the buyer, its webhooks delivered and applied. */
  const buy = async (u: User, plan: 'premium' | 'unlimited', billing_cycle: 'monthly' | 'annual') => {
    const res = await post(u, '/api/v1/subscription/checkout', { plan, billing_cycle });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().checkout_url);
    expect(url.origin).toBe(paddle.url);
    await deliverAll(paddle.pay(url.searchParams.get('_ptxn')!));
    return subscription(u);
  };
  const paddleSub = (u: User) =>
    [...paddle.subscriptions.values()].find((s) => s.custom_data?.user_id === u.id)!;

  it('lists the three plans from the one table, annual = 10 × monthly', async () => {
    const u = await newUser();
    const res = await u.client.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json();
    expect(plans.map((p: { plan: string }) => p.plan)).toEqual(['free', 'premium', 'unlimited']);
    for (const p of plans) {
      expect(p.prices.annual).toBe(p.prices.monthly * ANNUAL_MONTHS);
      expect(p.limits).toEqual(PLANS[p.plan as keyof typeof PLANS].limits);
    }
  });

  it('starts a new account on a 14-day Premium trial that expires to Free by the clock', async () => {
    const u = await newUser();
    const s = await subscription(u);
    expect(s).toMatchObject({ status: 'TRIAL', plan: 'premium', scheduled_change: null });
    expect(new Date(s.trial_ends_at).getTime() - now.getTime()).toBe(14 * DAY);
    expect(s.limits).toEqual(PLANS.premium.limits);
    const tenant = (await u.client.inject({ method: 'GET', url: '/auth/tenant' })).json();
    expect(tenant.subscription).toEqual({ plan: 'premium', status: 'TRIAL' });
    expect(tenant.quota).toEqual({ conversations: 3000, used: 0 });
    now = new Date(now.getTime() + 14 * DAY - 1000);
    expect((await subscription(u)).status).toBe('TRIAL');
    now = new Date(now.getTime() + 2000);
    const expired = await subscription(u);
    expect(expired).toMatchObject({ status: 'EXPIRED', plan: 'free', next_bill_date: null });
    expect(expired.limits).toEqual(PLANS.free.limits);
    const after = (await u.client.inject({ method: 'GET', url: '/auth/tenant' })).json();
    expect(after.subscription).toEqual({ plan: 'free', status: 'EXPIRED' });
    now = new Date(TEST_NOW);
  });

  it('refuses the third collection on Free with the plan named, writing nothing', async () => {
    const u = await freeUser();
    expect((await createCollection(u)).statusCode).toBe(200);
    expect((await createCollection(u)).statusCode).toBe(200);
    const third = await createCollection(u);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ message: 'Your Free plan allows 2 collections.' });
    expect(await ownedCollections(u)).toBe(2);
    expect((await subscription(u)).usage.collections).toBe(2);
  });

  it('refuses a sixth card per collection and a daily digest on Free', async () => {
    const u = await freeUser();
    const questions = Array.from({ length: 6 }, (_, i) => ({ phrase: `revenue ${i}`, data_adapter: null }));
    const cards = await createCollection(u, { questions });
    expect(cards.statusCode).toBe(403);
    expect(cards.json().message).toBe('Your Free plan allows 5 cards per collection.');
    const daily = await createCollection(u, { notification_frequency: 'daily' });
    expect(daily.statusCode).toBe(403);
    expect(daily.json().message).toBe('Your Free plan allows weekly and monthly digests.');
    expect(await ownedCollections(u)).toBe(0);
    expect((await createCollection(u, { notification_frequency: 'weekly' })).statusCode).toBe(200);
  });

  it('counts conversations per month: the 301st question on Free is refused and not stored', async () => {
    const u = await freeUser();
    await t.app.services.quotas.setUsage(u.actor, 'conversations', 299);
    expect((await ask(u)).statusCode).toBe(200);
    const before = await asked(u);
    const refused = await ask(u);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your Free plan allows 300 conversations a month.' });
    expect(await asked(u)).toBe(before);
    const s = await subscription(u);
    expect(s.usage.conversations).toBe(300);
    // A new calendar month (the user's zone) starts a new count.
    now = new Date('2026-12-01T00:30:00Z');
    expect((await ask(u)).statusCode).toBe(200);
    now = new Date(TEST_NOW);
  });

  it('counts AI-insight requests: the 11th on Free is refused', async () => {
    const u = await freeUser();
    const need = { quota: 'gpt_insights' as const };
    for (let i = 0; i < 10; i++) await t.app.services.access.requireAccess(u.actor, need);
    await expect(t.app.services.access.requireAccess(u.actor, need)).rejects.toThrow(
      'Your Free plan allows 10 AI insight requests a month.',
    );
  });

  it('applies the Premium trial limits: 5 collections, 3000 conversations', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++) expect((await createCollection(u)).statusCode).toBe(200);
    const sixth = await createCollection(u);
    expect(sixth.json().message).toBe('Your Premium plan allows 5 collections.');
    await t.app.services.quotas.setUsage(u.actor, 'conversations', 3000);
    expect((await ask(u)).json().message).toBe('Your Premium plan allows 3000 conversations a month.');
  });

  it('lets exactly one of two requests at the last unit pass', async () => {
    const u = await freeUser();
    await t.app.services.quotas.setUsage(u.actor, 'conversations', 299);
    const answers = await Promise.all([ask(u), ask(u)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await asked(u)).toBe(1);
    // The last collection too.
    expect((await createCollection(u)).statusCode).toBe(200);
    const creates = await Promise.all([createCollection(u), createCollection(u)]);
    expect(creates.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await ownedCollections(u)).toBe(2);
  });

  it('counts use of a limit that refuses nothing in memory, shown exactly and seen by a later limit', async () => {
    // Created on the 1st so the trial's end (Free) falls in the same calendar month.
    now = new Date('2026-11-01T12:00:00Z');
    try {
      const u = await newUser();
      const need = { quota: 'gpt_insights' as const };
      // The Premium trial has no AI-insight limit.
      expect(PLANS.premium.limits.gpt_insights).toBeNull();
      for (let i = 0; i < 7; i++) await t.app.services.access.requireAccess(u.actor, need);
      expect((await subscription(u)).usage.gpt_insights).toBe(7);
      // Free allows 10: the 7 counted under the trial count against it.
      now = new Date('2026-11-16T12:00:00Z');
      expect((await subscription(u)).plan).toBe('free');
      for (let i = 0; i < 3; i++) await t.app.services.access.requireAccess(u.actor, need);
      await expect(t.app.services.access.requireAccess(u.actor, need)).rejects.toThrow(
        'Your Free plan allows 10 AI insight requests a month.',
      );
      expect((await subscription(u)).usage.gpt_insights).toBe(10);
    } finally {
      now = new Date(TEST_NOW);
    }
  });

  it('keeps the counts of a failed write and stores them with the next', async () => {
    const u = await newUser();
    const repo = new BillingRepository(t.app.database.db);
    let refuse = true;
    // The real repository; only the first write is refused, as by a database away for a moment.
    const tally = new QuotaTally(
      async (rows) => {
        if (refuse) {
          refuse = false;
          throw new Error('connection lost');
        }
        await repo.addUsage(rows);
      },
      t.app.log,
      60_000,
    );
    const shown = () =>
      tally.used(u.id, 'gpt_insights', '2026-11', () => repo.used(u.id, 'gpt_insights', '2026-11'));
    for (let i = 0; i < 3; i++) tally.add(u.id, 'gpt_insights', '2026-11', now);
    await tally.flush();
    expect(await repo.used(u.id, 'gpt_insights', '2026-11')).toBe(0);
    expect(await shown()).toBe(3);
    tally.add(u.id, 'gpt_insights', '2026-11', now);
    await tally.close();
    expect(await repo.used(u.id, 'gpt_insights', '2026-11')).toBe(4);
    expect(await shown()).toBe(4);
  });

  it('stores the counts of an unlimited plan when the app closes', async () => {
    const other = await buildTestApp(kind, {}, clock, { worker: false });
    try {
      const demo = await signIn(other.app, 'demo@parley.local', 'Demo-pass-123!');
      for (let i = 0; i < 4; i++) {
        const res = await demo.inject({
          method: 'POST',
          url: '/features/conversations/query',
          payload: { phrase: 'revenue last month', created: Date.now() },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      // Exact right after the answers, whether or not the counts were stored yet.
      const s = (await demo.inject({ method: 'GET', url: '/api/v1/subscription' })).json();
      expect(s).toMatchObject({ plan: 'unlimited', usage: { conversations: 4 } });
      const tenant = (await demo.inject({ method: 'GET', url: '/auth/tenant' })).json();
      expect(tenant.quota).toEqual({ conversations: null, used: 4 });
      await other.app.close();
      const db = other.app.database.db;
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'demo@parley.local'));
      const rows = await db
        .select({ kind: quotaUsage.kind, used: quotaUsage.used })
        .from(quotaUsage)
        .where(eq(quotaUsage.userId, user!.id));
      expect(rows).toEqual([{ kind: 'conversations', used: 4 }]);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('with payments off (none) checkout says so; the demo user is on Unlimited', async () => {
    const none = await buildTestApp(kind, {}, clock, { worker: false });
    try {
      const u = await createUser(none.app);
      const c = await signIn(none.app, u.email, u.password);
      const res = await c.inject({
        method: 'POST',
        url: '/api/v1/subscription/checkout',
        payload: { plan: 'premium', billing_cycle: 'monthly' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Payments are not enabled on this server.');
      const demo = await signIn(none.app, 'demo@parley.local', 'Demo-pass-123!');
      const s = (await demo.inject({ method: 'GET', url: '/api/v1/subscription' })).json();
      expect(s).toMatchObject({ status: 'ACTIVE', plan: 'unlimited' });
      const preview = await c.inject({
        method: 'POST',
        url: '/api/v1/pricing-preview',
        payload: { plan: 'premium', billing_cycle: 'annual' },
      });
      expect(preview.json()).toEqual({ subtotal: 190, tax: 0, total: 190, currency: 'USD' });
    } finally {
      await none.close();
    }
  }, 120_000);

  it('checks out annual Premium through Paddle: active, invoiced, addresses and a taxed preview', async () => {
    const u = await newUser();
    const add = await post(u, '/api/v1/addresses', {
      name: 'Office',
      first_line: '1 High St',
      city: 'London',
      postal_code: 'N1 1AA',
      country: 'GB',
    });
    expect(add.statusCode).toBe(200);
    const address = add.json();
    expect(address).toMatchObject({ status: 'active', name: 'Office', country: 'GB' });
    const edited = await u.client.inject({
      method: 'PUT',
      url: '/api/v1/addresses',
      payload: { ...address, city: 'Leeds' },
    });
    expect(edited.json().city).toBe('Leeds');
    const list = (await u.client.inject({ method: 'GET', url: '/api/v1/addresses' })).json();
    expect(list.map((a: { id: string }) => a.id)).toEqual([address.id]);
    const preview = await post(u, '/api/v1/pricing-preview', {
      plan: 'premium',
      billing_cycle: 'annual',
      address_id: address.id,
    });
    expect(preview.json()).toEqual({ subtotal: 190, tax: 38, total: 228, currency: 'USD' });

    const s = await buy(u, 'premium', 'annual');
    expect(s).toMatchObject({
      status: 'ACTIVE',
      plan: 'premium',
      billing_cycle: 'annual',
      price: { amount: 190, currency: 'USD' },
    });
    expect(s.renewal_date).toBe('2027-11-20T12:00:00.000Z');
    expect(s.next_bill_date).toBe(s.renewal_date);
    const payments = (await u.client.inject({ method: 'GET', url: '/api/v1/payments' })).json();
    expect(payments).toEqual([
      {
        invoice_no: expect.stringMatching(/^325-/),
        due_date: TEST_NOW.replace('Z', '.000Z'),
        billing_date: expect.any(String),
        amount: 190,
        currency: 'USD',
        paid: true,
      },
    ]);
    const again = await post(u, '/api/v1/subscription/checkout', {
      plan: 'unlimited',
      billing_cycle: 'annual',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('You already have a subscription: change its plan instead.');
    // Every call to the stand-in carried the API key.
    expect(paddle.requests.some((r) => r.method === 'POST' && r.path === '/transactions')).toBe(true);
  });

  it('schedules a cancel for the renewal date, continue undoes it, and at renewal it applies', async () => {
    const u = await newUser();
    const active = await buy(u, 'premium', 'monthly');
    const cancel = (await post(u, '/api/v1/subscription/cancel')).json();
    expect(cancel.scheduled_change).toEqual({ action: 'cancel', effective_at: active.renewal_date });
    expect(cancel.next_bill_date).toBeNull();
    expect(paddleSub(u).scheduled_change.action).toBe('cancel');
    const kept = (await post(u, '/api/v1/subscription/continue')).json();
    expect(kept.scheduled_change).toBeNull();
    expect(paddleSub(u).scheduled_change).toBeNull();
    await post(u, '/api/v1/subscription/cancel');
    now = new Date(new Date(active.renewal_date).getTime() + 60_000);
    await deliverAll(paddle.advance());
    expect(await subscription(u)).toMatchObject({
      status: 'CANCELLED',
      plan: 'free',
      scheduled_change: null,
    });
    now = new Date(TEST_NOW);
  });

  it('schedules a pause for the renewal date, and resume ends it', async () => {
    const u = await newUser();
    const active = await buy(u, 'premium', 'monthly');
    const paused = (await post(u, '/api/v1/subscription/pause')).json();
    expect(paused.scheduled_change).toEqual({ action: 'pause', effective_at: active.renewal_date });
    // Use goes on until the renewal date.
    expect(paused).toMatchObject({ status: 'ACTIVE', plan: 'premium' });
    now = new Date(new Date(active.renewal_date).getTime() + 60_000);
    await deliverAll(paddle.advance());
    const s = await subscription(u);
    expect(s).toMatchObject({ status: 'PAUSED', plan: 'free' });
    const resumed = (await post(u, '/api/v1/subscription/resume')).json();
    expect(resumed).toMatchObject({ status: 'ACTIVE', plan: 'premium', scheduled_change: null });
    expect(paddleSub(u).status).toBe('active');
    now = new Date(TEST_NOW);
  });

  it('upgrades now and downgrades at the renewal date (applied by us: Paddle has no downgrade)', async () => {
    const u = await newUser();
    await buy(u, 'premium', 'monthly');
    const up = (
      await post(u, '/api/v1/subscription/change', { plan: 'unlimited', billing_cycle: 'monthly' })
    ).json();
    expect(up).toMatchObject({ plan: 'unlimited', status: 'ACTIVE', scheduled_change: null });
    expect(paddleSub(u).items[0].price.id).toBe(paddle.priceIds.unlimited!.monthly);
    const down = (
      await post(u, '/api/v1/subscription/change', { plan: 'premium', billing_cycle: 'monthly' })
    ).json();
    expect(down.plan).toBe('unlimited');
    expect(down.scheduled_change).toEqual({
      action: 'downgrade',
      effective_at: up.renewal_date,
      plan: 'premium',
    });
    now = new Date(new Date(up.renewal_date).getTime() + 60_000);
    // The renewal tick applies it at Paddle without anyone opening the account.
    expect(await t.app.services.subscriptions.settleDue()).toBeGreaterThan(0);
    expect(paddleSub(u).items[0].price.id).toBe(paddle.priceIds.premium!.monthly);
    const after = await subscription(u);
    expect(after).toMatchObject({ plan: 'premium', status: 'ACTIVE', scheduled_change: null });
    expect(paddleSub(u).items[0].price.id).toBe(paddle.priceIds.premium!.monthly);
    now = new Date(TEST_NOW);
  });

  it('verifies webhook signatures: bad, missing and stale are 401', async () => {
    const u = await newUser();
    await buy(u, 'premium', 'monthly');
    const event: PaddleEvent = {
      event_id: 'evt_01sigcheck0000000000000001',
      event_type: 'subscription.updated',
      occurred_at: now.toISOString(),
      notification_id: 'ntf_01sigcheck',
      data: paddleSub(u),
    };
    // One hex digit changed (always to another digit: a signature starting with 0 must change too).
    const bad = await deliver(event, undefined, (s) =>
      s.replace(/h1=(.)/, (_, c) => `h1=${c === '0' ? '1' : '0'}`),
    );
    expect(bad.statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(missing.statusCode).toBe(401);
    const stale = await deliver(event, Math.floor(now.getTime() / 1000) - 6);
    expect(stale.statusCode).toBe(401);
    const tampered = paddle.signed(event);
    const changedBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'paddle-signature': tampered.signature },
      payload: tampered.body.replace('subscription.updated', 'subscription.canceled'),
    });
    expect(changedBody.statusCode).toBe(401);
    const stored = await t.app.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventId, event.event_id));
    expect(stored).toEqual([]);
    expect((await deliver(event, Math.floor(now.getTime() / 1000) - 4)).statusCode).toBe(200);
  });

  it('applies a replayed event once and an older event not over a newer one', async () => {
    const u = await newUser();
    await buy(u, 'premium', 'monthly');
    const sub = paddleSub(u);
    const newer: PaddleEvent = {
      event_id: 'evt_01ordernewer000000000000001',
      event_type: 'subscription.updated',
      occurred_at: new Date(now.getTime() + 1000).toISOString(),
      notification_id: 'ntf_01a',
      data: sub,
    };
    const older: PaddleEvent = {
      event_id: 'evt_01orderolder000000000000001',
      event_type: 'subscription.paused',
      occurred_at: new Date(now.getTime() - 60_000).toISOString(),
      notification_id: 'ntf_01b',
      data: { ...sub, status: 'paused' },
    };
    expect((await deliver(newer)).statusCode).toBe(200);
    expect((await deliver(newer)).statusCode).toBe(200);
    expect(await t.app.services.queue.drain(BILLING_EVENT_JOB)).toBe(1);
    await deliverAll([older]);
    const rows = await t.app.database.db.select().from(billingEvents);
    const outcome = (id: string) => rows.find((r) => r.eventId === id)?.outcome;
    expect(rows.filter((r) => r.eventId === newer.event_id)).toHaveLength(1);
    expect(outcome(newer.event_id)).toBe('applied');
    expect(outcome(older.event_id)).toBe('stale');
    expect(await subscription(u)).toMatchObject({ status: 'ACTIVE', plan: 'premium' });
  });
});
