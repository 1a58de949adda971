import {
  BILLING_MESSAGES,
  type BillingCycle,
  isUpgrade,
  PLAN_CURRENCY,
  type PlanId,
  planPrice,
  type TAddress,
  type TAddressBody,
  type TChangePlanBody,
  type TCheckoutBody,
  type TPayments,
  type TPlans,
  type TPricingPreview,
  type TSubscription,
  type TUpdateAddressBody,
} from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/access';
import { Invalid, NotFound } from '../../lib/errors';
import { cancelForDeletion } from './account-closure';
import { addressColumns, toAddress } from './addresses';
import type { BillingProvider } from './billing.provider';
import type { BillingRepository, SubscriptionRow, SubscriptionValues } from './billing.repository';
import type { QuotaService } from './quotas.service';
import { planList, toSubscription } from './subscription-answer';
import { addCycle, iso, paid, type SubscriptionState } from './subscription-state';

/** The renewal tick: settles what came due without the user visiting (a downgrade at Paddle). */
export const BILLING_RENEWALS_JOB = 'billing-renewals';

export interface SubscriptionsDeps {
  state: SubscriptionState;
  repo: BillingRepository;
  /** The payment provider; null when payments are off (BILLING_PROVIDER=none). */
  provider: BillingProvider | null;
  /** The monthly counters the subscription screen shows. */
  quotas: Pick<QuotaService, 'usage'>;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/**
 * The subscription screen and its changes (spec 2 §4; DESIGN §11): checkout, upgrade now or
 * downgrade at renewal, cancel, pause, resume, payments, addresses and pricing through the
 * provider; the renewal tick; the cancel before an account is deleted.
 */
export class SubscriptionsService {
  constructor(private readonly deps: SubscriptionsDeps) {}

  /** GET /api/v1/subscription */
  async subscription(actor: Actor): Promise<TSubscription> {
    const row = await this.deps.state.current(actor);
    const [usage, collections] = await Promise.all([
      this.deps.quotas.usage(actor, row),
      this.deps.repo.collectionCards(actor.userId),
    ]);
    return toSubscription({ row, usage, collections, provider: this.deps.provider });
  }

  /** GET /api/v1/plans */
  plans(): TPlans {
    return planList();
  }

  // ---- changes ---------------------------------------------------------------------------

  private requireProvider(): BillingProvider {
    if (!this.deps.provider) throw new Invalid(BILLING_MESSAGES.paymentsOff);
    return this.deps.provider;
  }

  private async customerOf(actor: Actor, row: SubscriptionRow): Promise<string> {
    const provider = this.requireProvider();
    const id = await provider.customer(actor.email, row.customerId);
    if (id !== row.customerId) await this.deps.repo.update(actor.userId, null, { customerId: id });
    return id;
  }

  /** POST /api/v1/subscription/checkout: the provider's checkout for a paid plan. */
  async checkout(actor: Actor, body: TCheckoutBody): Promise<{ checkout_url: string }> {
    if (body.plan === 'free') throw new Invalid(BILLING_MESSAGES.freeCheckout);
    const provider = this.requireProvider();
    const row = await this.deps.state.current(actor);
    // A second checkout would start a second subscription: a paying account changes its plan.
    if (paid(row) && row.providerSubscriptionId) throw new Invalid(BILLING_MESSAGES.alreadySubscribed);
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
    const row = await this.deps.state.current(actor);
    if (!paid(row) && row.status !== 'PAUSED') throw new Invalid(BILLING_MESSAGES.noPaidPlan);
    return row;
  }

  /** POST /api/v1/subscription/change: an upgrade applies now, a downgrade at the renewal date. */
  async change(actor: Actor, body: TChangePlanBody): Promise<TSubscription> {
    const row = await this.requirePaid(actor);
    const from = row.plan as PlanId;
    const cycle = row.billingCycle as BillingCycle;
    if (from === body.plan && cycle === body.billing_cycle) throw new Invalid(BILLING_MESSAGES.samePlan);
    const upgrade = isUpgrade(from, body.plan) || (from === body.plan && body.billing_cycle === 'annual');
    await (upgrade ? this.upgrade(actor, row, body) : this.scheduleDowngrade(actor, row, body));
    return this.subscription(actor);
  }

