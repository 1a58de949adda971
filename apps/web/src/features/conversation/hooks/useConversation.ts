import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import {
  askQuestion,
  type ConvItem,
  fetchHistory,
  mergeItems,
  OLDER_PAGE,
  TODAY_LIMIT,
} from '../conversation-api';
import { conversationKeys } from './conversation-keys';

export interface ConversationState {
  items: ConvItem[];
  /** Today's history has been read (or failed). */
  ready: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  ask: (phrase: string, event?: string) => Promise<ConvItem | null>;
  loadOlder: () => Promise<number>;
}

/**
 * The conversation's items: today's history on open, older pages on demand, and new questions,
 * shown at once as loading and filled in when their answer arrives. The list is local state, not a
 * query cache: it mixes pages of history with questions still in flight. Questions go to
 * `datasourceId` (the source picker's choice), else to the user's default source.
 */
export function useConversation(datasourceId: string | null = null): ConversationState {
  const { t } = useTranslation('conversation');
  // Read when a question is sent, so a change of source does not make a new ask function.
  const sourceRef = useRef(datasourceId);
  sourceRef.current = datasourceId;
  const queryClient = useQueryClient();
  const [items, setItems] = useState<ConvItem[]>([]);
  const [ready, setReady] = useState(false);
  const [hasMore, setHasMore] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const olderBusy = useRef(false);
  const lastCreated = useRef(0);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchHistory({ limit: TODAY_LIMIT, scope: 'today' }, ctrl.signal)
      .then(({ items: today }) => {
        setItems((current) => mergeItems(current, today));
        setReady(true);
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        toast.error(t('history_failed'));
        setReady(true);
      });
    return () => ctrl.abort();
  }, [t]);

  const loadOlder = useCallback(async (): Promise<number> => {
    if (olderBusy.current) return 0;
    olderBusy.current = true;
    setLoadingOlder(true);
    try {
      const oldest = itemsRef.current[0]?.created ?? Date.now();
      const page = await fetchHistory({ before: oldest, limit: OLDER_PAGE, scope: 'all' });
      setItems((current) => mergeItems(page.items, current));
      setHasMore(page.hasMore);
      return page.items.length;
    } catch {
      toast.error(t('history_failed'));
      return 0;
    } finally {
      olderBusy.current = false;
      setLoadingOlder(false);
    }
  }, [t]);

  const ask = useCallback(
    async (phrase: string, event?: string): Promise<ConvItem | null> => {
      const text = phrase.trim();
      if (!text) return null; // an empty search is never sent
      // created identifies the item; two questions in one millisecond must not collide.
      const created = Math.max(Date.now(), lastCreated.current + 1);
      lastCreated.current = created;
      const pending: ConvItem = {
        created,
        phrase: text,
        event: event ?? null,
        loading: true,
        error: null,
        responses: [],
      };
      setItems((current) => [...current, pending]);
      const source = sourceRef.current;
      const outcome = await askQuestion(
        { phrase: text, created, ...(event ? { event } : {}), ...(source ? { datasource_id: source } : {}) },
        { serverError: t('server_error'), requestFailed: t('request_failed') },
      );
      let done: ConvItem;
      if (outcome.type === 'answer') done = { ...pending, loading: false, responses: outcome.responses };
      else {
        if (outcome.type === 'failed') toast.error(outcome.message);
        done = { ...pending, loading: false, error: outcome.message };
      }
      setItems((current) => current.map((item) => (item.created === created ? done : item)));
      // A question asked may change the most asked ones.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.favourites });
      return done;
    },
    [t, queryClient],
  );

  return { items, ready, hasMore, loadingOlder, ask, loadOlder };
}
