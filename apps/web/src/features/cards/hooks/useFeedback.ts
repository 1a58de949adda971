import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type FeedbackInput, feedbackBody } from '../feedback';
import '../i18n';

/** POST /api/v1/feedback; toasts 'submitted successfully', or the server message / 'failed to send'. */
export function useSendFeedback() {
  const { t } = useTranslation('cards');
  return useMutation({
    mutationFn: (input: FeedbackInput) => api.call('POST /api/v1/feedback', feedbackBody(input)),
    onSuccess: () => toast.success(t('feedback.submitted')),
    onError: (err) => toast.error(errorMessage(err, t('feedback.failed'))),
  });
}
