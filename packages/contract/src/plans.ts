import { ZCountryCode } from './countries';
import { LIMITS, NOTIFICATION_FREQUENCIES } from './limits';
import { z } from './zod';

/** The plans of spec 2 §9, cheapest first. */
export const PLAN_IDS = ['free', 'premium', 'unlimited'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const SUBSCRIPTION_STATUSES = ['TRIAL', 'ACTIVE', 'PAUSED', 'CANCELLED', 'EXPIRED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type DigestFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

/** What a plan allows; null = unlimited. */
export interface PlanLimits {
  /** Answered questions a billing month. */
  conversations: number | null;
  /** Requests that use the language model for insights, a billing month. */
  gpt_insights: number | null;
  collections: number | null;
  cards_per_collection: number | null;
  /** Digest frequencies a collection may choose. */
  digests: DigestFrequency[];
  /** Alerts a user may have (issue 34). */
  alerts: number | null;
}

export interface PlanDefinition {
  plan: PlanId;
  name: string;
  /** Monthly price in whole currency units; annual is ANNUAL_MONTHS × this ("two months free"). */
  monthly: number;
  limits: PlanLimits;
}

/** An annual plan costs this many months: two months free (spec 2 §9). */
export const ANNUAL_MONTHS = 10;
export const PLAN_CURRENCY = 'USD';
/** A new account's Premium trial (spec 2 §9). */
export const TRIAL_DAYS = 14;
/** The plan a trial gives. */
export const TRIAL_PLAN: PlanId = 'premium';

/**
 * The one table of plans (spec 2 §9), read by the server's quota gate, the plans call and the
 * subscription screen. The spec names an AI-insight limit for Free only; the others have none.
 */
export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    plan: 'free',
    name: 'Free',
    monthly: 0,
    limits: {
      conversations: 300,
      gpt_insights: 10,
      collections: 2,
      cards_per_collection: 5,
      digests: ['weekly', 'monthly'],
      alerts: 3,
    },
  },
  premium: {
    plan: 'premium',
    name: 'Premium',
    monthly: 19,
    limits: {
      conversations: 3000,
      gpt_insights: null,
      collections: 5,
      cards_per_collection: 10,
      digests: ['daily', 'weekly', 'monthly'],
      alerts: 25,
    },
  },
  unlimited: {
    plan: 'unlimited',
    name: 'Unlimited',
    monthly: 49,
    limits: {
      conversations: null,
      gpt_insights: null,
      collections: 10,
      cards_per_collection: 20,
      digests: ['daily', 'weekly', 'monthly'],
      alerts: null,
    },
  },
};

/** A plan's price for a billing cycle, in whole currency units. */
export function planPrice(plan: PlanId, cycle: BillingCycle): number {
  const monthly = PLANS[plan].monthly;
  return cycle === 'annual' ? monthly * ANNUAL_MONTHS : monthly;
}

/** Whether moving from `from` to `to` is an upgrade (applied now) rather than a downgrade (at renewal). */
export function isUpgrade(from: PlanId, to: PlanId): boolean {
  return PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(from);
}

const ZPlanId = z.enum(PLAN_IDS);
const ZCycle = z.enum(BILLING_CYCLES);

export const ZPlanLimits = z.object({
  conversations: z.number().nullable(),
  gpt_insights: z.number().nullable(),
  collections: z.number().nullable(),
  cards_per_collection: z.number().nullable(),
  digests: z.array(z.enum(NOTIFICATION_FREQUENCIES)),
  alerts: z.number().nullable(),
});

/** A collection with more cards than a plan allows. */
export const ZOverLimitCollection = z.object({
  id: z.string(),
  name: z.string(),
  cards: z.number(),
  limit: z.number(),
});

/** The plan a cancel falls back to, and which of the user's collections exceed it. */
export const ZFallback = z.object({
  plan: ZPlanId,
  collections: z.object({ count: z.number(), limit: z.number().nullable() }),
  over: z.array(ZOverLimitCollection),
});
export type TFallback = z.infer<typeof ZFallback>;

