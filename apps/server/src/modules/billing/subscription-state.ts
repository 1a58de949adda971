import {
  type BillingCycle,
  type PlanId,
  type SubscriptionStatus,
  TRIAL_DAYS,
  TRIAL_PLAN,
} from '@parley/contract';
import { assertNever } from '@parley/engine';
import type { BillingProvider, ProviderSubscription } from './billing.provider';
import type { BillingRepository, SubscriptionRow, SubscriptionValues } from './billing.repository';

const DAY = 86_400_000;
const SETTLE_ATTEMPTS = 3;

/** Who the subscription is for: an actor, or a user id from a provider event. */
export interface Owner {
  userId: string;
  email?: string;
  timezone: string | null;
}

export interface SubscriptionStateDeps {
  repo: BillingRepository;
  provider: BillingProvider | null;
  /** The demo user (DEMO on) is on Unlimited (DESIGN §3). */
  demoEmail: string | null;
  clock: () => Date;
}

/**
 * The subscription row's state machine (spec 2 §4, §9): created on first read as the trial, then
 * moved on by the clock (trial end, a due scheduled change, a renewal) and by the provider's truth.
 * Quotas, subscription changes and webhooks all read the row through it.
 */
export class SubscriptionState {
  constructor(private readonly deps: SubscriptionStateDeps) {}

  /** The account's subscription with every due change applied (trial end, scheduled change, renewal). */
  async current(owner: Owner): Promise<SubscriptionRow> {
    const { repo } = this.deps;
    let row = await repo.find(owner.userId);
    if (!row) row = await repo.create(this.initial(owner));
    for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
      const values = await this.due(row);
      if (!values) return row;
      await repo.update(owner.userId, row.updatedAt, { ...values, updatedAt: this.now(row) });
      row = (await repo.find(owner.userId))!;
    }
    return row;
  }

  /** A strictly later updatedAt than the row's, so a conditional write always moves it on. */
  now(row?: SubscriptionRow): Date {
    const now = this.deps.clock();
    return row && now.getTime() <= row.updatedAt.getTime() ? new Date(row.updatedAt.getTime() + 1) : now;
  }

  /** Our columns from the provider's subscription (the truth after every change and event). */
  fromProvider(sub: ProviderSubscription, row: SubscriptionRow | null): SubscriptionValues {
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
        ? { trialEndsAt: sub.periodStart ?? this.deps.clock() }
        : {}),
      scheduledChange:
        sub.scheduledChange && sub.scheduledChange.action !== 'resume'
          ? { action: sub.scheduledChange.action, effectiveAt: sub.scheduledChange.effectiveAt.toISOString() }
          : local,
    };
  }

  private initial(owner: Owner) {
    const now = this.deps.clock();
    const { demoEmail } = this.deps;
    if (owner.email && demoEmail && owner.email === demoEmail) {
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
    const now = this.deps.clock();
    if (row.status === 'TRIAL' && row.trialEndsAt && row.trialEndsAt <= now) {
      // Without payment the trial falls to Free and shows EXPIRED.
      return { status: 'EXPIRED', plan: 'free' };
    }
    const change = row.scheduledChange;
    if (change && new Date(change.effectiveAt) <= now) {
      switch (change.action) {
        case 'cancel':
          return { status: 'CANCELLED', plan: 'free', scheduledChange: null };
        case 'pause':
          return { status: 'PAUSED', scheduledChange: null };
        case 'downgrade':
          return this.downgrade(row, change);
        default:
          return assertNever(change.action);
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

  /** A scheduled downgrade that came due. */
  private async downgrade(
    row: SubscriptionRow,
    change: NonNullable<SubscriptionRow['scheduledChange']>,
  ): Promise<SubscriptionValues> {
    const at = new Date(change.effectiveAt);
    const plan = (change.plan ?? 'free') as PlanId;
    const cycle = (change.cycle ?? row.billingCycle) as BillingCycle;
    if (plan === 'free') return { status: 'CANCELLED', plan: 'free', scheduledChange: null };
    // Paddle has no downgrade action: the new price starts with the next period, set by us.
    const { provider } = this.deps;
    if (provider && row.providerSubscriptionId) {
      const sub = await provider.changePlan(row.providerSubscriptionId, plan, cycle, 'next_period');
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

/** The plan whose limits apply now. */
export function planOf(row: SubscriptionRow): PlanId {
  if (row.status === 'TRIAL' || row.status === 'ACTIVE') return row.plan as PlanId;
  return 'free';
}

/** Whether the account pays for a running period. */
export function paid(row: SubscriptionRow): boolean {
  return row.status === 'ACTIVE' && row.plan !== 'free' && row.periodEnd !== null;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The same day `months` later, or the month's last day when it is shorter (31 Jan → 28 Feb). */
export function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

export const addCycle = (d: Date, cycle: BillingCycle) => addMonths(d, cycle === 'annual' ? 12 : 1);
