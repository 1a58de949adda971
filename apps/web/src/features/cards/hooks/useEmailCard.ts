import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { emailCardBody } from '../export';
import type { ViewType } from '../views';
import '../i18n';

/** POST /api/v1/email_card: the card, its selected view and a picture of it, mailed to the user. */
export function useEmailCard() {
  const { t } = useTranslation('cards');
  return useMutation({
    mutationFn: ({ questionId, view, image }: { questionId: string; view: ViewType; image: string | null }) =>
      api.call('POST /api/v1/email_card', emailCardBody(questionId, view, image)),
    onSuccess: () => toast.success(t('exports.email_sent')),
    onError: () => toast.error(t('exports.email_failed')),
  });
}
