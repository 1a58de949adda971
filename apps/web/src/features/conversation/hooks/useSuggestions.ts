import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { READS_SOURCES } from '../../datasources';
import { conversationKeys } from './conversation-keys';

/**
 * GET /features/suggestions: the empty conversation's starter questions, in the user's language,
 * about `datasourceId` when the user picked one, else about their default source. The answer
 * names that source.
 */
export function useSuggestions(datasourceId: string | null = null) {
  return useQuery({
    queryKey: [...conversationKeys.suggestions, datasourceId],
    queryFn: ({ signal }) =>
      api.call('GET /features/suggestions', datasourceId ? { datasource_id: datasourceId } : undefined, {
        signal,
      }),
    // Kept a while (a source's model rarely changes), refetched at once when a source changes.
    staleTime: 300_000,
    meta: READS_SOURCES,
  });
}
