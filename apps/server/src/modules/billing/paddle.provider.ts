import type {
  BillingCycle,
  PlanId,
  TAddress,
  TAddressBody,
  TPayments,
  TPricingPreview,
} from '@parley/contract';
import { Invalid, UpstreamFailed } from '../../lib/errors';
import type { BillingProvider, CheckoutRequest, ProviderSubscription } from './billing.provider';

export type PriceIds = Record<string, { monthly: string; annual: string }>;

/** `meta` of an answer: the request id, and cursor pagination on lists. */
interface PaddleMeta {
  request_id?: string;
  pagination?: { per_page: number; next: string; has_more: boolean; estimated_total: number };
}

interface PaddleError {
  error?: { type?: string; code?: string; detail?: string };
}

/** Paddle's subscription entity, the fields we read (developer.paddle.com/api-reference/subscriptions). */
interface PaddleSubscription {
  id: string;
  status: ProviderSubscription['status'];
  customer_id: string;
  items: { price: { id: string } }[];
  current_billing_period: { starts_at: string; ends_at: string } | null;
  next_billed_at: string | null;
  scheduled_change: { action: 'cancel' | 'pause' | 'resume'; effective_at: string } | null;
  custom_data: Record<string, string> | null;
}

interface PaddleAddress {
  id: string;
  status: string;
  description: string | null;
  first_line: string | null;
  second_line: string | null;
  city: string | null;
  postal_code: string | null;
  region: string | null;
  country_code: string;
}

/** Money in Paddle is a string of the lowest denomination ("1900" = 19.00). */
const units = (minor: string | number) => Number(minor) / 100;

/**
 * Paddle Billing over its REST API: `Authorization: Bearer`, JSON `{ data, meta }` answers, errors
 * `{ error: { type, code, detail } }`, cursor pagination through `meta.pagination.next`.
 */
