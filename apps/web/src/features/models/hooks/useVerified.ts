import type { TVerifiedQuestion } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { isAbort } from './model-api';
import { modelKeys } from './model-keys';

/** GET …/verified: the source's verified questions with their last check. */
export function useVerifiedQuestions(id: string) {
  return useQuery({
    queryKey: modelKeys.verified(id),
    queryFn: ({ signal }) => api.call('GET /api/v1/datasource/:id/verified', { id }, { signal }),
    retry: false,
  });
}

/** POST …/verified without a query: the server pins the engine's reading of the phrase. */
export function useAddVerified(id: string) {
  const { t } = useTranslation('models');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phrase: string) =>
      api.call('POST /api/v1/datasource/:id/verified', { id, phrases: [phrase] }),
    onSuccess: async (question) => {
      queryClient.setQueryData<TVerifiedQuestion[]>(modelKeys.verified(id), (list) => [
        ...(list ?? []),
        question,
      ]);
      await queryClient.invalidateQueries({ queryKey: modelKeys.verified(id) });
      toast.success(t('verified.added'));
    },
    onError: (err) => {
      if (!isAbort(err)) toast.error(errorMessage(err, t('verified.failed_to_add')));
    },
  });
}

/** DELETE …/verified/{vid} (needs ADMIN_MODELS_DELETE). */
export function useDeleteVerified(id: string) {
  const { t } = useTranslation('models');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vid: string) => api.call('DELETE /api/v1/datasource/:id/verified/:vid', { id, vid }),
    onSuccess: async (_answer, vid) => {
      queryClient.setQueryData<TVerifiedQuestion[]>(modelKeys.verified(id), (list) =>
        list?.filter((q) => q.id !== vid),
      );
      await queryClient.invalidateQueries({ queryKey: modelKeys.verified(id) });
      toast.success(t('verified.deleted'));
    },
    onError: (err) => {
      if (!isAbort(err)) toast.error(errorMessage(err, t('verified.failed_to_delete')));
    },
  });
}
