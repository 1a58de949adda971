import type { TChangePasswordBody } from '@parley/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { billingError, billingText } from '../../../lib/billing-words';
import { toast } from '../../../lib/toast';
import { useLogoutLocally } from '../../session';

/** POST /auth/changepassword; the server ends every session of the user on success. */
export function useChangePassword() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: TChangePasswordBody) => api.call('POST /auth/changepassword', body),
    onError: (err) => toast.error(errorMessage(err, t('settings:failed_to_reset_password'))),
  });
}

type DeleteOutcome = { deleted: boolean; message: string | null };

/**
 * DELETE /api/v1/auth/account. A 401 is the success signal (spec 1 §4): the account is gone and
 * so is the session. The client's usual 401 → logout is turned off, so the outcome is toasted
 * before the local session ends; any other answer is a failure carrying the server's message.
 */
export function useDeleteAccount() {
  const { t } = useTranslation();
  const logoutLocally = useLogoutLocally();
  return useMutation({
    mutationFn: async (): Promise<DeleteOutcome> => {
      const answer = await api.request('DELETE /api/v1/auth/account', undefined, { logoutOn401: false });
      const message =
        typeof answer.data?.message === 'string' && answer.data.message ? answer.data.message : null;
      const deleted = answer.status === 401;
      // The client's own words on success; a refusal (the provider could not cancel) translated.
      return { deleted, message: deleted || !message ? null : billingText(message, t) };
    },
    onSuccess: ({ deleted, message }) => {
      if (deleted) {
        toast.success(message ?? t('settings:account_deleted'));
        logoutLocally();
        return;
      }
      toast.error(message ?? t('settings:failed_to_delete_account'));
    },
    onError: (err) => toast.error(billingError(err, t, t('settings:failed_to_delete_account'))),
  });
}

/**
 * GET /api/v1/subscription, read by the deletion dialog to say a paid subscription is cancelled
 * first. The key is the subscriptions feature's (billingKeys.subscription): one copy for both.
 */
export function useAccountSubscription() {
  return useQuery({
    queryKey: ['billing', 'subscription'] as const,
    queryFn: ({ signal }) => api.call('GET /api/v1/subscription', undefined, { signal }),
    retry: false,
  });
}
