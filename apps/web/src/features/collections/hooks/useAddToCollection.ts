import type { TCollection, TQuestionInput } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { questionInput, updateBody } from '../collections';
import { collectionKeys } from './collection-keys';

/** The collection picked is no longer there (deleted in another tab). */
export class CollectionGone extends Error {}

/** Where an answer goes: one of the user's collections, or a new one by this name. */
export type AddTarget = { kind: 'existing'; id: string } | { kind: 'new'; name: string };

/**
 * Adds a question to a collection (PUT with the collection's cards as the server has them now,
 * so a card added elsewhere meanwhile is kept) or creates a collection holding it (POST). The
 * plan's limits and 'Card already exists in collection' come back as the server's message.
 */
export function useAddToCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, question }: { target: AddTarget; question: TQuestionInput }) => {
      if (target.kind === 'new') {
        return api.call('POST /features/collection', { name: target.name, questions: [question] });
      }
      const list = await api.call('GET /features/collections');
      client.setQueryData<TCollection[]>(collectionKeys.list, list);
      const collection = list.find((c) => c.id === target.id);
      if (!collection) throw new CollectionGone();
      return api.call(
        'PUT /features/collection',
        updateBody(collection, { questions: [...collection.questions.map(questionInput), question] }),
      );
    },
    onSuccess: (saved) => {
      client.setQueryData<TCollection[]>(collectionKeys.list, (old) =>
        old
          ? old.some((c) => c.id === saved.id)
            ? old.map((c) => (c.id === saved.id ? saved : c))
            : [...old, saved]
          : old,
      );
      void client.invalidateQueries({ queryKey: collectionKeys.list });
    },
  });
}
