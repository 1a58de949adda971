import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { InvalidationBus } from './lib/invalidation';
import type { JobQueue } from './lib/queue';
import { processCopyMs } from './lib/ttl-cache';
import { billingEventJob, billingRenewalsJob } from './modules/billing/billing.job';
import { BillingRepository } from './modules/billing/billing.repository';
import { BillingWebhooksService } from './modules/billing/billing-webhooks.service';
import { PaddleProvider } from './modules/billing/paddle.provider';
import { QuotaService } from './modules/billing/quotas.service';
import { SubscriptionState } from './modules/billing/subscription-state';
import { SubscriptionsService } from './modules/billing/subscriptions.service';

/**
 * Plans and payments: the quota gate, the subscription and its provider, the provider's webhooks.
 * The three share one repository and one subscription state machine; their jobs are defined here.
 */
export function buildBillingServices(
  config: Config,
  database: Database,
  deps: { queue: JobQueue; invalidation: InvalidationBus; log: FastifyBaseLogger; clock: () => Date },
) {
  const { queue, invalidation, log, clock } = deps;
  const repo = new BillingRepository(database.db, {
    copyMs: processCopyMs(database.kind),
    bus: invalidation,
  });
  const provider =
    config.BILLING_PROVIDER === 'paddle'
      ? new PaddleProvider(config.PADDLE_API_URL, config.PADDLE_API_KEY ?? '', config.PADDLE_PRICE_IDS ?? {})
      : null;
  const state = new SubscriptionState({
    repo,
    provider,
    demoEmail: config.DEMO ? config.DEMO_EMAIL : null,
    clock,
  });
  const quotas = new QuotaService({ state, repo, log, clock });
  const subscriptions = new SubscriptionsService({ state, repo, provider, quotas, log, clock });
  const billingWebhooks = new BillingWebhooksService({
    state,
    repo,
    provider,
    queue,
    webhookSecret: config.BILLING_WEBHOOK_SECRET ?? null,
    log,
    clock,
  });
  queue.define(billingEventJob(billingWebhooks));
  queue.define(billingRenewalsJob(subscriptions));
  return { quotas, subscriptions, billingWebhooks };
}
