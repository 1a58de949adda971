import type {
  TAddressBody,
  TChangePlanBody,
  TCheckoutBody,
  TSubscription,
  TUpdateAddressBody,
} from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { billingError } from '../../../lib/billing-words';
import { toast } from '../../../lib/toast';
import { useRefetchTenant } from '../../session';
import '../i18n';

/** Query keys of the billing resources (spec 2 §4; DESIGN §11). */
export const billingKeys = {
  subscription: ['billing', 'subscription'] as const,
  plans: ['billing', 'plans'] as const,
  payments: ['billing', 'payments'] as const,
  addresses: ['billing', 'addresses'] as const,
};

/** Toasts a query's failure once per failure. */
function useFailureToast(query: { isError: boolean; errorUpdatedAt: number; error: unknown }, key: string) {
  const { t } = useTranslation('subscriptions');
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(billingError(query.error, t, t(key)));
  }, [failedAt, t, key, query.error]);
}

/** How often, and how many times, the screen re-reads the subscription after a checkout. */
const PAYMENT_POLL_MS = 2000;
const PAYMENT_POLLS = 30;

/**
 * GET /api/v1/subscription. `awaitingPayment`: back from the provider's checkout, whose webhooks
 * may land a moment later: re-read until `paid` says the plan arrived (or the polls run out).
 */
export function useSubscription(
  awaitingPayment?: { paid: (s: TSubscription) => boolean; onPaid: () => void } | null,
) {
  const query = useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => api.call('GET /api/v1/subscription', undefined, { signal }),
    retry: false,
    refetchInterval: (q) =>
      awaitingPayment &&
      !(q.state.data && awaitingPayment.paid(q.state.data)) &&
      q.state.dataUpdateCount < PAYMENT_POLLS
        ? PAYMENT_POLL_MS
        : false,
  });
  const client = useQueryClient();
  const refetchTenant = useRefetchTenant();
  const arrived = !!awaitingPayment && !!query.data && awaitingPayment.paid(query.data);
  useEffect(() => {
    if (!arrived) return;
    // The first invoice and the tenant's plan (quota badge) came with the payment.
    void client.invalidateQueries({ queryKey: billingKeys.payments });
    void refetchTenant();
    awaitingPayment?.onPaid();
  }, [arrived, client, refetchTenant, awaitingPayment]);
  useFailureToast(query, 'messages.failed_subscription');
  return query;
}

/** GET /api/v1/plans: the one table of plans. */
export function usePlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => api.call('GET /api/v1/plans', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/v1/payments: 'Failed to get payments!' on failure (spec 2 §8). */
export function usePayments() {
  const query = useQuery({
    queryKey: billingKeys.payments,
    queryFn: ({ signal }) => api.call('GET /api/v1/payments', undefined, { signal }),
    retry: false,
  });
  useFailureToast(query, 'messages.failed_payments');
  return query;
}

/** GET /api/v1/addresses: the first is the default. */
export function useAddresses() {
  const query = useQuery({
    queryKey: billingKeys.addresses,
    queryFn: ({ signal }) => api.call('GET /api/v1/addresses', undefined, { signal }),
    retry: false,
  });
  useFailureToast(query, 'messages.failed_get_address');
  return query;
}

export type SubscriptionAction =
  | { kind: 'cancel' | 'pause' | 'resume' | 'continue' }
  | { kind: 'change'; body: TChangePlanBody };

const FAILURE: Record<SubscriptionAction['kind'], string> = {
  cancel: 'messages.failed_to_cancel',
  pause: 'messages.failed_to_pause',
  resume: 'messages.failed_to_resume',
  continue: 'messages.failed_to_continue',
  change: 'messages.failed_to_update',
};

/** Cancel, pause, resume, continue or change plan; the answer is the new subscription. */
export function useSubscriptionAction() {
  const { t } = useTranslation('subscriptions');
  const client = useQueryClient();
  const refetchTenant = useRefetchTenant();
  return useMutation({
    mutationFn: (action: SubscriptionAction) =>
      action.kind === 'change'
        ? api.call('POST /api/v1/subscription/change', action.body)
        : api.call(`POST /api/v1/subscription/${action.kind}`, {}),
    onSuccess: (subscription) => {
      client.setQueryData(billingKeys.subscription, subscription);
      void client.invalidateQueries({ queryKey: billingKeys.payments });
      void refetchTenant();
      toast.success(t('messages.updated'));
    },
    onError: (error, action) => toast.error(billingError(error, t, t(FAILURE[action.kind]))),
  });
}

/** POST /api/v1/subscription/checkout → the provider's checkout page. */
export function useCheckout() {
  const { t } = useTranslation('subscriptions');
  return useMutation({
    mutationFn: (body: TCheckoutBody) => api.call('POST /api/v1/subscription/checkout', body),
    onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
    onError: (error) => toast.error(billingError(error, t, t('messages.failed_to_update'))),
  });
}

/** POST /api/v1/pricing-preview, asked before paying. */
export function usePricingPreview(body: TCheckoutBody | null) {
  const query = useQuery({
    queryKey: ['billing', 'pricing-preview', body] as const,
    queryFn: ({ signal }) => api.call('POST /api/v1/pricing-preview', body!, { signal }),
    enabled: body !== null,
    retry: false,
  });
  useFailureToast(query, 'messages.failed_pricing_preview');
  return query;
}

/** POST (new) or PUT (with id) /api/v1/addresses. */
export function useSaveAddress() {
  const { t } = useTranslation('subscriptions');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddressBody | TUpdateAddressBody) =>
      'id' in body ? api.call('PUT /api/v1/addresses', body) : api.call('POST /api/v1/addresses', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: billingKeys.addresses });
      toast.success(t('messages.address_saved'));
    },
    onError: (error) => toast.error(billingError(error, t, t('messages.failed_update_address'))),
  });
}
