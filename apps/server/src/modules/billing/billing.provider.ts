import type {
  BillingCycle,
  PlanId,
  TAddress,
  TAddressBody,
  TPayments,
  TPricingPreview,
} from '@parley/contract';

/** A provider's subscription, read back after every change and event (the source of truth). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Paddle's statuses: active, trialing, past_due, paused, canceled. */
  status: 'active' | 'trialing' | 'past_due' | 'paused' | 'canceled';
  plan: PlanId;
  cycle: BillingCycle;
  periodStart: Date | null;
  periodEnd: Date | null;
  nextBilledAt: Date | null;
  scheduledChange: { action: 'cancel' | 'pause' | 'resume'; effectiveAt: Date } | null;
  /** Our user id, carried in the provider's custom data from checkout on. */
  userId: string | null;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  customerId: string | null;
  plan: PlanId;
  cycle: BillingCycle;
  addressId?: string;
}

/**
 * The payment provider behind the subscription calls: `none` (payments off) or
 * `paddle` (Paddle Billing). Plans, quotas and states are ours; the provider takes the money.
 */
export interface BillingProvider {
  readonly name: 'none' | 'paddle';
  /** Finds or creates the provider's customer for an e-mail. */
  customer(email: string, known: string | null): Promise<string>;
  checkout(request: CheckoutRequest & { customerId: string }): Promise<{ url: string }>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /** Moves to another plan now (upgrade, prorated) or from the next period (a due downgrade). */
  changePlan(
    id: string,
    plan: PlanId,
    cycle: BillingCycle,
    when: 'now' | 'next_period',
  ): Promise<ProviderSubscription>;
  /** Cancel or pause at the end of the billing period. */
  schedule(id: string, action: 'cancel' | 'pause'): Promise<ProviderSubscription>;
  /** Cancels now, not at the period's end (the account is being deleted). */
  cancelNow(id: string): Promise<ProviderSubscription>;
  /** Removes a scheduled cancel or pause. */
  unschedule(id: string): Promise<ProviderSubscription>;
  resume(id: string): Promise<ProviderSubscription>;
  payments(customerId: string): Promise<TPayments>;
  addresses(customerId: string): Promise<TAddress[]>;
  createAddress(customerId: string, body: TAddressBody): Promise<TAddress>;
  updateAddress(customerId: string, id: string, body: TAddressBody & { status?: string }): Promise<TAddress>;
  pricingPreview(request: {
    plan: PlanId;
    cycle: BillingCycle;
    customerId: string | null;
    addressId?: string;
  }): Promise<TPricingPreview>;
}
