import type { TConversationQueryBody } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { ChipChange } from '../../cards';
import {
  askQuestion,
  type ConvItem,
  fetchHistory,
  mergeItems,
  OLDER_PAGE,
  TODAY_LIMIT,
} from '../conversation-api';
import { conversationKeys } from './conversation-keys';

function pendingItem(created: number, phrase: string, event: string | null): ConvItem {
  return { created, phrase, event, loading: true, error: null, responses: [] };
}

export interface ConversationState {
  items: ConvItem[];
  /** Today's history has been read (or failed). */
  ready: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  /** `datasourceId` sends this one question to that source (a starter about it) instead of the picker's. */
  ask: (phrase: string, event?: string, datasourceId?: string) => Promise<ConvItem | null>;
  /** Re-asks an item's words as a chip change reads them; the answer is the next item. */
  requery: (change: ChipChange) => Promise<ConvItem>;
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

  /** Shows the item at once as loading, sends it, and fills in its answer or error. */
  const send = useCallback(
    async (pending: ConvItem, body: TConversationQueryBody): Promise<ConvItem> => {
      setItems((current) => [...current, pending]);
      const outcome = await askQuestion(body, {
        serverError: t('server_error'),
        requestFailed: t('request_failed'),
      });
      let done: ConvItem;
      if (outcome.type === 'answer') done = { ...pending, loading: false, responses: outcome.responses };
      else {
        if (outcome.type === 'failed') toast.error(outcome.message);
        done = { ...pending, loading: false, error: outcome.message };
      }
      setItems((current) => current.map((item) => (item.created === pending.created ? done : item)));
      // A question asked may change the most asked ones.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.favourites });
      return done;
    },
    [t, queryClient],
  );

  // created identifies the item; two questions in one millisecond must not collide.
  const nextCreated = useCallback(() => {
    lastCreated.current = Math.max(Date.now(), lastCreated.current + 1);
    return lastCreated.current;
  }, []);

  const ask = useCallback(
    async (phrase: string, event?: string, datasourceId?: string): Promise<ConvItem | null> => {
      const text = phrase.trim();
      if (!text) return null; // an empty search is never sent
      const created = nextCreated();
      const pending = pendingItem(created, text, event ?? null);
      const source = datasourceId ?? sourceRef.current;
      return send(pending, {
        phrase: text,
        created,
        ...(event ? { event } : {}),
        ...(source ? { datasource_id: source } : {}),
      });
    },
    [send, nextCreated],
  );

  // A chip change: the same words, answered as the chosen reading on the card's own source.
  const requery = useCallback(
    (change: ChipChange): Promise<ConvItem> => {
      const created = nextCreated();
      const pending: ConvItem = { ...pendingItem(created, change.phrase, null), change };
      return send(pending, {
        phrase: change.phrase,
        created,
        datasource_id: change.sourceId,
        query: change.query,
      });
    },
    [send, nextCreated],
  );

  return { items, ready, hasMore, loadingOlder, ask, requery, loadOlder };
}