  /** An upgrade: at the provider now (prorated), or from now on our own rows. */
  private async upgrade(actor: Actor, row: SubscriptionRow, body: TChangePlanBody): Promise<void> {
    const { provider, state } = this.deps;
    if (provider && row.providerSubscriptionId) {
      const sub = await provider.changePlan(row.providerSubscriptionId, body.plan, body.billing_cycle, 'now');
      await this.write(actor, row, { ...state.fromProvider(sub, row), scheduledChange: null });
      return;
    }
    const now = this.deps.clock();
    const cycle = row.billingCycle as BillingCycle;
    const periodEnd = cycle === body.billing_cycle ? row.periodEnd : addCycle(now, body.billing_cycle);
    await this.write(actor, row, {
      plan: body.plan,
      billingCycle: body.billing_cycle,
      scheduledChange: null,
      ...(periodEnd === row.periodEnd ? {} : { periodStart: now, periodEnd }),
    });
  }

  /** A downgrade (or a move to Free) at the renewal date; it replaces a scheduled cancel or pause. */
  private async scheduleDowngrade(actor: Actor, row: SubscriptionRow, body: TChangePlanBody): Promise<void> {
    const { provider } = this.deps;
    if (
      row.scheduledChange &&
      row.scheduledChange.action !== 'downgrade' &&
      provider &&
      row.providerSubscriptionId
    ) {
      await provider.unschedule(row.providerSubscriptionId);
    }
    await this.write(actor, row, {
      scheduledChange: {
        action: body.plan === 'free' ? 'cancel' : 'downgrade',
        effectiveAt: iso(row.periodEnd)!,
        ...(body.plan === 'free' ? {} : { plan: body.plan, cycle: body.billing_cycle }),
      },
    });
  }

  /** POST /api/v1/subscription/cancel · /pause: scheduled for the renewal date. */
  async schedule(actor: Actor, action: 'cancel' | 'pause'): Promise<TSubscription> {
    const row = await this.requirePaid(actor);
    if (row.status === 'PAUSED') throw new Invalid(BILLING_MESSAGES.noPaidPlan);
    const { provider, state } = this.deps;
    if (provider && row.providerSubscriptionId) {
      const sub = await provider.schedule(row.providerSubscriptionId, action);
      await this.write(actor, row, state.fromProvider(sub, row));
    } else {
      await this.write(actor, row, { scheduledChange: { action, effectiveAt: iso(row.periodEnd)! } });
    }
    return this.subscription(actor);
  }

  /** POST /api/v1/subscription/continue: removes a scheduled change. */
  async continue(actor: Actor): Promise<TSubscription> {
    const { provider, state } = this.deps;
    const row = await state.current(actor);
    if (!row.scheduledChange) throw new Invalid(BILLING_MESSAGES.nothingScheduled);
    if (row.scheduledChange.action !== 'downgrade' && provider && row.providerSubscriptionId) {
      const sub = await provider.unschedule(row.providerSubscriptionId);
      await this.write(actor, row, { ...state.fromProvider(sub, row), scheduledChange: null });
    } else {
      await this.write(actor, row, { scheduledChange: null });
    }
    return this.subscription(actor);
  }

