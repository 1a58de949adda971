import '../i18n';
import type { TCollectionPreviewBody } from '@parley/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { READS_SOURCES } from '../../datasources';
import { failureText } from '../collections';
import { answeredPhrases, favouritePhrases, type SuggestionLists } from '../suggestions';
import { collectionKeys } from './collection-keys';

/** History read for the editor's "asked recently" list (the newest answered questions). */
const HISTORY_READ = 50;

/**
 * The editor's suggestions from the user's own questions: the most asked (GET /features/favourites),
 * the recently answered (GET /features/conversations, all days) and the default source's model's
 * (GET /features/suggestions). A list that fails is left out; all failing is
 * 'Failed to fetch collections suggestions!'.
 */
export function useSuggestions() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: collectionKeys.suggestions,
    meta: READS_SOURCES,
    queryFn: async ({ signal }): Promise<SuggestionLists> => {
      const [favourites, history, model] = await Promise.allSettled([
        api.call('GET /features/favourites', undefined, { signal }),
        api.call('GET /features/conversations', { scope: 'all', limit: HISTORY_READ }, { signal }),
        api.call('GET /features/suggestions', undefined, { signal }),
      ]);
      if (favourites.status === 'rejected' && history.status === 'rejected' && model.status === 'rejected') {
        const error: unknown = model.reason;
        if (!(error instanceof DOMException && error.name === 'AbortError'))
          toast.error(failureText(error, t, 'collections:messages.failed_to_fetch_suggestions'));
        throw error;
      }
      return {
        favourites: favourites.status === 'fulfilled' ? favouritePhrases(favourites.value) : [],
        history: history.status === 'fulfilled' ? answeredPhrases(history.value) : [],
        model: model.status === 'fulfilled' ? model.value.suggestions : [],
      };
    },
    staleTime: 60_000,
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
    onError: (error) => toast.error(failureText(error, t, 'collections:messages.failed_to_preview')),
  });
}