/** GET /api/v1/subscription (DESIGN §11). */
export const ZSubscription = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: ZPlanId,
  billing_cycle: ZCycle,
  price: z.object({ amount: z.number(), currency: z.string() }),
  trial_ends_at: z.string().nullable(),
  next_bill_date: z.string().nullable(),
  renewal_date: z.string().nullable(),
  scheduled_change: z
    .object({
      action: z.enum(['cancel', 'downgrade', 'pause']),
      effective_at: z.string(),
      plan: ZPlanId.optional(),
    })
    .nullable(),
  limits: ZPlanLimits,
  usage: z.object({ conversations: z.number(), gpt_insights: z.number(), collections: z.number() }),
  /** Whether a plan can be bought here; `no_provider`: the server has no payment provider. */
  checkout: z.object({ available: z.boolean(), reason: z.enum(['no_provider']).nullable() }),
  /** A subscription the provider bills: deleting the account cancels it there first. */
  paid_with_provider: z.boolean(),
  /** Where a cancel, a pause (or the trial's end) lands: that plan's limits against what the user has. */
  fallback: ZFallback.nullable(),
  /** The same for every cheaper plan, cheapest first: what a downgrade to it would leave over. */
  downgrades: z.array(ZFallback),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** GET /api/v1/plans */
export const ZPlans = z.array(
  z.object({
    plan: ZPlanId,
    name: z.string(),
    prices: z.object({ monthly: z.number(), annual: z.number(), currency: z.string() }),
    limits: ZPlanLimits,
  }),
);
export type TPlans = z.infer<typeof ZPlans>;

const addressId = z.string().min(1).max(LIMITS.ID);

/** POST /api/v1/subscription/checkout and /api/v1/pricing-preview. */
export const ZCheckoutBody = z.object({
  plan: ZPlanId,
  billing_cycle: ZCycle,
  address_id: addressId.optional(),
});
export type TCheckoutBody = z.infer<typeof ZCheckoutBody>;
export const ZCheckoutResponse = z.object({ checkout_url: z.string() });

/** POST /api/v1/subscription/change */
export const ZChangePlanBody = z.object({ plan: ZPlanId, billing_cycle: ZCycle });
export type TChangePlanBody = z.infer<typeof ZChangePlanBody>;

/** GET /api/v1/payments */
export const ZPayments = z.array(
  z.object({
    invoice_no: z.string().nullable(),
    due_date: z.string().nullable(),
    billing_date: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    paid: z.boolean(),
  }),
);
export type TPayments = z.infer<typeof ZPayments>;

const text = (max: number) => z.string().trim().max(max);

/** An address as a form sends it (POST); PUT adds its id. */
export const ZAddressBody = z.object({
  name: text(200).optional().default(''),
  first_line: text(200).optional().default(''),
  second_line: text(200).optional().default(''),
  city: text(200).optional().default(''),
  postal_code: text(20).optional().default(''),
  region: text(200).optional().default(''),
  country: ZCountryCode,
});
export type TAddressBody = z.input<typeof ZAddressBody>;
export const ZUpdateAddressBody = ZAddressBody.extend({
  id: addressId,
  status: z.enum(['active', 'archived']).optional(),
});
export type TUpdateAddressBody = z.input<typeof ZUpdateAddressBody>;

export const ZAddress = z.object({
  id: z.string(),
  status: z.string(),
  name: z.string(),
  first_line: z.string(),
  second_line: z.string(),
  city: z.string(),
  postal_code: z.string(),
  region: z.string(),
  country: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;
export const ZAddresses = z.array(ZAddress);

/** POST /api/v1/pricing-preview answer, in whole currency units. */
export const ZPricingPreview = z.object({
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  currency: z.string(),
});
export type TPricingPreview = z.infer<typeof ZPricingPreview>;

/** Messages of the subscription calls, shared by server and screen. */
export const BILLING_MESSAGES = {
  paymentsOff: 'Payments are not enabled on this server.',
  providerCancelFailed:
    'Your subscription could not be cancelled with the payment provider, so your account was not deleted. Please try again shortly.',
  noPaidPlan: 'You have no paid subscription to change.',
  samePlan: 'You are already on this plan.',
  notPaused: 'Your subscription is not paused.',
  nothingScheduled: 'There is no scheduled change to undo.',
  freeCheckout: 'The Free plan needs no checkout.',
  alreadySubscribed: 'You already have a subscription: change its plan instead.',
  addressNotFound: 'Address not found!',
} as const;
