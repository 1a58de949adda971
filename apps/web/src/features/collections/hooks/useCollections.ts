import '../i18n';
import type { TCardView, TCollection, TCreateCollectionBody, TUpdateCollectionBody } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { failureText, updateBody } from '../collections';
import { withView } from '../layout';
import { collectionKeys } from './collection-keys';

/** Toast keys of one change: the success (none when the screen shows it) and the fallback failure. */
export interface ChangeTexts {
  success?: string;
  failure: string;
}

/** GET /features/collections: the user's collections, oldest first. */
export function useCollections() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: collectionKeys.list,
    queryFn: async ({ signal }) => {
      try {
        return await api.call('GET /features/collections', undefined, { signal });
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError'))
          toast.error(failureText(error, t, 'collections:messages.failed_to_fetch'));
        throw error;
      }
    },
    staleTime: 30_000,
  });
}

/** Puts a saved collection into the list at once; the list is then read again (spec 2 §4). */
function useStoreCollection() {
  const client = useQueryClient();
  return useCallback(
    (collection: TCollection) => {
      client.setQueryData<TCollection[]>(collectionKeys.list, (old) =>
        old ? old.map((c) => (c.id === collection.id ? collection : c)) : old,
      );
      void client.invalidateQueries({ queryKey: collectionKeys.list });
    },
    [client],
  );
}

/** POST /features/collection */
export function useCreateCollection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateCollectionBody) => api.call('POST /features/collection', body),
    onSuccess: (collection) => {
      client.setQueryData<TCollection[]>(collectionKeys.list, (old) => (old ? [...old, collection] : old));
      void client.invalidateQueries({ queryKey: collectionKeys.list });
      toast.success(t('collections:messages.created'));
    },
    onError: (error) => toast.error(failureText(error, t, 'collections:messages.failed_to_create')),
  });
}

/**
 * PUT /features/collection: renames, cards added, edited and removed, the layout. Each call
 * names its toasts (spec 2 §8: update card, add card, move, …).
 */
export function useUpdateCollection() {
  const { t } = useTranslation();
  const store = useStoreCollection();
  return useMutation({
    mutationFn: ({ body }: { body: TUpdateCollectionBody; texts: ChangeTexts }) =>
      api.call('PUT /features/collection', body),
    onSuccess: (collection, { texts }) => {
      store(collection);
      if (texts.success) toast.success(t(texts.success));
    },
    onError: (error, { texts }) => toast.error(failureText(error, t, texts.failure)),
  });
}

/**
 * Remembers the view chosen on a card (the layout item's `c`, spec 2 §4) without a toast: set in
 * the cached collection at once, then stored with the stored positions, so unsaved moves on
 * screen stay unsaved and quick successive choices build on each other.
 */
export function useRememberView() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const store = useStoreCollection();
  const cached = (id: string) =>
    client.getQueryData<TCollection[]>(collectionKeys.list)?.find((c) => c.id === id) ?? null;
  return useMutation({
    onMutate: ({
      collectionId,
      questionId,
      view,
    }: {
      collectionId: string;
      questionId: string;
      view: TCardView;
    }) => {
      client.setQueryData<TCollection[]>(collectionKeys.list, (old) =>
        old?.map((c) => (c.id === collectionId ? { ...c, layout: withView(c.layout, questionId, view) } : c)),
      );
    },
    mutationFn: async ({ collectionId }) => {
      const collection = cached(collectionId);
      if (!collection) return null;
      return api.call('PUT /features/collection', updateBody(collection, { layout: collection.layout }));
    },
    onSuccess: (collection) => {
      if (collection) store(collection);
    },
    onError: (error) => toast.error(failureText(error, t, 'collections:messages.failed_to_update')),
  });
}

/** DELETE /features/collection?id= */
export function useDeleteCollection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /features/collection', { id }),
    onSuccess: (_answer, id) => {
      client.setQueryData<TCollection[]>(collectionKeys.list, (old) => old?.filter((c) => c.id !== id));
      client.removeQueries({ queryKey: collectionKeys.answers(id) });
      void client.invalidateQueries({ queryKey: collectionKeys.list });
      toast.success(t('collections:messages.deleted'));
    },
    onError: (error) => toast.error(failureText(error, t, 'collections:messages.failed_to_remove')),
  });
}
