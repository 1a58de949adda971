import type { TLinkedAssistant } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { guideKeys } from '../../guide';
import { assistantKeys } from './assistant-keys';
import '../i18n';

/** GET /api/v1/assistants: the user's linked assistants, read afresh on each visit. */
export function useLinkedAssistants() {
  return useQuery({
    queryKey: assistantKeys.list,
    queryFn: ({ signal }) => api.call('GET /api/v1/assistants', undefined, { signal }),
    retry: false,
  });
}

/**
 * DELETE /api/v1/assistants/:id: the link ends at once; the list and Getting started (whose step 2
 * counts links) are read again.
 */
export function useRevokeAssistant() {
  const { t } = useTranslation('assistants');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (link: TLinkedAssistant) => api.call('DELETE /api/v1/assistants/:id', { id: link.id }),
    onSuccess: async (_, link) => {
      toast.success(t('page.revoked', { name: link.name }));
      await Promise.all([
        client.invalidateQueries({ queryKey: assistantKeys.list }),
        client.invalidateQueries({ queryKey: guideKeys.state }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error, t('page.revoke_failed'))),
  });
}

/**
 * PUT /api/v1/assistants/:id {digests}: a Teams link's digest delivery; the answer replaces the row.
 * A refusal (409: the bot has no chat with the user yet) is shown beside the switch by the caller.
 */
export function useAssistantDigests() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, digests }: { id: string; digests: boolean }) =>
      api.call('PUT /api/v1/assistants/:id', { id, digests }),
    onSuccess: (updated) =>
      client.setQueryData<TLinkedAssistant[]>(assistantKeys.list, (list) =>
        list?.map((link) => (link.id === updated.id ? updated : link)),
      ),
  });
}
