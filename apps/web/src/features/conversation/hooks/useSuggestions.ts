import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './conversation-keys';

/** GET /features/suggestions: questions that work on the user's data source (the empty screen). */
export function useSuggestions() {
  return useQuery({
    queryKey: conversationKeys.suggestions,
    queryFn: async () => (await api.call('GET /features/suggestions')).suggestions,
    staleTime: 300_000,
  });
}
