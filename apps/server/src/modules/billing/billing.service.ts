import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BILLING_MESSAGES,
  type BillingCycle,
  isUpgrade,
  PLAN_CURRENCY,
  PLAN_IDS,
  PLANS,
  type PlanId,
  planPrice,
  type SubscriptionStatus,
  type TAddress,
  type TAddressBody,
  type TChangePlanBody,
  type TCheckoutBody,
  type TPayments,
  type TPlans,
  type TPricingPreview,
  TRIAL_DAYS,
  TRIAL_PLAN,
  type TSubscription,
  type TTenant,
  type TUpdateAddressBody,
} from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, QuotaGate, QuotaKind } from '../../lib/access';
import { Invalid, NotFound, QuotaExceeded, Unauthenticated } from '../../lib/errors';
import type { JobQueue } from '../../lib/queue';
import { dateIn } from '../../lib/time';
import { billedByProvider, cancelForDeletion } from './account-closure';
import { addressColumns, toAddress } from './addresses';
import type { BillingProvider, ProviderSubscription } from './billing.provider';
import type { BillingRepository, SubscriptionRow, SubscriptionValues } from './billing.repository';
import { fallbackOf } from './fallback';
import { QuotaTally } from './quota-tally';

export const BILLING_EVENT_JOB = 'billing-event';
/** The renewal tick: settles what came due without the user visiting (a downgrade at Paddle). */
export const BILLING_RENEWALS_JOB = 'billing-renewals';
/** Paddle's tolerance for a signature's timestamp (developer.paddle.com/webhooks/signature-verification). */
export const WEBHOOK_TOLERANCE_SECONDS = 5;
const DAY = 86_400_000;
/** Two creates claiming the same last collection within this window: the second is refused. */
const CLAIM_WINDOW_MS = 3_000;
const SETTLE_ATTEMPTS = 3;

export interface BillingOptions {
  /** The demo user (DEMO on) is on Unlimited (DESIGN §3). */
  demoEmail: string | null;
  webhookSecret: string | null;
}

/** Who the subscription is for: an actor, or a user id from a provider event. */
interface Owner {
  userId: string;
  email?: string;
  timezone: string | null;
}

const NOUNS: Record<Exclude<QuotaKind, 'digests'>, (n: number) => string> = {
  conversations: (n) => `${n} conversations a month`,
  gpt_insights: (n) => `${n} AI insight requests a month`,
  collections: (n) => `${n} collection${n === 1 ? '' : 's'}`,
  cards_per_collection: (n) => `${n} cards per collection`,
};

/**
 * Plans, quotas, the trial and subscriptions (spec 2 §4, §9; DESIGN §11). It is the app's
 * QuotaGate: limited counters are spent by one conditional statement, so the last unit goes to one
 * request; counters whose limit is null are counted in memory and stored about once a second.
 */
export class BillingService implements QuotaGate {
  /** Units of monthly counters whose limit is null, stored about once a second (QuotaTally). */
  private readonly tally: QuotaTally;

  constructor(
    private readonly repo: BillingRepository,
    private readonly provider: BillingProvider | null,
    private readonly queue: JobQueue,
    private readonly options: BillingOptions,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date,
  ) {
    this.tally = new QuotaTally((rows) => repo.addUsage(rows), log);
  }

  /** At shutdown, before the database closes: stores the counted units. */
  close(): Promise<void> {
    return this.tally.close();
  }

  /** A monthly counter with this process's units not yet stored. */
  private used(userId: string, kind: 'conversations' | 'gpt_insights', period: string): Promise<number> {
    return this.tally.used(userId, kind, period, () => this.repo.used(userId, kind, period));
  }

  // ---- the subscription row and its state ------------------------------------------------

