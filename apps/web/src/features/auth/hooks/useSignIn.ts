import type { TAssistantOAuth, TAuthConfig } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { getCaptchaToken } from '../../../lib/captcha';
import { setXsrfToken } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useRefetchTenant } from '../../session';
import { NO_LOGOUT, refusalMessage } from './refusal';

export interface PasswordSignIn {
  email: string;
  password: string;
  /** An assistant client's OAuth parameters, passed on to the server. */
  oauth?: TAssistantOAuth;
  /** An assistant sign-in's parameters (a query string): the sign-in finishes on the consent view. */
  assistant?: string;
}

/**
 * POST /auth/loginwithpassword. Success goes on to /login?xsrfToken=… (which finishes the
 * sign-in; with an assistant's parameters kept, on its consent view), or to the assistant client's
 * redirect (old-style parameters); a refusal toasts the server's message.
 */
export function usePasswordSignIn(config: TAuthConfig | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ email, password, oauth }: PasswordSignIn) => {
      const token = await getCaptchaToken(config, 'login');
      return api.call('POST /auth/loginwithpassword', { email, password, token, oauth }, NO_LOGOUT);
    },
    onSuccess: async (data, { oauth, assistant }) => {
      if (!data.xsrfToken) {
        toast.error(t('auth:login.failed_to_login'));
        return;
      }
      if (oauth && typeof data.redirect === 'string') {
        window.location.assign(data.redirect);
        return;
      }
      const finish = `/login?xsrfToken=${encodeURIComponent(data.xsrfToken)}`;
      await navigate(assistant ? `${finish}&${assistant}` : finish, { replace: true });
    },
    onError: (err) => toast.error(refusalMessage(err, t('auth:login.failed_to_login'))),
  });
}

/**
 * Finishes a sign-in that answered an anti-forgery token: keep it, read the user, go to / (or,
 * for an assistant's sign-in, to its consent view).
 */
export function useFinishSignIn(): (xsrfToken: string, next?: string) => Promise<void> {
  const refetchTenant = useRefetchTenant();
  const navigate = useNavigate();
  return useCallback(
    async (xsrfToken: string, next = '/') => {
      setXsrfToken(xsrfToken);
      // Whatever the read answers, the guard on / decides where the user lands.
      await refetchTenant().catch(() => null);
      await navigate(next, { replace: true });
    },
    [refetchTenant, navigate],
  );
}
