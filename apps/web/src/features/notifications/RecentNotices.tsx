import './notifications.css';
import './i18n';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useNotifications } from './hooks/useNotifications';
import { NoticeRow, useOpenNotice } from './NoticeRow';

/** How many notices the dashboard shows; the bell's popup has them all. */
export const RECENT_NOTICES = 5;

/**
 * The dashboard's alerts and events (spec 1 §2.6): the newest notices (fired alerts, broken
 * questions), each opening its link as in the popup; the empty text only when there are none.
 */
export function RecentNotices() {
  const { t } = useTranslation('notifications');
  const list = useNotifications();
  const open = useOpenNotice();
  const items = list.data?.items.slice(0, RECENT_NOTICES) ?? [];
  if (list.isPending) return <Spinner size={20} label={t('common.loading', { ns: 'translation' })} />;
  if (items.length === 0)
    return (
      <div className="empty-state" data-testid="recent-notices-empty">
        <BellIcon size={28} />
        <span>{t('shell.no_notifications', { ns: 'translation' })}</span>
      </div>
    );
  return (
    <ul className="notifications-list recent-notices" aria-label={t('list')} data-testid="recent-notices">
      {items.map((item) => (
        <NoticeRow key={item.id} item={item} onOpen={(i) => void open(i)} />
      ))}
    </ul>
  );
}
