import type { TCollectionPreviewBody } from '@parley/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { failureText } from '../collections';
import { collectionKeys } from './collection-keys';

/** GET /features/suggestions: questions that work on the user's data (the editor's input offers them). */
export function useSuggestions() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: collectionKeys.suggestions,
    queryFn: async ({ signal }) => {
      try {
        return (await api.call('GET /features/suggestions', undefined, { signal })).suggestions;
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError'))
          toast.error(failureText(error, t, 'collections.messages.failed_to_fetch_suggestions'));
        throw error;
      }
    },
    staleTime: 300_000,
  });
}

/** POST /features/collections/preview: the editor's answer to a phrase; nothing is stored. */
export function usePreview() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (body: TCollectionPreviewBody) => {
      const { responses } = await api.call('POST /features/collections/preview', body);
      return { ...body, response: responses.find((r) => r.card) ?? responses[0] ?? null };
    },
    onError: (error) => toast.error(failureText(error, t, 'collections.messages.failed_to_preview')),
  });
}
