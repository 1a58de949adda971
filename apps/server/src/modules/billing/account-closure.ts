import { BILLING_MESSAGES } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import { UpstreamFailed } from '../../lib/errors';
import type { BillingProvider } from './billing.provider';
import type { SubscriptionRow } from './billing.repository';

/** Whether the provider bills this subscription (deleting the account must cancel it there). */
export function billedByProvider(provider: BillingProvider | null, row: SubscriptionRow): boolean {
  return (
    provider !== null &&
    row.providerSubscriptionId !== null &&
    (row.status === 'ACTIVE' || row.status === 'PAUSED')
  );
}

/**
 * Ends the account's paid subscription at the provider now, before its rows are deleted, so no
 * bill follows a deleted account. Any failure refuses the deletion (502): nothing is deleted.
 * Answers the cancelled subscription's id, or null when the provider bills nothing.
 */
export async function cancelForDeletion(
  provider: BillingProvider | null,
  row: SubscriptionRow,
  log: FastifyBaseLogger,
): Promise<string | null> {
  if (!provider || !billedByProvider(provider, row)) return null;
  const id = row.providerSubscriptionId!;
  try {
    await provider.cancelNow(id);
    return id;
  } catch (error) {
    // Cancelled meanwhile (a webhook not yet applied): the provider bills nothing more.
    const sub = await provider.getSubscription(id).catch(() => null);
    if (sub?.status === 'canceled') return id;
    log.warn({ err: error, subscriptionId: id }, 'billing: cancelling before account deletion failed');
    throw new UpstreamFailed(BILLING_MESSAGES.providerCancelFailed);
  }
}