export class PaddleProvider implements BillingProvider {
  readonly name = 'paddle' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly prices: PriceIds,
  ) {}

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ data: T; meta: PaddleMeta }> {
    const url = path.startsWith('http') ? path : `${this.baseUrl.replace(/\/$/, '')}${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new UpstreamFailed('The payment provider is not reachable. Please try again shortly.');
    }
    const json = (await res.json().catch(() => ({}))) as PaddleError & { data: T; meta: PaddleMeta };
    if (!res.ok) {
      const detail = json.error?.detail ?? `status ${res.status}`;
      if (res.status === 400 || res.status === 404 || res.status === 409)
        throw new Invalid(`Payment provider: ${detail}`);
      throw new UpstreamFailed(`The payment provider failed: ${detail}`);
    }
    return json;
  }

  /** Every page of a list (cursor pagination). */
  private async list<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    let next: string | null = path;
    for (let page = 0; next && page < 20; page++) {
      const answer: { data: T[]; meta: PaddleMeta } = await this.call<T[]>('GET', next);
      out.push(...answer.data);
      next = answer.meta?.pagination?.has_more ? answer.meta.pagination.next : null;
    }
    return out;
  }

  private priceId(plan: PlanId, cycle: BillingCycle): string {
    const id = this.prices[plan]?.[cycle];
    if (!id) throw new Invalid(`No price is configured for the ${plan} plan (${cycle}).`);
    return id;
  }

  private planOf(priceId: string | undefined): { plan: PlanId; cycle: BillingCycle } {
    for (const [plan, ids] of Object.entries(this.prices)) {
      if (ids.monthly === priceId) return { plan: plan as PlanId, cycle: 'monthly' };
      if (ids.annual === priceId) return { plan: plan as PlanId, cycle: 'annual' };
    }
    throw new UpstreamFailed(`The payment provider answered an unknown price ${priceId}.`);
  }

  private toSubscription(s: PaddleSubscription): ProviderSubscription {
    const { plan, cycle } = this.planOf(s.items[0]?.price.id);
    return {
      id: s.id,
      customerId: s.customer_id,
      status: s.status,
      plan,
      cycle,
      periodStart: s.current_billing_period ? new Date(s.current_billing_period.starts_at) : null,
      periodEnd: s.current_billing_period ? new Date(s.current_billing_period.ends_at) : null,
      nextBilledAt: s.next_billed_at ? new Date(s.next_billed_at) : null,
      scheduledChange: s.scheduled_change
        ? { action: s.scheduled_change.action, effectiveAt: new Date(s.scheduled_change.effective_at) }
        : null,
      userId: s.custom_data?.user_id ?? null,
    };
  }

  async customer(email: string, known: string | null): Promise<string> {
    if (known) return known;
    const found = await this.call<{ id: string }[]>('GET', `/customers?email=${encodeURIComponent(email)}`);
    if (found.data[0]) return found.data[0].id;
    return (await this.call<{ id: string }>('POST', '/customers', { email })).data.id;
  }

  async checkout(r: CheckoutRequest & { customerId: string }): Promise<{ url: string }> {
    const { data } = await this.call<{ checkout: { url: string } | null }>('POST', '/transactions', {
      items: [{ price_id: this.priceId(r.plan, r.cycle), quantity: 1 }],
      customer_id: r.customerId,
      ...(r.addressId ? { address_id: r.addressId } : {}),
      collection_mode: 'automatic',
      custom_data: { user_id: r.userId, plan: r.plan, billing_cycle: r.cycle },
    });
    if (!data.checkout?.url) throw new UpstreamFailed('The payment provider gave no checkout link.');
    return { url: data.checkout.url };
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    return this.toSubscription((await this.call<PaddleSubscription>('GET', `/subscriptions/${id}`)).data);
  }

  async changePlan(id: string, plan: PlanId, cycle: BillingCycle, when: 'now' | 'next_period') {
    const { data } = await this.call<PaddleSubscription>('PATCH', `/subscriptions/${id}`, {
      items: [{ price_id: this.priceId(plan, cycle), quantity: 1 }],
      proration_billing_mode: when === 'now' ? 'prorated_immediately' : 'full_next_billing_period',
    });
    return this.toSubscription(data);
  }

  async schedule(id: string, action: 'cancel' | 'pause') {
    const { data } = await this.call<PaddleSubscription>('POST', `/subscriptions/${id}/${action}`, {
      effective_from: 'next_billing_period',
    });
    return this.toSubscription(data);
  }

  async cancelNow(id: string) {
    const { data } = await this.call<PaddleSubscription>('POST', `/subscriptions/${id}/cancel`, {
      effective_from: 'immediately',
    });
    return this.toSubscription(data);
  }

  async unschedule(id: string) {
    const { data } = await this.call<PaddleSubscription>('PATCH', `/subscriptions/${id}`, {
      scheduled_change: null,
    });
    return this.toSubscription(data);
  }

  async resume(id: string) {
    const { data } = await this.call<PaddleSubscription>('POST', `/subscriptions/${id}/resume`, {
      effective_from: 'immediately',
    });
    return this.toSubscription(data);
  }

  async payments(customerId: string): Promise<TPayments> {
    const txns = await this.list<{
      invoice_number: string | null;
      status: string;
      billed_at: string | null;
      created_at: string;
      currency_code: string;
      details: { totals: { grand_total: string } };
      payments: { captured_at: string | null }[];
    }>(
      `/transactions?customer_id=${encodeURIComponent(customerId)}&status=billed,paid,completed,past_due&order_by=billed_at[DESC]`,
    );
    return txns.map((t) => ({
      invoice_no: t.invoice_number,
      due_date: t.billed_at,
      billing_date: t.payments.find((p) => p.captured_at)?.captured_at ?? t.billed_at ?? t.created_at,
      amount: units(t.details.totals.grand_total),
      currency: t.currency_code,
      paid: t.status === 'paid' || t.status === 'completed',
    }));
  }

  async addresses(customerId: string): Promise<TAddress[]> {
    const rows = await this.list<PaddleAddress>(`/customers/${customerId}/addresses?order_by=id[ASC]`);
    return rows.map(toAddress);
  }

  async createAddress(customerId: string, body: TAddressBody): Promise<TAddress> {
    return toAddress(
      (await this.call<PaddleAddress>('POST', `/customers/${customerId}/addresses`, fromAddress(body))).data,
    );
  }

  async updateAddress(
    customerId: string,
    id: string,
    body: TAddressBody & { status?: string },
  ): Promise<TAddress> {
    const path = `/customers/${customerId}/addresses/${encodeURIComponent(id)}`;
    return toAddress((await this.call<PaddleAddress>('PATCH', path, fromAddress(body))).data);
  }

  async pricingPreview(r: {
    plan: PlanId;
    cycle: BillingCycle;
    customerId: string | null;
    addressId?: string;
  }) {
    const { data } = await this.call<{
      currency_code: string;
      details: { line_items: { totals: { subtotal: string; tax: string; total: string } }[] };
    }>('POST', '/pricing-preview', {
      items: [{ price_id: this.priceId(r.plan, r.cycle), quantity: 1 }],
      ...(r.customerId ? { customer_id: r.customerId } : {}),
      ...(r.addressId ? { address_id: r.addressId } : {}),
    });
    const sum = (k: 'subtotal' | 'tax' | 'total') =>
      data.details.line_items.reduce((n, li) => n + units(li.totals[k]), 0);
    return {
      subtotal: sum('subtotal'),
      tax: sum('tax'),
      total: sum('total'),
      currency: data.currency_code,
    } satisfies TPricingPreview;
  }
}

function toAddress(a: PaddleAddress): TAddress {
  return {
    id: a.id,
    status: a.status,
    name: a.description ?? '',
    first_line: a.first_line ?? '',
    second_line: a.second_line ?? '',
    city: a.city ?? '',
    postal_code: a.postal_code ?? '',
    region: a.region ?? '',
    country: a.country_code,
  };
}

function fromAddress(b: TAddressBody & { status?: string }) {
  return {
    description: b.name ?? null,
    first_line: b.first_line ?? null,
    second_line: b.second_line ?? null,
    city: b.city ?? null,
    postal_code: b.postal_code ?? null,
    region: b.region ?? null,
    country_code: b.country,
    ...(b.status ? { status: b.status } : {}),
  };
}
