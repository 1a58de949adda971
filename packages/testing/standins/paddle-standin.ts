/**
 * A local stand-in for Paddle Billing (Paddle is unreachable from tests). It speaks the real API
 * for the calls Parley makes and signs webhooks exactly as Paddle does. References:
 *
 * - Requests, `Authorization: Bearer <api key>`, success envelopes `{ data, meta: { request_id } }`
 *   and list pagination `meta.pagination { per_page, next, has_more, estimated_total }` with the
 *   `after` cursor: https://developer.paddle.com/api-reference/about/success-responses.md,
 *   https://developer.paddle.com/api-reference/transactions/list-transactions.md
 * - Errors `{ error: { type, code, detail, documentation_url }, meta: { request_id } }`:
 *   https://developer.paddle.com/api-reference/about/errors.md
 * - Transactions with `checkout.url` (`?_ptxn=txn_…`), subscriptions (`current_billing_period`,
 *   `next_billed_at`, `scheduled_change`), pause/cancel with `effective_from: next_billing_period`,
 *   resume, `PATCH { scheduled_change: null }`:
 *   https://developer.paddle.com/changelog/2023/pause-cancel-subscription-immediately.md,
 *   https://developer.paddle.com/changelog/2023/filter-subscriptions-scheduled-change/,
 *   https://developer.paddle.com/changelog/2024/resume-subscription-billing-period-options.md
 * - Webhook signatures: `Paddle-Signature: ts=<unix seconds>;h1=<hex HMAC-SHA256 of "ts:rawBody">`
 *   with the notification destination's secret, 5 s tolerance:
 *   https://developer.paddle.com/webhooks/about/signature-verification.md
 *
 * Beyond the API, tests drive it like a buyer and like Paddle's clock: `pay(txnId)` completes a
 * checkout, `advance()` applies due scheduled changes and renewals; both answer the webhook
 * events Paddle would send, which `signed(event)` turns into a request body and header.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '@parley/presenter';

type Json = Record<string, any>;

export interface PaddleEvent {
  event_id: string;
  event_type: string;
  occurred_at: string;
  notification_id: string;
  data: Json;
}

export interface PaddlePeer {
  url: string;
  apiKey: string;
  webhookSecret: string;
  priceIds: Record<string, { monthly: string; annual: string }>;
  /** Every API request: method, path with query, body. */
  requests: { method: string; path: string; body: Json | null }[];
  subscriptions: Map<string, Json>;
  transactions: Map<string, Json>;
  /** The buyer pays a checkout: the transaction completes, a subscription starts. */
  pay(transactionId: string): PaddleEvent[];
  /** Paddle's clock reached now: due scheduled changes apply, due renewals bill. */
  advance(): PaddleEvent[];
  /**
   * The next API request whose method and path match answers `status` with Paddle's error body
   * instead (an outage, a refusal); the ones after it are served again.
   */
  failNext(method: string, path: RegExp, status?: number): void;
  /** A webhook request as Paddle sends it; `ts` defaults to the clock. */
  signed(event: PaddleEvent, ts?: number): { body: string; signature: string };
  close(): Promise<void>;
}

const PRICES: Record<string, { amount: number; plan: string; interval: 'month' | 'year' }> = {
  pri_01premiummonthly000000000: { amount: 1900, plan: 'premium', interval: 'month' },
  pri_01premiumannual0000000000: { amount: 19000, plan: 'premium', interval: 'year' },
  pri_01unlimitedmonthly0000000: { amount: 4900, plan: 'unlimited', interval: 'month' },
  pri_01unlimitedannual00000000: { amount: 49000, plan: 'unlimited', interval: 'year' },
};
/** Tax by the address's country, as Paddle would compute it (a fixed table here). */
const TAX_RATES: Record<string, number> = { GB: 0.2, TR: 0.2, DE: 0.19 };

const id = (prefix: string) => `${prefix}_01${randomBytes(12).toString('hex').slice(0, 24)}`;

function addInterval(iso: string, interval: 'month' | 'year'): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + (interval === 'year' ? 12 : 1));
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return d.toISOString();
}

export interface PaddlePeerOptions {
  /**
   * For browsers: the checkout page (`checkout.url`) posts the webhooks of a payment here, signed,
   * then sends the buyer to `returnUrl` (end-to-end tests and manual runs).
   */
  webhookUrl?: string;
  returnUrl?: string;
}

