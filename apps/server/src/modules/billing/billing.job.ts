import type { JobDefinition } from '../../lib/queue';
import { BILLING_EVENT_JOB, type BillingWebhooksService } from './billing-webhooks.service';
import { BILLING_RENEWALS_JOB, type SubscriptionsService } from './subscriptions.service';

/** Applies one stored provider event (re-reads the subscription from the provider). */
export const billingEventJob = (
  webhooks: Pick<BillingWebhooksService, 'applyEvent'>,
): JobDefinition<{ eventId: string }> => ({
  name: BILLING_EVENT_JOB,
  handler: (data) => webhooks.applyEvent(data.eventId),
  retryLimit: 8,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
});

/** The renewal tick, scheduled every 10 minutes (jobs/start-worker.ts). */
export const billingRenewalsJob = (
  subscriptions: Pick<SubscriptionsService, 'settleDue'>,
): JobDefinition<null> => ({
  name: BILLING_RENEWALS_JOB,
  handler: async () => {
    await subscriptions.settleDue();
  },
  // A missed tick is covered by the next one.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});
