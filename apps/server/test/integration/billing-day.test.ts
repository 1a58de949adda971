import { BILLING_MESSAGES, PLANS } from '@parley/contract';
import { type PaddlePeer, startPaddlePeer } from '@parley/testing/standins/paddle-standin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, subscriptions, users } from '../../src/db/schema';
import { BILLING_EVENT_JOB } from '../../src/modules/billing/billing-webhooks.service';
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

/**
 * What a paying user meets on an ordinary day: the country of an address, checkout with and
 * without a provider, buying during the trial, cancelling below their collections, and deleting
 * the account while the provider still bills it.
 */
describe.each(TEST_DATABASES)('billing without a trap on %s', (kind) => {
  let now = new Date(TEST_NOW);
  const clock = () => now;
  let t: TestApp;
  let paddle: PaddlePeer;

  beforeAll(async () => {
    paddle = await startPaddlePeer(clock);
    t = await buildTestApp(kind, paddleEnv(paddle), clock, { worker: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await paddle?.close();
  });

  interface User {
    id: string;
    email: string;
    client: Client;
  }
  const newUser = async (): Promise<User> => {
    const u = await createUser(t.app);
    return { id: u.id, email: u.email, client: await signIn(t.app, u.email, u.password) };
  };
  const get = async (u: User, url: string) => {
    const res = await u.client.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = (u: User, url: string, payload: unknown = {}) =>
    u.client.inject({ method: 'POST', url, payload });
  /** Checkout, the buyer pays at the stand-in, its webhooks are applied. */
  const buy = async (u: User, plan: 'premium' | 'unlimited', billing_cycle: 'monthly' | 'annual') => {
    const res = await post(u, '/api/v1/subscription/checkout', { plan, billing_cycle });
    expect(res.statusCode, res.body).toBe(200);
    const txn = new URL(res.json().checkout_url).searchParams.get('_ptxn')!;
    for (const e of paddle.pay(txn)) {
      const { body, signature } = paddle.signed(e);
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhook',
        headers: { 'content-type': 'application/json', 'paddle-signature': signature },
        payload: body,
      });
      expect(hook.statusCode).toBe(200);
    }
    await t.app.services.queue.drain(BILLING_EVENT_JOB);
    return get(u, '/api/v1/subscription');
  };
  const paddleSub = (u: User) =>
    [...paddle.subscriptions.values()].find((s) => s.custom_data?.user_id === u.id)!;
  const rowsOf = async (u: User) => ({
    user: (await t.app.database.db.select().from(users).where(eq(users.id, u.id))).length,
    subscription: (await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id)))
      .length,
    collections: (await t.app.database.db.select().from(collections).where(eq(collections.userId, u.id)))
      .length,
  });
  const cancelCalls = (subId: string) =>
    paddle.requests.filter((r) => r.method === 'POST' && r.path === `/subscriptions/${subId}/cancel`);

  it('refuses a country that is not an ISO 3166-1 alpha-2 code, and keeps nothing of it', async () => {
    const u = await newUser();
    for (const country of ['Germany', 'XX', 'EU', 'G', '']) {
      const res = await post(u, '/api/v1/addresses', { name: 'Office', city: 'Berlin', country });
      expect(res.statusCode, country).toBe(400);
      expect(res.json().message).toMatch(/country/);
    }
    expect(await get(u, '/api/v1/addresses')).toEqual([]);
    const ok = await post(u, '/api/v1/addresses', { name: 'Office', city: 'Berlin', country: 'de' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().country).toBe('DE');
  });

  it('says checkout is available with a provider', async () => {
    const u = await newUser();
    const s = await get(u, '/api/v1/subscription');
    expect(s.checkout).toEqual({ available: true, reason: null });
    expect(s.paid_with_provider).toBe(false);
  });

  it('buying during the trial ends the trial that day: the paid period starts now, days left not added', async () => {
    const u = await newUser();
    expect((await get(u, '/api/v1/subscription')).status).toBe('TRIAL');
    // Five days in: nine days of the trial are left when the user pays.
    now = new Date(new Date(TEST_NOW).getTime() + 5 * DAY);
    try {
      const s = await buy(u, 'premium', 'monthly');
      expect(s).toMatchObject({ status: 'ACTIVE', plan: 'premium', billing_cycle: 'monthly' });
      expect(s.trial_ends_at).toBe(now.toISOString());
      // One month from the payment day, not from the trial's end.
      expect(s.renewal_date).toBe('2026-12-25T12:00:00.000Z');
      expect(s.next_bill_date).toBe(s.renewal_date);
      const payments = await get(u, '/api/v1/payments');
      expect(payments).toEqual([expect.objectContaining({ amount: PLANS.premium.monthly, paid: true })]);
      expect(payments[0].due_date).toBe(now.toISOString());
      expect(s.paid_with_provider).toBe(true);
    } finally {
      now = new Date(TEST_NOW);
    }
  });

  it('names the collections that exceed Free before a cancel, with their cards against its limit', async () => {
    const u = await newUser();
    const limit = PLANS.free.limits.cards_per_collection!;
    const cards = (n: number) => Array.from({ length: n }, (_, i) => ({ phrase: `revenue ${i}` }));
    for (const [name, n] of [
      ['Board pack', limit + 2],
      ['Weekly', limit],
      ['Empty', 0],
    ] as const) {
      const res = await post(u, '/features/collection', { name, questions: cards(n) });
      expect(res.statusCode, res.body).toBe(200);
    }
    await buy(u, 'premium', 'monthly');
    const s = await get(u, '/api/v1/subscription');
    expect(s.fallback).toEqual({
      plan: 'free',
      collections: { count: 3, limit: PLANS.free.limits.collections },
      over: [{ id: expect.any(String), name: 'Board pack', cards: limit + 2, limit }],
    });
    expect(s.usage.collections).toBe(3);
  });

  it('names the collections that exceed Premium before a downgrade from Unlimited, and says Premium', async () => {
    const u = await newUser();
    await buy(u, 'unlimited', 'monthly');
    const limit = PLANS.premium.limits.cards_per_collection!;
    const questions = Array.from({ length: limit + 1 }, (_, i) => ({ phrase: `revenue ${i}` }));
    const res = await post(u, '/features/collection', { name: 'Big board', questions });
    expect(res.statusCode, res.body).toBe(200);
    const s = await get(u, '/api/v1/subscription');
    expect(s.downgrades.map((d: { plan: string }) => d.plan)).toEqual(['free', 'premium']);
    expect(s.downgrades[1]).toEqual({
      plan: 'premium',
      collections: { count: 1, limit: PLANS.premium.limits.collections },
      over: [{ id: expect.any(String), name: 'Big board', cards: limit + 1, limit }],
    });
  });

  it('deleting the account cancels the paid subscription at the provider first, then deletes', async () => {
    const u = await newUser();
    await buy(u, 'premium', 'annual');
    const sub = paddleSub(u);
    expect(sub.status).toBe('active');
    const res = await u.client.inject({ method: 'DELETE', url: '/api/v1/auth/account' });
    expect(res.statusCode, res.body).toBe(401);
    // The stand-in got the cancel for this subscription, effective now, and no longer bills it.
    expect(cancelCalls(sub.id).map((r) => r.body)).toEqual([{ effective_from: 'immediately' }]);
    expect(sub.status).toBe('canceled');
    expect(sub.next_billed_at).toBeNull();
    expect(await rowsOf(u)).toEqual({ user: 0, subscription: 0, collections: 0 });
  });

  it('a provider that fails the cancel leaves the account whole and says why (502)', async () => {
    const u = await newUser();
    expect((await post(u, '/features/collection', { name: 'Kept' })).statusCode).toBe(200);
    await buy(u, 'premium', 'monthly');
    const sub = paddleSub(u);
    paddle.failNext('POST', new RegExp(`^/subscriptions/${sub.id}/cancel$`), 500);
    const res = await u.client.inject({ method: 'DELETE', url: '/api/v1/auth/account' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: BILLING_MESSAGES.providerCancelFailed });
    expect(sub.status).toBe('active');
    expect(await rowsOf(u)).toEqual({ user: 1, subscription: 1, collections: 1 });
    // Still signed in, still billed: trying again goes through.
    expect((await get(u, '/api/v1/subscription')).status).toBe('ACTIVE');
    const again = await u.client.inject({ method: 'DELETE', url: '/api/v1/auth/account' });
    expect(again.statusCode).toBe(401);
    expect(sub.status).toBe('canceled');
    expect(await rowsOf(u)).toEqual({ user: 0, subscription: 0, collections: 0 });
  });

  it('a trial account is deleted without a call to the provider', async () => {
    const u = await newUser();
    const before = paddle.requests.length;
    const res = await u.client.inject({ method: 'DELETE', url: '/api/v1/auth/account' });
    expect(res.statusCode).toBe(401);
    expect(paddle.requests.slice(before).filter((r) => r.path.includes('/cancel'))).toEqual([]);
    expect((await rowsOf(u)).user).toBe(0);
  });

  it('without a provider the screen says checkout is unavailable and a checkout call is a clear 400', async () => {
    const none = await buildTestApp(kind, {}, clock, { worker: false });
    try {
      const created = await createUser(none.app);
      const c = await signIn(none.app, created.email, created.password);
      const s = (await c.inject({ method: 'GET', url: '/api/v1/subscription' })).json();
      expect(s.checkout).toEqual({ available: false, reason: 'no_provider' });
      expect(s.paid_with_provider).toBe(false);
      const res = await c.inject({
        method: 'POST',
        url: '/api/v1/subscription/checkout',
        payload: { plan: 'premium', billing_cycle: 'annual' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: BILLING_MESSAGES.paymentsOff });
      // Deleting needs no provider: nothing is billed.
      expect((await c.inject({ method: 'DELETE', url: '/api/v1/auth/account' })).statusCode).toBe(401);
    } finally {
      await none.close();
    }
  }, 120_000);
});
