import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { failureText } from '../collections';

/** POST /features/collection/digest: mails the collection's digest to the user now ("Send now"). */
export function useSendDigest() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id: string) => api.call('POST /features/collection/digest', { id }),
    onSuccess: () => toast.success(t('collections:digest.sent')),
    onError: (error) => toast.error(failureText(error, t, 'collections:digest.failed')),
  });
}
