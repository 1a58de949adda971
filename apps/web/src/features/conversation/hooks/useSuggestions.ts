import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './conversation-keys';

/**
 * GET /features/suggestions: the empty conversation's starter questions, in the user's language,
 * about `datasourceId` when the user picked one, else about the source that speaks for their
 * business (their own; the demo only when they have none). The answer names that source.
 */
export function useSuggestions(datasourceId: string | null = null) {
  return useQuery({
    queryKey: [...conversationKeys.suggestions, datasourceId],
    queryFn: ({ signal }) =>
      api.call('GET /features/suggestions', datasourceId ? { datasource_id: datasourceId } : undefined, {
        signal,
      }),
    staleTime: 300_000,
  });
}
