import type { TModelView } from '@parley/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query keys of the cards' model reads: one entry per source, shared by every card of it. */
export const cardModelKeys = { model: (sourceId: string) => ['cards', 'model', sourceId] as const };

/**
 * GET /api/v1/datasource/:id/model: the labels and alternatives behind a card's chips, read once
 * per source (every card of a source shares it). A failure leaves the chips with the card's own labels.
 */
export function useSourceModel(sourceId: string | null) {
  return useQuery<TModelView>({
    queryKey: cardModelKeys.model(sourceId ?? ''),
    queryFn: ({ signal }) => api.call('GET /api/v1/datasource/:id/model', { id: sourceId ?? '' }, { signal }),
    enabled: !!sourceId,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
