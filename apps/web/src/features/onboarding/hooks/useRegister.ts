import type { TRegisterBody } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRefetchTenant } from '../../session';

/** POST /auth/register; success re-reads the user (now registered) and opens the dashboard. */
export function useRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refetchTenant = useRefetchTenant();
  return useMutation({
    mutationFn: (body: TRegisterBody) => api.call('POST /auth/register', body),
    onSuccess: async () => {
      await refetchTenant();
      await navigate('/', { replace: true });
    },
    onError: (err) => toast.error(errorMessage(err, t('onboarding:failed_to_register'))),
  });
}
