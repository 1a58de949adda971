import {
  type BillingCycle,
  PLAN_CURRENCY,
  PLAN_IDS,
  PLANS,
  type PlanId,
  planPrice,
  type SubscriptionStatus,
  type TPlans,
  type TSubscription,
} from '@parley/contract';
import { billedByProvider } from './account-closure';
import type { BillingProvider } from './billing.provider';
import type { SubscriptionRow } from './billing.repository';
import { downgradesOf, fallbackOf } from './fallback';
import { iso, planOf } from './subscription-state';

/** What the subscription screen shows beside the row: the month's counters and the collections. */
export interface SubscriptionFacts {
  row: SubscriptionRow;
  usage: { conversations: number; gpt_insights: number };
  collections: readonly { id: string; name: string; cards: number }[];
  provider: BillingProvider | null;
}

/** GET /api/v1/subscription's answer from the settled row. */
export function toSubscription({ row, usage, collections, provider }: SubscriptionFacts): TSubscription {
  const plan = planOf(row);
  const cycle = row.billingCycle as BillingCycle;
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
    usage: { ...usage, collections: collections.length },
    checkout: { available: provider !== null, reason: provider ? null : 'no_provider' },
    paid_with_provider: billedByProvider(provider, row),
    fallback: fallbackOf(plan, collections),
    downgrades: downgradesOf(plan, collections),
  };
}

/** GET /api/v1/plans: every plan with its prices and limits. */
export function planList(): TPlans {
  return PLAN_IDS.map((id) => ({
    plan: id,
    name: PLANS[id].name,
    prices: { monthly: planPrice(id, 'monthly'), annual: planPrice(id, 'annual'), currency: PLAN_CURRENCY },
    limits: PLANS[id].limits,
  }));
}