  /** POST /api/v1/subscription/resume: ends a pause (or drops a pause still only scheduled). */
  async resume(actor: Actor): Promise<TSubscription> {
    const { provider, state } = this.deps;
    const row = await state.current(actor);
    if (row.status !== 'PAUSED') {
      if (row.scheduledChange?.action === 'pause') return this.continue(actor);
      throw new Invalid(BILLING_MESSAGES.notPaused);
    }
    if (provider && row.providerSubscriptionId) {
      const sub = await provider.resume(row.providerSubscriptionId);
      await this.write(actor, row, state.fromProvider(sub, row));
    } else {
      const now = this.deps.clock();
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
    const updatedAt = this.deps.state.now(row);
    if (!(await this.deps.repo.update(actor.userId, row.updatedAt, { ...values, updatedAt }))) {
      throw new Invalid('Your subscription changed meanwhile. Please try again.');
    }
  }

  // ---- payments, addresses, pricing ------------------------------------------------------

  /** GET /api/v1/payments: the provider's billed transactions, newest first. */
  async payments(actor: Actor): Promise<TPayments> {
    const row = await this.deps.state.current(actor);
    if (!this.deps.provider || !row.customerId) return [];
    return this.deps.provider.payments(row.customerId);
  }

  /** GET /api/v1/addresses: the first is the default. */
  async addresses(actor: Actor): Promise<TAddress[]> {
    const { provider, repo, state } = this.deps;
    if (!provider) return (await repo.listAddresses(actor.userId)).map(toAddress);
    const row = await state.current(actor);
    return row.customerId ? provider.addresses(row.customerId) : [];
  }

  async createAddress(actor: Actor, body: TAddressBody): Promise<TAddress> {
    const { provider, repo, state } = this.deps;
    if (!provider)
      return toAddress(await repo.insertAddress({ userId: actor.userId, ...addressColumns(body) }));
    const customerId = await this.customerOf(actor, await state.current(actor));
    return provider.createAddress(customerId, body);
  }

  async updateAddress(actor: Actor, body: TUpdateAddressBody): Promise<TAddress> {
    const { provider, repo, state } = this.deps;
    if (!provider) {
      const isUuid = /^[0-9a-f-]{36}$/i.test(body.id);
      const row = isUuid
        ? await repo.updateAddress(actor.userId, body.id, {
            ...addressColumns(body),
            ...(body.status ? { status: body.status } : {}),
          })
        : null;
      if (!row) throw new NotFound(BILLING_MESSAGES.addressNotFound);
      return toAddress(row);
    }
    const row = await state.current(actor);
    if (!row.customerId) throw new NotFound(BILLING_MESSAGES.addressNotFound);
    return provider.updateAddress(row.customerId, body.id, body);
  }

  /** POST /api/v1/pricing-preview: the provider's totals with tax, or the plain price without one. */
  async pricingPreview(actor: Actor, body: TCheckoutBody): Promise<TPricingPreview> {
    const price = planPrice(body.plan, body.billing_cycle);
    const { provider } = this.deps;
    if (!provider || body.plan === 'free')
      return { subtotal: price, tax: 0, total: price, currency: PLAN_CURRENCY };
    const row = await this.deps.state.current(actor);
    return provider.pricingPreview({
      plan: body.plan,
      cycle: body.billing_cycle,
      customerId: row.customerId,
      addressId: body.address_id,
    });
  }

  // ---- the renewal tick and account closure ----------------------------------------------

  /**
   * The renewal tick (every 10 minutes): applies due trial ends, scheduled changes and renewals of
   * accounts nobody read meanwhile, so a downgrade reaches the provider at its date. Answers how many.
   */
  async settleDue(): Promise<number> {
    const due = await this.deps.repo.listDue(this.deps.clock(), 500);
    for (const userId of due) {
      try {
        await this.deps.state.current({ userId, timezone: null });
      } catch (error) {
        this.deps.log.warn(
          { err: error, userId },
          'billing: settling a subscription failed; the next tick retries',
        );
      }
    }
    return due.length;
  }

  /** Account deletion, first: ends a subscription the provider bills, or refuses (account-closure.ts). */
  async cancelForDeletion(actor: Actor): Promise<string | null> {
    return cancelForDeletion(this.deps.provider, await this.deps.state.current(actor), this.deps.log);
  }
}
