import type { TAuthConfig } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { getCaptchaToken } from '../../../lib/captcha';
import { setXsrfToken } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useRefetchTenant } from '../../session';
import { NO_LOGOUT, refusalMessage } from './refusal';

/** POST /auth/passwordreset from the recovery link; success signs in and goes to /. */
export function usePasswordReset(config: TAuthConfig | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refetchTenant = useRefetchTenant();
  return useMutation({
    mutationFn: async (input: { email: string; token: string; password: string }) => {
      const captcha = await getCaptchaToken(config, 'password_reset');
      return api.call('POST /auth/passwordreset', { ...input, captcha }, NO_LOGOUT);
    },
    onSuccess: async (data) => {
      if (!data.xsrfToken) {
        toast.error(t('auth:login.failed_to_reset_password'));
        return;
      }
      setXsrfToken(data.xsrfToken);
      toast.success(t('auth:login.password_changed_successfully'));
      await refetchTenant();
      await navigate('/', { replace: true });
    },
    onError: (err) => toast.error(refusalMessage(err, t('auth:login.failed_to_reset_password'))),
  });
}
