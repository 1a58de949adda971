import type { TNotifications } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMarkRead } from './hooks/useNotifications';
import { relativeTime } from './relative-time';

export type NoticeItem = TNotifications['items'][number];

/** A link inside the app (a path), never another site: notifications only point at Parley's own screens. */
export function appPath(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}

/** Opens a notice: marks it read (a failure toasts and does not stop the way), then goes to its link. */
export function useOpenNotice(after?: (item: NoticeItem) => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return async (item: NoticeItem) => {
    if (!item.read) await markRead.mutateAsync([item.id]).catch(() => undefined);
    after?.(item);
    const path = appPath(item.link);
    if (path) void navigate(path);
  };
}

/** One notice: its title, text and how long ago; an alert's opens its card (its link). */
export function NoticeRow({ item, onOpen }: { item: NoticeItem; onOpen: (item: NoticeItem) => void }) {
  const { t, i18n } = useTranslation('notifications');
  return (
    <li>
      <button
        type="button"
        className="notification-item"
        data-unread={!item.read || undefined}
        data-kind={item.kind}
        onClick={() => onOpen(item)}
        data-testid="notification-item"
      >
        {!item.read ? <span className="visually-hidden">{t('unread')}: </span> : null}
        <span className="notification-title">{item.title}</span>
        <span className="notification-text" title={item.text}>
          {item.text}
        </span>
        <time className="notification-time" dateTime={item.created_at}>
          {relativeTime(item.created_at, new Date(), i18n.language || 'en-US')}
        </time>
      </button>
    </li>
  );
}
