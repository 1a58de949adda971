import type { TCollectionResponse } from '@parley/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { collectionKeys } from './collection-keys';

/**
 * Every card of a collection in one call (the server answers them concurrently, one failing card
 * never failing the others); each answer seeds that card's own entry. Settles before the cards
 * ask on their own, so a collection opens with one call.
 */
export function useCollectionAnswers(collectionId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: collectionKeys.answers(collectionId ?? ''),
    enabled: collectionId !== null,
    queryFn: async ({ signal }) => {
      const { responses } = await api.call(
        'POST /features/collections/query',
        { collection_id: collectionId! },
        { signal },
      );
      const updatedAt = Date.now();
      for (const response of responses) {
        client.setQueryData(collectionKeys.answer(collectionId!, response.question_id), response, {
          updatedAt,
        });
      }
      return updatedAt;
    },
  });
}

export interface CardAnswerOptions {
  /** Auto refresh in minutes; 0 = off. The timer restarts when it changes and stops on unmount. */
  interval: number;
  /** Whether the card may ask on its own (after the collection's call settled). */
  enabled: boolean;
}

/**
 * One card's answer: seeded by the collection's call, asked on its own when it has none (a new
 * card, a failed collection call), on retry, after an edit and every `interval` minutes.
 */
export function useCardAnswer(
  collectionId: string,
  questionId: string,
  { interval, enabled }: CardAnswerOptions,
) {
  return useQuery<TCollectionResponse>({
    queryKey: collectionKeys.answer(collectionId, questionId),
    queryFn: async ({ signal }) => {
      const answer = await api.call(
        'POST /features/collections/query',
        { collection_id: collectionId, id: questionId },
        { signal },
      );
      const response = answer.responses.find((r) => r.question_id === questionId) ?? answer.responses[0];
      if (!response) throw new Error(answer.message ?? 'Failed to retrieve data!');
      return response;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: interval > 0 ? interval * 60_000 : false,
    refetchIntervalInBackground: true,
  });
}