/** Starts the stand-in on a free port; `clock` is Paddle's "now" (the test's pinned clock). */
export async function startPaddlePeer(
  clock: () => Date,
  options: PaddlePeerOptions = {},
): Promise<PaddlePeer> {
  const apiKey = `pdl_sdbx_apikey_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `pdl_ntfset_${randomBytes(16).toString('hex')}`;
  const requests: PaddlePeer['requests'] = [];
  const customers = new Map<string, Json>();
  const addresses = new Map<string, Json[]>();
  const transactions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  let base = '';
  let invoiceNo = 1;
  const failures: { method: string; path: RegExp; status: number }[] = [];
  const now = () => clock().toISOString();

  const event = (type: string, data: Json): PaddleEvent => ({
    event_id: id('evt'),
    event_type: type,
    occurred_at: now(),
    notification_id: id('ntf'),
    data: structuredClone(data),
  });

  const send = (res: ServerResponse, status: number, body: Json) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.setHeader('request-id', body.meta?.request_id ?? '');
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, data: unknown, meta: Json = {}) =>
    send(res, 200, { data, meta: { request_id: randomBytes(16).toString('hex'), ...meta } });
  const fail = (res: ServerResponse, status: number, type: string, code: string, detail: string) =>
    send(res, status, {
      error: { type, code, detail, documentation_url: `https://developer.paddle.com/errors/shared/${code}` },
      meta: { request_id: randomBytes(16).toString('hex') },
    });
  const notFound = (res: ServerResponse, entity: string) =>
    fail(res, 404, 'request_error', 'not_found', `Entity ${entity} not found`);

  /** Cursor pagination as Paddle does it: `after` an id, `per_page` (default 50 here). */
  const page = (res: ServerResponse, url: URL, rows: Json[]) => {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 50), 200);
    const after = url.searchParams.get('after');
    const start = after ? rows.findIndex((r) => r.id === after) + 1 : 0;
    const slice = rows.slice(start, start + perPage);
    const next = new URL(url.toString());
    if (slice.length) next.searchParams.set('after', slice.at(-1)!.id);
    ok(res, slice, {
      pagination: {
        per_page: perPage,
        next: `${base}${next.pathname}${next.search}`,
        has_more: start + perPage < rows.length,
        estimated_total: rows.length,
      },
    });
  };

  const addressOf = (addressId: string | null | undefined) =>
    addressId ? [...addresses.values()].flat().find((a) => a.id === addressId) : undefined;
  const taxRate = (address: Json | undefined) => TAX_RATES[address?.country_code ?? ''] ?? 0;

  const subscriptionOf = (txn: Json, priceId: string): Json => {
    const price = PRICES[priceId]!;
    const start = now();
    const end = addInterval(start, price.interval);
    return {
      id: id('sub'),
      status: 'active',
      customer_id: txn.customer_id,
      address_id: txn.address_id ?? null,
      currency_code: 'USD',
      created_at: start,
      updated_at: start,
      started_at: start,
      first_billed_at: start,
      next_billed_at: end,
      paused_at: null,
      canceled_at: null,
      collection_mode: 'automatic',
      billing_cycle: { interval: price.interval, frequency: 1 },
      current_billing_period: { starts_at: start, ends_at: end },
      scheduled_change: null,
      items: [
        {
          status: 'active',
          quantity: 1,
          price: { id: priceId, unit_price: { amount: String(price.amount), currency_code: 'USD' } },
        },
      ],
      custom_data: txn.custom_data ?? null,
    };
  };

  const bill = (
    customerId: string,
    subscriptionId: string | null,
    priceId: string,
    customData: Json | null,
    status: string,
  ) => {
    const price = PRICES[priceId]!;
    const at = now();
    const txn: Json = {
      id: id('txn'),
      status,
      customer_id: customerId,
      address_id: null,
      subscription_id: subscriptionId,
      invoice_number: status === 'completed' ? `325-${String(10000 + invoiceNo++)}` : null,
      currency_code: 'USD',
      collection_mode: 'automatic',
      origin: subscriptionId ? 'subscription_recurring' : 'web',
      created_at: at,
      updated_at: at,
      billed_at: status === 'completed' ? at : null,
      items: [{ price: { id: priceId }, quantity: 1 }],
      details: {
        totals: {
          subtotal: String(price.amount),
          tax: '0',
          total: String(price.amount),
          grand_total: String(price.amount),
          currency_code: 'USD',
        },
      },
      payments:
        status === 'completed' ? [{ status: 'captured', captured_at: at, amount: String(price.amount) }] : [],
      checkout: { url: '' },
      custom_data: customData,
    };
    txn.checkout.url = `${base}/checkout?_ptxn=${txn.id}`;
    transactions.set(txn.id, txn);
    return txn;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', base);
    const body: Json | null = raw ? JSON.parse(raw) : null;
    requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body });
    if (url.pathname === '/checkout')
      return checkoutPage(res, url.searchParams.get('_ptxn') ?? '', req.method === 'POST');
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return fail(
        res,
        403,
        'request_error',
        'forbidden',
        'You aren\u2019t permitted to perform this request.',
      );
    }
    const failing = failures.findIndex((f) => f.method === req.method && f.path.test(url.pathname));
    if (failing >= 0) {
      const { status } = failures.splice(failing, 1)[0]!;
      return fail(res, status, 'api_error', 'internal_error', 'An internal error occurred.');
    }
    const parts = url.pathname.split('/').filter(Boolean);
    const m = `${req.method} /${parts[0] ?? ''}${parts.length > 1 ? '/:id' : ''}${parts[2] ? `/${parts[2]}` : ''}${parts[3] ? '/:id' : ''}`;
    switch (m) {
      case 'GET /customers': {
        const email = url.searchParams.get('email');
        return page(
          res,
          url,
          [...customers.values()].filter((c) => !email || email.split(',').includes(c.email)),
        );
      }
      case 'POST /customers': {
        if ([...customers.values()].some((c) => c.email === body?.email)) {
          return fail(
            res,
            409,
            'request_error',
            'customer_already_exists',
            `customer email conflicts with customer of id ${body?.email}`,
          );
        }
        const c = {
          id: id('ctm'),
          email: body?.email,
          name: null,
          status: 'active',
          created_at: now(),
          updated_at: now(),
        };
        customers.set(c.id, c);
        return ok(res, c);
      }
      case 'GET /customers/:id/addresses':
      case 'POST /customers/:id/addresses': {
        const ctm = parts[1]!;
        if (!customers.has(ctm)) return notFound(res, ctm);
        const list = addresses.get(ctm) ?? [];
        if (req.method === 'GET') return page(res, url, list);
        if (!body?.country_code) {
          return send(res, 400, {
            error: {
              type: 'request_error',
              code: 'bad_request',
              detail: 'Invalid request.',
              documentation_url: 'https://developer.paddle.com/errors/shared/bad_request',
              errors: [{ field: 'country_code', message: 'country_code is required' }],
            },
            meta: { request_id: randomBytes(16).toString('hex') },
          });
        }
        const a = {
          id: id('add'),
          customer_id: ctm,
          status: 'active',
          created_at: now(),
          updated_at: now(),
          ...body,
        };
        addresses.set(ctm, [...list, a]);
        return ok(res, a);
      }
      case 'PATCH /customers/:id/addresses/:id': {
        const a = (addresses.get(parts[1]!) ?? []).find((x) => x.id === parts[3]);
        if (!a) return notFound(res, parts[3]!);
        Object.assign(a, body, { updated_at: now() });
        return ok(res, a);
      }
      case 'POST /transactions': {
        const priceId = body?.items?.[0]?.price_id;
        if (!PRICES[priceId]) return notFound(res, String(priceId));
        if (!customers.has(body?.customer_id)) return notFound(res, String(body?.customer_id));
        const txn = bill(body!.customer_id, null, priceId, body?.custom_data ?? null, 'ready');
        txn.address_id = body?.address_id ?? null;
        // With an address Paddle adds its tax, so the checkout charges what the preview showed.
        const tax = Math.round(PRICES[priceId]!.amount * taxRate(addressOf(txn.address_id)));
        if (tax > 0) {
          const total = String(PRICES[priceId]!.amount + tax);
          Object.assign(txn.details.totals, { tax: String(tax), total, grand_total: total });
        }
        return ok(res, txn);
      }
      case 'GET /transactions': {
        const ctm = url.searchParams.get('customer_id');
        const statuses = url.searchParams.get('status')?.split(',');
        const rows = [...transactions.values()]
          .filter(
            (t) =>
              (!ctm || ctm.split(',').includes(t.customer_id)) && (!statuses || statuses.includes(t.status)),
          )
          .sort((a, b) => String(b.billed_at ?? '').localeCompare(String(a.billed_at ?? '')));
        return page(res, url, rows);
      }
      case 'GET /subscriptions/:id':
      case 'PATCH /subscriptions/:id':
      case 'POST /subscriptions/:id/cancel':
      case 'POST /subscriptions/:id/pause':
      case 'POST /subscriptions/:id/resume': {
        const sub = subscriptions.get(parts[1]!);
        if (!sub) return notFound(res, parts[1]!);
        const period = sub.current_billing_period;
        if (m === 'PATCH /subscriptions/:id') {
          if (body && 'scheduled_change' in body && body.scheduled_change === null)
            sub.scheduled_change = null;
          const priceId = body?.items?.[0]?.price_id;
          if (priceId) {
            if (!PRICES[priceId]) return notFound(res, priceId);
            sub.items = [{ status: 'active', quantity: 1, price: { id: priceId } }];
            sub.billing_cycle = { interval: PRICES[priceId]!.interval, frequency: 1 };
            if (body?.proration_billing_mode === 'prorated_immediately') {
              bill(sub.customer_id, sub.id, priceId, sub.custom_data, 'completed');
            }
          }
        } else if (parts[2] === 'cancel' && body?.effective_from === 'immediately') {
          // Cancelled now: an active or paused subscription ends, nothing is billed again.
          if (sub.status === 'canceled') {
            return fail(
              res,
              400,
              'request_error',
              'subscription_update_when_canceled',
              'subscription is canceled',
            );
          }
          Object.assign(sub, {
            status: 'canceled',
            canceled_at: now(),
            next_billed_at: null,
            current_billing_period: null,
            scheduled_change: null,
          });
        } else if (parts[2] === 'cancel' || parts[2] === 'pause') {
          if (sub.status !== 'active') {
            return fail(
              res,
              400,
              'request_error',
              'subscription_locked_pending_changes',
              'subscription is not active',
            );
          }
          sub.scheduled_change = { action: parts[2], effective_at: period.ends_at, resume_at: null };
        } else if (parts[2] === 'resume') {
          if (sub.status !== 'paused') {
            return fail(
              res,
              400,
              'request_error',
              'subscription_is_not_paused',
              'subscription is not paused',
            );
          }
          const start = now();
          const end = addInterval(start, sub.billing_cycle.interval);
          Object.assign(sub, {
            status: 'active',
            paused_at: null,
            scheduled_change: null,
            current_billing_period: { starts_at: start, ends_at: end },
            next_billed_at: end,
          });
          bill(sub.customer_id, sub.id, sub.items[0].price.id, sub.custom_data, 'completed');
        }
        sub.updated_at = now();
        return ok(res, sub);
      }
      case 'POST /pricing-preview': {
        const priceId = body?.items?.[0]?.price_id;
        const price = PRICES[priceId];
        if (!price) return notFound(res, String(priceId));
        const address = body?.address_id ? addressOf(body.address_id) : body?.address;
        const rate = taxRate(address);
        const tax = Math.round(price.amount * rate);
        const totals = {
          subtotal: String(price.amount),
          discount: '0',
          tax: String(tax),
          total: String(price.amount + tax),
        };
        return ok(res, {
          customer_id: body?.customer_id ?? null,
          address_id: body?.address_id ?? null,
          currency_code: 'USD',
          address: address
            ? { country_code: address.country_code, postal_code: address.postal_code ?? null }
            : null,
          details: {
            line_items: [
              {
                price: { id: priceId },
                quantity: 1,
                tax_rate: String(rate),
                unit_totals: totals,
                formatted_totals: totals,
                totals,
              },
            ],
          },
        });
      }
      default:
        return fail(res, 404, 'request_error', 'not_found', `Path ${url.pathname} not found`);
    }
  };

  /** The buyer's page of a checkout link: a Pay button; paying posts Paddle's webhooks, then returns. */
  const checkoutPage = (res: ServerResponse, txnId: string, paying: boolean) => {
    const txn = transactions.get(txnId);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (!txn) {
      res.statusCode = 404;
      return res.end('<!doctype html><title>Checkout</title><p>No such checkout.</p>');
    }
    if (!paying) {
      // What Paddle's hosted checkout shows the buyer: the item, who pays, the totals, one button.
      const usd = (k: string) => `USD ${(Number(txn.details.totals[k]) / 100).toFixed(2)}`;
      const price = PRICES[txn.items[0].price.id]!;
      const item = `${price.plan.charAt(0).toUpperCase()}${price.plan.slice(1)}, billed ${price.interval === 'year' ? 'yearly' : 'monthly'}`;
      const email = escapeHtml(String(customers.get(txn.customer_id)?.email ?? ''));
      return res.end(
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Checkout</title><style>' +
          'body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;color:#212529}' +
          'main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:24px 28px;box-shadow:0 2px 12px #0002}' +
          'small{color:#868e96}h1{font-size:1.3rem}dl{display:grid;grid-template-columns:1fr auto;gap:8px 12px}' +
          'dd{margin:0;text-align:right}.total{font-weight:700;border-top:1px solid #dee2e6;padding-top:8px}' +
          'button{width:100%;padding:12px;border:0;border-radius:8px;background:#4263eb;color:#fff;font-size:1rem;cursor:pointer}' +
          `</style><main><small>Paddle checkout (local stand-in)</small><h1>${item}</h1><p>${email}</p><dl>` +
          `<dt>Subtotal</dt><dd>${usd('subtotal')}</dd><dt>Tax</dt><dd>${usd('tax')}</dd>` +
          `<dt class="total">Total due today</dt><dd class="total" data-testid="checkout-total">${usd('grand_total')}</dd></dl>` +
          `<form method="post" action="/checkout?_ptxn=${txn.id}"><button type="submit">Pay now</button></form></main>`,
      );
    }
    const events = txn.status === 'ready' ? peer.pay(txn.id) : [];
    void (async () => {
      for (const e of events) {
        if (!options.webhookUrl) break;
        const { body, signature } = peer.signed(e);
        await fetch(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'paddle-signature': signature },
          body,
        }).catch(() => {});
      }
      res.statusCode = 303;
      res.setHeader('location', options.returnUrl ?? '/');
      res.end();
    })();
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      try {
        handle(req, res, raw);
      } catch (error) {
        fail(res, 500, 'api_error', 'internal_error', String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: PaddlePeer = {
    url: base,
    apiKey,
    webhookSecret,
    priceIds: {
      premium: { monthly: 'pri_01premiummonthly000000000', annual: 'pri_01premiumannual0000000000' },
      unlimited: { monthly: 'pri_01unlimitedmonthly0000000', annual: 'pri_01unlimitedannual00000000' },
    },
    requests,
    subscriptions,
    transactions,
    pay(transactionId) {
      const txn = transactions.get(transactionId);
      if (!txn || txn.status !== 'ready') throw new Error(`no open checkout ${transactionId}`);
      const sub = subscriptionOf(txn, txn.items[0].price.id);
      subscriptions.set(sub.id, sub);
      Object.assign(txn, {
        status: 'completed',
        subscription_id: sub.id,
        billed_at: now(),
        updated_at: now(),
        invoice_number: `325-${String(10000 + invoiceNo++)}`,
        payments: [{ status: 'captured', captured_at: now(), amount: txn.details.totals.grand_total }],
      });
      return [
        event('transaction.completed', txn),
        event('subscription.created', sub),
        event('subscription.activated', sub),
      ];
    },
    advance() {
      const events: PaddleEvent[] = [];
      const at = clock();
      for (const sub of subscriptions.values()) {
        const change = sub.scheduled_change;
        if (change && new Date(change.effective_at) <= at) {
          if (change.action === 'cancel')
            Object.assign(sub, {
              status: 'canceled',
              canceled_at: change.effective_at,
              next_billed_at: null,
            });
          if (change.action === 'pause')
            Object.assign(sub, { status: 'paused', paused_at: change.effective_at, next_billed_at: null });
          sub.scheduled_change = null;
          sub.updated_at = now();
          events.push(
            event(change.action === 'cancel' ? 'subscription.canceled' : 'subscription.paused', sub),
          );
          continue;
        }
        while (sub.status === 'active' && new Date(sub.current_billing_period.ends_at) <= at) {
          const start = sub.current_billing_period.ends_at;
          const end = addInterval(start, sub.billing_cycle.interval);
          Object.assign(sub, {
            current_billing_period: { starts_at: start, ends_at: end },
            next_billed_at: end,
            updated_at: now(),
          });
          const txn = bill(sub.customer_id, sub.id, sub.items[0].price.id, sub.custom_data, 'completed');
          events.push(event('transaction.completed', txn), event('subscription.updated', sub));
        }
      }
      return events;
    },
    failNext(method, path, status = 500) {
      failures.push({ method, path, status });
    },
    signed(e, ts = Math.floor(clock().getTime() / 1000)) {
      const body = JSON.stringify(e);
      const h1 = createHmac('sha256', webhookSecret).update(`${ts}:${body}`).digest('hex');
      return { body, signature: `ts=${ts};h1=${h1}` };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
