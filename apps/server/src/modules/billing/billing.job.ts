import type { JobDefinition } from '../../lib/queue';
import { BILLING_EVENT_JOB, BILLING_RENEWALS_JOB, type BillingService } from './billing.service';

/** Applies one stored provider event (re-reads the subscription from the provider). */
export const billingEventJob = (billing: BillingService): JobDefinition<{ eventId: string }> => ({
  name: BILLING_EVENT_JOB,
  handler: (data) => billing.applyEvent(data.eventId),
  retryLimit: 8,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
});

/** The renewal tick, scheduled every 10 minutes (jobs/start-worker.ts). */
export const billingRenewalsJob = (billing: BillingService): JobDefinition<null> => ({
  name: BILLING_RENEWALS_JOB,
  handler: async () => {
    await billing.settleDue();
  },
  // A missed tick is covered by the next one.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});
