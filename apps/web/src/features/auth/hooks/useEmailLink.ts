import type { TAuthConfig } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { getCaptchaToken, isLocalHost } from '../../../lib/captcha';
import { toast } from '../../../lib/toast';
import { NO_LOGOUT, refusalMessage } from './refusal';

export type EmailLinkKind = 'login_with_link' | 'register' | 'forgot_password';

/** Sends the e-mail of a link view: magic link, sign-up or password recovery; failures toast. */
export function useEmailLink(kind: EmailLinkKind, config: TAuthConfig | null) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (email: string) => {
      const token = await getCaptchaToken(config, kind);
      const local = isLocalHost() || undefined;
      if (kind === 'login_with_link')
        return api.call('POST /auth/loginwithemail', { email, token, local }, NO_LOGOUT);
      if (kind === 'register') return api.call('POST /auth/signup', { email, token }, NO_LOGOUT);
      return api.call('POST /auth/forgotpassword', { email, token, local }, NO_LOGOUT);
    },
    onError: (err) => {
      const failure =
        kind === 'login_with_link'
          ? t('auth:login.magic_link_failed')
          : kind === 'register'
            ? t('auth:login.failed_to_register')
            : t('auth:login.failed_to_send_recovery');
      // The magic-link failure always uses its own text (spec 1 §8); the others prefer the server's.
      toast.error(kind === 'login_with_link' ? failure : refusalMessage(err, failure));
    },
  });
}
