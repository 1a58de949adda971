import type { TGuideState, TGuideUpdateBody } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api/errors';
import { toast } from '../../lib/toast';
import { READS_SOURCES } from '../datasources';
import './i18n';

/** Query key of the Getting started guide. */
export const guideKeys = { state: ['guide'] as const };

/** GET /features/guide: each step read from the server, again after every change to a source. */
export function useGuide() {
  return useQuery({
    queryKey: guideKeys.state,
    queryFn: ({ signal }) => api.call('GET /features/guide', undefined, { signal }),
    meta: READS_SOURCES,
    retry: false,
  });
}

/** PUT /features/guide: skip the assistant step or dismiss the guide; the answer is the new state. */
export function useUpdateGuide() {
  const { t } = useTranslation('guide');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TGuideUpdateBody) => api.call('PUT /features/guide', body),
    onSuccess: (state: TGuideState) => client.setQueryData(guideKeys.state, state),
    onError: (error) => toast.error(errorMessage(error, t('failed'))),
  });
}
