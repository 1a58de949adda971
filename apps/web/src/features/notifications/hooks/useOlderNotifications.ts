import type { TNotifications } from '@parley/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';

type Item = TNotifications['items'][number];

/** Notices a page holds (DESIGN §12): a shorter page is the last. */
export const NOTIFICATIONS_PAGE = 20;

/**
 * The pages after the newest (GET …?before= the oldest shown created_at), kept while the popup
 * lives; `markRead` mirrors a read on them, as the newest page's cache does.
 */
export function useOlderNotifications(newest: Item[] | undefined) {
  const { t } = useTranslation('notifications');
  const [older, setOlder] = useState<Item[]>([]);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const oldest = older.at(-1) ?? newest?.at(-1);
  const hasMore = !done && !!oldest && (older.length > 0 || (newest?.length ?? 0) >= NOTIFICATIONS_PAGE);

  const load = useCallback(async () => {
    if (!oldest || loading) return;
    setLoading(true);
    try {
      const page = await api.call('GET /features/notifications', { before: oldest.created_at });
      setOlder((list) => [...list, ...page.items.filter((i) => !list.some((o) => o.id === i.id))]);
      if (page.items.length < NOTIFICATIONS_PAGE) setDone(true);
    } catch (err) {
      toast.error(errorMessage(err, t('failed')));
    } finally {
      setLoading(false);
    }
  }, [oldest, loading, t]);

  const markRead = useCallback((ids: string[] | 'all') => {
    setOlder((list) => list.map((i) => (ids === 'all' || ids.includes(i.id) ? { ...i, read: true } : i)));
  }, []);

  return { older, hasMore, loading, load, markRead };
}
