import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './conversation-keys';

/** GET /features/favourites: the most asked phrases ("you may ask"); re-read after every question. */
export function useFavourites() {
  return useQuery({
    queryKey: conversationKeys.favourites,
    queryFn: () => api.call('GET /features/favourites'),
    staleTime: 30_000,
  });
}
