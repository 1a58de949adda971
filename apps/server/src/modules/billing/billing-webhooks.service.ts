import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Invalid, Unauthenticated } from '../../lib/errors';
import type { JobQueue } from '../../lib/queue';
import type { BillingProvider } from './billing.provider';
import type { BillingRepository } from './billing.repository';
import type { SubscriptionState } from './subscription-state';

export const BILLING_EVENT_JOB = 'billing-event';
/** Paddle's tolerance for a signature's timestamp (developer.paddle.com/webhooks/signature-verification). */
export const WEBHOOK_TOLERANCE_SECONDS = 5;

export interface BillingWebhooksDeps {
  state: SubscriptionState;
  repo: BillingRepository;
  /** The payment provider; null when payments are off (every event is then ignored). */
  provider: BillingProvider | null;
  queue: JobQueue;
  /** The provider's signing secret; null refuses every webhook. */
  webhookSecret: string | null;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/** A webhook body as far as we read it before storing it. */
interface ProviderEvent {
  event_id?: unknown;
  event_type?: unknown;
  occurred_at?: unknown;
  data?: unknown;
}

/**
 * The provider's webhooks: verified over the raw body, stored once by event id, then applied by the
 * billing-event job (billing.job.ts), which re-reads the subscription from the provider.
 */
export class BillingWebhooksService {
  constructor(private readonly deps: BillingWebhooksDeps) {}

  /**
   * POST /api/v1/billing/webhook: the signature over the raw body (HMAC-SHA256 of `ts:body`,
   * timing-safe, 5 s tolerance), the event stored once by its id, the work queued.
   */
  async receiveWebhook(raw: Buffer, header: string | undefined): Promise<void> {
    if (!this.verify(raw, header)) throw new Unauthenticated('Invalid webhook signature.');
    let event: ProviderEvent;
    try {
      // An authentic event is taken whatever its text, since the provider retries any refusal for
      // days; PostgreSQL stores no NUL in text or jsonb, so its text is made storable first.
      event = storable(JSON.parse(raw.toString('utf8'))) as ProviderEvent;
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
    const fresh = await this.deps.repo.insertEvent({
      eventId: event.event_id,
      eventType: event.event_type,
      occurredAt,
      payload: event as Record<string, unknown>,
      receivedAt: this.deps.clock(),
    });
    if (fresh)
      await this.deps.queue.enqueue(BILLING_EVENT_JOB, { eventId: event.event_id }, { key: event.event_id });
  }

  private verify(raw: Buffer, header: string | undefined): boolean {
    const secret = this.deps.webhookSecret;
    if (!secret || !header) return false;
    const parts = header.split(';').map((p) => p.trim().split('='));
    const ts = parts.find(([k]) => k === 'ts')?.[1];
    const signatures = parts.filter(([k]) => k === 'h1').map(([, v]) => v ?? '');
    if (!ts || !/^\d+$/.test(ts) || signatures.length === 0) return false;
    if (Math.abs(this.deps.clock().getTime() / 1000 - Number(ts)) > WEBHOOK_TOLERANCE_SECONDS) return false;
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
    const { repo, provider, state, clock } = this.deps;
    const event = await repo.findEvent(eventId);
    if (!event || event.appliedAt) return;
    const data = (event.payload.data ?? {}) as Record<string, unknown>;
    const subId = event.eventType.startsWith('subscription.') ? data.id : data.subscription_id;
    if (!provider || typeof subId !== 'string') {
      await repo.finishEvent(eventId, 'ignored', clock());
      return;
    }
    const custom = (data.custom_data ?? {}) as Record<string, unknown>;
    const known = await repo.findByProviderId(subId);
    const userId = known?.userId ?? (typeof custom.user_id === 'string' ? custom.user_id : null);
    if (!userId) {
      await repo.finishEvent(eventId, 'ignored', clock());
      return;
    }
    const row = await state.current({ userId, timezone: null });
    if (row.eventAt && event.occurredAt < row.eventAt) {
      await repo.finishEvent(eventId, 'stale', clock());
      return;
    }
    const sub = await provider.getSubscription(subId);
    const ok = await repo.update(userId, row.updatedAt, {
      ...state.fromProvider(sub, row),
      eventAt: event.occurredAt,
      updatedAt: state.now(row),
    });
    // Another writer moved the row meanwhile: throw so the job retries on fresh state.
    if (!ok) throw new Error(`subscription of ${userId} changed while applying ${eventId}`);
    await repo.finishEvent(eventId, 'applied', clock());
    this.deps.log.info({ eventId, type: event.eventType }, 'billing event applied');
  }
}

/** A parsed JSON value PostgreSQL can store: NUL characters and lone surrogates become U+FFFD. */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\ufffd').toWellFormed();
  if (Array.isArray(value)) return value.map(storable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)]));
}
