import type { TContactBody } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';

/** POST /api/v1/contact: the help panel's message to support; toasts the outcome. */
export function useSendContact() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: TContactBody) => api.call('POST /api/v1/contact', body),
    onSuccess: () => toast.success(t('help:contact_sent')),
    onError: (err) => toast.error(errorMessage(err, t('help:contact_failed'))),
  });
}