  /** The account's subscription with every due change applied (trial end, scheduled change, renewal). */
  private async current(owner: Owner): Promise<SubscriptionRow> {
    let row = await this.repo.find(owner.userId);
    if (!row) row = await this.repo.create(this.initial(owner));
    for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
      const values = await this.due(row);
      if (!values) return row;
      await this.repo.update(owner.userId, row.updatedAt, { ...values, updatedAt: this.now(row) });
      row = (await this.repo.find(owner.userId))!;
    }
    return row;
  }

  /** A strictly later updatedAt than the row's, so a conditional write always moves it on. */
  private now(row?: SubscriptionRow): Date {
    const now = this.clock();
    return row && now.getTime() <= row.updatedAt.getTime() ? new Date(row.updatedAt.getTime() + 1) : now;
  }

  private initial(owner: Owner) {
    const now = this.clock();
    if (owner.email && this.options.demoEmail && owner.email === this.options.demoEmail) {
      return {
        userId: owner.userId,
        plan: 'unlimited',
        status: 'ACTIVE',
        billingCycle: 'annual',
        updatedAt: now,
      };
    }
    return {
      userId: owner.userId,
      plan: TRIAL_PLAN,
      status: 'TRIAL',
      trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY),
      updatedAt: now,
    };
  }

  /** What changes by the clock: trial end, a due scheduled change, a renewal. Null when nothing. */
  private async due(row: SubscriptionRow): Promise<SubscriptionValues | null> {
    const now = this.clock();
    if (row.status === 'TRIAL' && row.trialEndsAt && row.trialEndsAt <= now) {
      // Without payment the trial falls to Free and shows EXPIRED (issue 16 item 3).
      return { status: 'EXPIRED', plan: 'free' };
    }
    const change = row.scheduledChange;
    if (change && new Date(change.effectiveAt) <= now) {
      const at = new Date(change.effectiveAt);
      switch (change.action) {
        case 'cancel':
          return { status: 'CANCELLED', plan: 'free', scheduledChange: null };
        case 'pause':
          return { status: 'PAUSED', scheduledChange: null };
        case 'downgrade': {
          const plan = (change.plan ?? 'free') as PlanId;
          const cycle = (change.cycle ?? row.billingCycle) as BillingCycle;
          if (plan === 'free') return { status: 'CANCELLED', plan: 'free', scheduledChange: null };
          // Paddle has no downgrade action: the new price starts with the next period, set by us.
          if (this.provider && row.providerSubscriptionId) {
            const sub = await this.provider.changePlan(
              row.providerSubscriptionId,
              plan,
              cycle,
              'next_period',
            );
            return { ...this.fromProvider(sub, row), plan, billingCycle: cycle, scheduledChange: null };
          }
          return {
            plan,
            billingCycle: cycle,
            periodStart: at,
            periodEnd: addCycle(at, cycle),
            scheduledChange: null,
          };
        }
      }
    }
    if (row.status === 'ACTIVE' && row.periodEnd && row.periodEnd <= now) {
      // Renewed (the provider's event re-syncs it when it comes): the next period runs on.
      let start = row.periodEnd;
      let end = addCycle(start, row.billingCycle as BillingCycle);
      while (end <= now) [start, end] = [end, addCycle(end, row.billingCycle as BillingCycle)];
      return { periodStart: start, periodEnd: end };
    }
    return null;
  }

  /** The plan whose limits apply now. */
  private planOf(row: SubscriptionRow): PlanId {
    if (row.status === 'TRIAL' || row.status === 'ACTIVE') return row.plan as PlanId;
    return 'free';
  }

  private paid(row: SubscriptionRow): boolean {
    return row.status === 'ACTIVE' && row.plan !== 'free' && row.periodEnd !== null;
  }

  /**
   * The quota month: the billing cycle's month of a paid plan (from the period's start day),
   * else the calendar month in the user's time zone.
   */
  private period(row: SubscriptionRow, timezone: string | null): string {
    const now = this.clock();
    if (this.paid(row) && row.periodStart) {
      let start = row.periodStart;
      // From the anchor each time, so a 31st keeps its day after a short month.
      for (let k = 1; addMonths(row.periodStart, k) <= now; k++) start = addMonths(row.periodStart, k);
      return `cycle-${start.toISOString().slice(0, 10)}`;
    }
    return dateIn(timezone, now).slice(0, 7);
  }

  // ---- QuotaGate -------------------------------------------------------------------------

  async check(actor: Actor, kind: QuotaKind, usage?: number, frequency?: string): Promise<void> {
    const row = await this.current(actor);
    const plan = PLANS[this.planOf(row)];
    const refuse = (what: string) => new QuotaExceeded(`Your ${plan.name} plan allows ${what}.`);
    switch (kind) {
      case 'conversations':
      case 'gpt_insights': {
        const limit = plan.limits[kind];
        const period = this.period(row, actor.timezone);
        // Nothing to refuse: counted in memory, not one statement per answer (QuotaTally).
        if (limit === null) {
          this.tally.add(actor.userId, kind, period, this.clock());
          return;
        }
        // Units counted while the plan had no limit are stored first, so the condition sees them.
        if (this.tally.has(actor.userId, kind, period)) await this.tally.flush();
        const ok = await this.repo.spend(actor.userId, kind, period, limit, this.clock());
        if (!ok) throw refuse(NOUNS[kind](limit));
        return;
      }
      case 'collections': {
        const limit = plan.limits.collections;
        if (limit === null || usage === undefined) return;
        if (usage > limit) throw refuse(NOUNS.collections(limit));
        // The last unit is claimed in one statement: of two creates racing for it, one passes.
        if (
          usage === limit &&
          !(await this.repo.claim(actor.userId, kind, usage, this.clock(), CLAIM_WINDOW_MS))
        ) {
          throw refuse(NOUNS.collections(limit));
        }
        return;
      }
      case 'cards_per_collection': {
        const limit = plan.limits.cards_per_collection;
        if (limit !== null && usage !== undefined && usage > limit)
          throw refuse(NOUNS.cards_per_collection(limit));
        return;
      }
      case 'digests': {
        const allowed = plan.limits.digests as string[];
        if (frequency && !allowed.includes(frequency)) throw refuse(`${joinAnd(allowed)} digests`);
        return;
      }
    }
  }

  // ---- answers ---------------------------------------------------------------------------

  /** `tenant.subscription` and `tenant.quota` (DESIGN §4). */
  async tenantSummary(actor: Actor): Promise<Pick<TTenant, 'subscription' | 'quota'>> {
    const row = await this.current(actor);
    const limit = PLANS[this.planOf(row)].limits.conversations;
    const used = await this.used(actor.userId, 'conversations', this.period(row, actor.timezone));
    return {
      subscription: { plan: this.planOf(row), status: row.status },
      quota: { conversations: limit, used },
    };
  }

  /** GET /api/v1/subscription */
  async subscription(actor: Actor): Promise<TSubscription> {
    return this.toSubscription(actor, await this.current(actor));
  }

  private async toSubscription(actor: Actor, row: SubscriptionRow): Promise<TSubscription> {
    const plan = this.planOf(row);
    const cycle = row.billingCycle as BillingCycle;
    const period = this.period(row, actor.timezone);
    const [conversations, gptInsights, collections] = await Promise.all([
      this.used(actor.userId, 'conversations', period),
      this.used(actor.userId, 'gpt_insights', period),
      this.repo.collectionCards(actor.userId),
    ]);
    const paying = row.status === 'ACTIVE' && row.periodEnd !== null;
    const change = row.scheduledChange;
    return {
      status: row.status as SubscriptionStatus,
      plan,
      billing_cycle: cycle,
      price: { amount: row.status === 'ACTIVE' ? planPrice(plan, cycle) : 0, currency: PLAN_CURRENCY },
      trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
      // A scheduled cancel or pause means no next bill; use goes on to the renewal date.
      next_bill_date:
        paying && change?.action !== 'cancel' && change?.action !== 'pause' ? iso(row.periodEnd) : null,
      renewal_date: iso(row.periodEnd) ?? (row.status === 'TRIAL' ? iso(row.trialEndsAt) : null),
      scheduled_change: change
        ? {
            action: change.action,
            effective_at: change.effectiveAt,
            ...(change.plan ? { plan: change.plan as PlanId } : {}),
          }
        : null,
      limits: PLANS[plan].limits,
      usage: { conversations, gpt_insights: gptInsights, collections: collections.length },
      checkout: { available: this.provider !== null, reason: this.provider ? null : 'no_provider' },
      paid_with_provider: billedByProvider(this.provider, row),
      fallback: fallbackOf(plan, collections),
    };
  }

  /** GET /api/v1/plans */
  plans(): TPlans {
    return PLAN_IDS.map((id) => ({
      plan: id,
      name: PLANS[id].name,
      prices: { monthly: planPrice(id, 'monthly'), annual: planPrice(id, 'annual'), currency: PLAN_CURRENCY },
      limits: PLANS[id].limits,
    }));
  }

  // ---- changes ---------------------------------------------------------------------------

  private requireProvider(): BillingProvider {
    if (!this.provider) throw new Invalid(BILLING_MESSAGES.paymentsOff);
    return this.provider;
  }

  private async customerOf(actor: Actor, row: SubscriptionRow): Promise<string> {
    const provider = this.requireProvider();
    const id = await provider.customer(actor.email, row.customerId);
    if (id !== row.customerId) await this.repo.update(actor.userId, null, { customerId: id });
    return id;
  }

  /** POST /api/v1/subscription/checkout: the provider's checkout for a paid plan. */
  async checkout(actor: Actor, body: TCheckoutBody): Promise<{ checkout_url: string }> {
    if (body.plan === 'free') throw new Invalid(BILLING_MESSAGES.freeCheckout);
    const provider = this.requireProvider();
    const row = await this.current(actor);
    // A second checkout would start a second subscription: a paying account changes its plan.
    if (this.paid(row) && row.providerSubscriptionId) throw new Invalid(BILLING_MESSAGES.alreadySubscribed);
    const customerId = await this.customerOf(actor, row);
    const { url } = await provider.checkout({
      userId: actor.userId,
      email: actor.email,
      customerId,
      plan: body.plan,
      cycle: body.billing_cycle,
      addressId: body.address_id,
    });
    return { checkout_url: url };
  }

  /** A paid, running subscription, or 400. */
  private async requirePaid(actor: Actor): Promise<SubscriptionRow> {
    const row = await this.current(actor);
    if (!this.paid(row) && row.status !== 'PAUSED') throw new Invalid(BILLING_MESSAGES.noPaidPlan);
    return row;
  }

  /** POST /api/v1/subscription/change: an upgrade applies now, a downgrade at the renewal date. */
  async change(actor: Actor, body: TChangePlanBody): Promise<TSubscription> {
    const row = await this.requirePaid(actor);
    const from = row.plan as PlanId;
    const cycle = row.billingCycle as BillingCycle;
    if (from === body.plan && cycle === body.billing_cycle) throw new Invalid(BILLING_MESSAGES.samePlan);
    const upgrade = isUpgrade(from, body.plan) || (from === body.plan && body.billing_cycle === 'annual');
    if (upgrade) {
      if (this.provider && row.providerSubscriptionId) {
        const sub = await this.provider.changePlan(
          row.providerSubscriptionId,
          body.plan,
          body.billing_cycle,
          'now',
        );
        await this.write(actor, row, { ...this.fromProvider(sub, row), scheduledChange: null });
      } else {
        const now = this.clock();
        const periodEnd = cycle === body.billing_cycle ? row.periodEnd : addCycle(now, body.billing_cycle);
        await this.write(actor, row, {
          plan: body.plan,
          billingCycle: body.billing_cycle,
          scheduledChange: null,
          ...(periodEnd === row.periodEnd ? {} : { periodStart: now, periodEnd }),
        });
      }
    } else {
      if (
        row.scheduledChange &&
        row.scheduledChange.action !== 'downgrade' &&
        this.provider &&
        row.providerSubscriptionId
      ) {
        await this.provider.unschedule(row.providerSubscriptionId);
      }
      await this.write(actor, row, {
        scheduledChange: {
          action: body.plan === 'free' ? 'cancel' : 'downgrade',
          effectiveAt: iso(row.periodEnd)!,
          ...(body.plan === 'free' ? {} : { plan: body.plan, cycle: body.billing_cycle }),
        },
      });
    }
    return this.subscription(actor);
  }

  /** POST /api/v1/subscription/cancel · /pause: scheduled for the renewal date. */
  async schedule(actor: Actor, action: 'cancel' | 'pause'): Promise<TSubscription> {
    const row = await this.requirePaid(actor);
    if (row.status === 'PAUSED') throw new Invalid(BILLING_MESSAGES.noPaidPlan);
    if (this.provider && row.providerSubscriptionId) {
      const sub = await this.provider.schedule(row.providerSubscriptionId, action);
      await this.write(actor, row, this.fromProvider(sub, row));
    } else {
      await this.write(actor, row, { scheduledChange: { action, effectiveAt: iso(row.periodEnd)! } });
    }
    return this.subscription(actor);
  }

  /** POST /api/v1/subscription/continue: removes a scheduled change. */
  async continue(actor: Actor): Promise<TSubscription> {
    const row = await this.current(actor);
    if (!row.scheduledChange) throw new Invalid(BILLING_MESSAGES.nothingScheduled);
    if (row.scheduledChange.action !== 'downgrade' && this.provider && row.providerSubscriptionId) {
      const sub = await this.provider.unschedule(row.providerSubscriptionId);
      await this.write(actor, row, { ...this.fromProvider(sub, row), scheduledChange: null });
    } else {
      await this.write(actor, row, { scheduledChange: null });
    }
    return this.subscription(actor);
  }

  /** POST /api/v1/subscription/resume: ends a pause (or drops a pause still only scheduled). */
  async resume(actor: Actor): Promise<TSubscription> {
    const row = await this.current(actor);
    if (row.status !== 'PAUSED') {
      if (row.scheduledChange?.action === 'pause') return this.continue(actor);
      throw new Invalid(BILLING_MESSAGES.notPaused);
    }
    if (this.provider && row.providerSubscriptionId) {
      const sub = await this.provider.resume(row.providerSubscriptionId);
      await this.write(actor, row, this.fromProvider(sub, row));
    } else {
      const now = this.clock();
      await this.write(actor, row, {
        status: 'ACTIVE',
        periodStart: now,
        periodEnd: addCycle(now, row.billingCycle as BillingCycle),
      });
    }
    return this.subscription(actor);
  }

  /** Writes a change read from `row`; a concurrent write in between answers 400 "try again". */
  private async write(actor: Actor, row: SubscriptionRow, values: SubscriptionValues): Promise<void> {
    if (!(await this.repo.update(actor.userId, row.updatedAt, { ...values, updatedAt: this.now(row) }))) {
      throw new Invalid('Your subscription changed meanwhile. Please try again.');
    }
  }

  /** Our columns from the provider's subscription (the truth after every change and event). */
  private fromProvider(sub: ProviderSubscription, row: SubscriptionRow | null): SubscriptionValues {
    const status: SubscriptionStatus =
      sub.status === 'paused' ? 'PAUSED' : sub.status === 'canceled' ? 'CANCELLED' : 'ACTIVE';
    const local = row?.scheduledChange?.action === 'downgrade' ? row.scheduledChange : null;
    return {
      provider: 'paddle',
      providerSubscriptionId: sub.id,
      customerId: sub.customerId,
      plan: status === 'CANCELLED' ? 'free' : sub.plan,
      billingCycle: sub.cycle,
      status,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      // Paying ends a trial: the paid period starts that day, the trial's days left are not added.
      ...(row?.status === 'TRIAL' && status === 'ACTIVE'
        ? { trialEndsAt: sub.periodStart ?? this.clock() }
        : {}),
      scheduledChange:
        sub.scheduledChange && sub.scheduledChange.action !== 'resume'
          ? { action: sub.scheduledChange.action, effectiveAt: sub.scheduledChange.effectiveAt.toISOString() }
          : local,
    };
  }

  // ---- payments, addresses, pricing ------------------------------------------------------

  /** GET /api/v1/payments: the provider's billed transactions, newest first. */
  async payments(actor: Actor): Promise<TPayments> {
    const row = await this.current(actor);
    if (!this.provider || !row.customerId) return [];
    return this.provider.payments(row.customerId);
  }

  /** GET /api/v1/addresses: the first is the default. */
  async addresses(actor: Actor): Promise<TAddress[]> {
    if (!this.provider) return (await this.repo.listAddresses(actor.userId)).map(toAddress);
    const row = await this.current(actor);
    return row.customerId ? this.provider.addresses(row.customerId) : [];
  }

  async createAddress(actor: Actor, body: TAddressBody): Promise<TAddress> {
    if (!this.provider)
      return toAddress(await this.repo.insertAddress({ userId: actor.userId, ...addressColumns(body) }));
    const customerId = await this.customerOf(actor, await this.current(actor));
    return this.provider.createAddress(customerId, body);
  }

  async updateAddress(actor: Actor, body: TUpdateAddressBody): Promise<TAddress> {
    if (!this.provider) {
      const isUuid = /^[0-9a-f-]{36}$/i.test(body.id);
      const row = isUuid
        ? await this.repo.updateAddress(actor.userId, body.id, {
            ...addressColumns(body),
            ...(body.status ? { status: body.status } : {}),
          })
        : null;
      if (!row) throw new NotFound(BILLING_MESSAGES.addressNotFound);
      return toAddress(row);
    }
    const row = await this.current(actor);
    if (!row.customerId) throw new NotFound(BILLING_MESSAGES.addressNotFound);
    return this.provider.updateAddress(row.customerId, body.id, body);
  }

  /** POST /api/v1/pricing-preview: the provider's totals with tax, or the plain price without one. */
  async pricingPreview(actor: Actor, body: TCheckoutBody): Promise<TPricingPreview> {
    const price = planPrice(body.plan, body.billing_cycle);
    if (!this.provider || body.plan === 'free')
      return { subtotal: price, tax: 0, total: price, currency: PLAN_CURRENCY };
    const row = await this.current(actor);
    return this.provider.pricingPreview({
      plan: body.plan,
      cycle: body.billing_cycle,
      customerId: row.customerId,
      addressId: body.address_id,
    });
  }

  // ---- webhooks --------------------------------------------------------------------------

  /**
   * POST /api/v1/billing/webhook: the signature over the raw body (HMAC-SHA256 of `ts:body`,
   * timing-safe, 5 s tolerance), the event stored once by its id, the work queued.
   */
  async receiveWebhook(raw: Buffer, header: string | undefined): Promise<void> {
    if (!this.verify(raw, header)) throw new Unauthenticated('Invalid webhook signature.');
    let event: { event_id?: unknown; event_type?: unknown; occurred_at?: unknown; data?: unknown };
    try {
      // An authentic event is taken whatever its text, since the provider retries any refusal for
      // days; PostgreSQL stores no NUL in text or jsonb, so its text is made storable first.
      event = storable(JSON.parse(raw.toString('utf8'))) as typeof event;
    } catch {
      throw new Invalid('Invalid webhook body.');
    }
    const occurredAt = typeof event.occurred_at === 'string' ? new Date(event.occurred_at) : null;
    if (
      typeof event.event_id !== 'string' ||
      typeof event.event_type !== 'string' ||
      !occurredAt ||
      Number.isNaN(occurredAt.getTime())
    ) {
      throw new Invalid('Invalid webhook body: event_id, event_type and occurred_at are required.');
    }
    const fresh = await this.repo.insertEvent({
      eventId: event.event_id,
      eventType: event.event_type,
      occurredAt,
      payload: event as Record<string, unknown>,
      receivedAt: this.clock(),
    });
    if (fresh)
      await this.queue.enqueue(BILLING_EVENT_JOB, { eventId: event.event_id }, { key: event.event_id });
  }

  private verify(raw: Buffer, header: string | undefined): boolean {
    const secret = this.options.webhookSecret;
    if (!secret || !header) return false;
    const parts = header.split(';').map((p) => p.trim().split('='));
    const ts = parts.find(([k]) => k === 'ts')?.[1];
    const signatures = parts.filter(([k]) => k === 'h1').map(([, v]) => v ?? '');
    if (!ts || !/^\d+$/.test(ts) || signatures.length === 0) return false;
    if (Math.abs(this.clock().getTime() / 1000 - Number(ts)) > WEBHOOK_TOLERANCE_SECONDS) return false;
    const expected = createHmac('sha256', secret).update(`${ts}:`).update(raw).digest();
    return signatures.some((h1) => {
      const given = Buffer.from(h1, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  /**
   * The billing-event job: re-reads the subscription from the provider (so a late or repeated
   * event cannot corrupt state) unless a newer event was applied already. Safe to run twice.
   */
  async applyEvent(eventId: string): Promise<void> {
    const event = await this.repo.findEvent(eventId);
    if (!event || event.appliedAt) return;
    const data = (event.payload.data ?? {}) as Record<string, unknown>;
    const subId = event.eventType.startsWith('subscription.') ? data.id : data.subscription_id;
    if (!this.provider || typeof subId !== 'string') {
      await this.repo.finishEvent(eventId, 'ignored', this.clock());
      return;
    }
    const custom = (data.custom_data ?? {}) as Record<string, unknown>;
    const known = await this.repo.findByProviderId(subId);
    const userId = known?.userId ?? (typeof custom.user_id === 'string' ? custom.user_id : null);
    if (!userId) {
      await this.repo.finishEvent(eventId, 'ignored', this.clock());
      return;
    }
    const row = await this.current({ userId, timezone: null });
    if (row.eventAt && event.occurredAt < row.eventAt) {
      await this.repo.finishEvent(eventId, 'stale', this.clock());
      return;
    }
    const sub = await this.provider.getSubscription(subId);
    const ok = await this.repo.update(userId, row.updatedAt, {
      ...this.fromProvider(sub, row),
      eventAt: event.occurredAt,
      updatedAt: this.now(row),
    });
    // Another writer moved the row meanwhile: throw so the job retries on fresh state.
    if (!ok) throw new Error(`subscription of ${userId} changed while applying ${eventId}`);
    await this.repo.finishEvent(eventId, 'applied', this.clock());
    this.log.info({ eventId, type: event.eventType }, 'billing event applied');
  }

  /**
   * The renewal tick (every 10 minutes): applies due trial ends, scheduled changes and renewals of
   * accounts nobody read meanwhile, so a downgrade reaches the provider at its date. Answers how many.
   */
  async settleDue(): Promise<number> {
    const due = await this.repo.listDue(this.clock(), 500);
    for (const userId of due) {
      try {
        await this.current({ userId, timezone: null });
      } catch (error) {
        this.log.warn(
          { err: error, userId },
          'billing: settling a subscription failed; the next tick retries',
        );
      }
    }
    return due.length;
  }

  /** Account deletion, first: ends a subscription the provider bills, or refuses (account-closure.ts). */
  async cancelForDeletion(actor: Actor): Promise<string | null> {
    return cancelForDeletion(this.provider, await this.current(actor), this.log);
  }

  /** Support and tests: sets a monthly counter of the current period. */
  async setUsage(actor: Actor, kind: 'conversations' | 'gpt_insights', used: number): Promise<void> {
    const row = await this.current(actor);
    // Counted units are stored first, so the value set is not raised by them afterwards.
    await this.tally.flush();
    await this.repo.setUsed(actor.userId, kind, this.period(row, actor.timezone), used);
  }
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

const addCycle = (d: Date, cycle: BillingCycle) => addMonths(d, cycle === 'annual' ? 12 : 1);

function joinAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A parsed JSON value PostgreSQL can store: NUL characters and lone surrogates become U+FFFD. */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\ufffd').toWellFormed();
  if (Array.isArray(value)) return value.map(storable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)]));
}
