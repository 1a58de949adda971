import type { TNotifications } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { notificationKeys } from './notification-keys';

/** How often the unread count is read again while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/**
 * GET /features/notifications: the newest page and the unread count, read again every minute
 * while the tab is visible (TanStack pauses the interval in the background).
 */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => api.call('GET /features/notifications', {}, { signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/** Items marked read in the cached list, with the server's unread count. */
function markRead(list: TNotifications | undefined, ids: string[] | 'all', unread: number) {
  if (!list) return list;
  const items = list.items.map((item) =>
    ids === 'all' || ids.includes(item.id) ? { ...item, read: true } : item,
  );
  return { unread, items };
}

/** POST /features/notifications/read: some items, or all of them. */
export function useMarkRead() {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | 'all') =>
      api.call('POST /features/notifications/read', ids === 'all' ? { all: true } : { ids }),
    onSuccess: ({ unread }, ids) =>
      client.setQueryData<TNotifications>(notificationKeys.list, (list) => markRead(list, ids, unread)),
    onError: (err) => toast.error(errorMessage(err, t('failed'))),
  });
}
