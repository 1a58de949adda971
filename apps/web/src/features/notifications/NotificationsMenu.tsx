import './notifications.css';
import './i18n';
import { ActionIcon, Popover, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../ui/icons';
import { useMarkRead, useNotifications } from './hooks/useNotifications';
import { useOlderNotifications } from './hooks/useOlderNotifications';
import { type NoticeItem, NoticeRow, useOpenNotice } from './NoticeRow';

interface PanelProps {
  items: NoticeItem[];
  unread: number;
  onOpen: (item: NoticeItem) => void;
  onMarkAll: () => void;
  busy: boolean;
  /** The next page of older notices, when there is one. */
  more: { load: () => void; loading: boolean } | null;
}

/** The popup's content: the title, "Mark all read", the list (20 a page, then "Show older") or today's empty text. */
function NotificationsPanel({ items, unread, onOpen, onMarkAll, busy, more }: PanelProps) {
  const { t } = useTranslation('notifications');
  return (
    <>
      <div className="notifications-head">
        <Text fw={600} size="sm">
          {t('shell.notifications', { ns: 'translation' })}
        </Text>
        {unread > 0 ? (
          <button
            type="button"
            className="btn btn-subtle notifications-all"
            onClick={onMarkAll}
            disabled={busy}
            data-testid="notifications-mark-all"
          >
            {t('mark_all')}
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="notifications-empty">
          {t('shell.no_notifications', { ns: 'translation' })}
        </Text>
      ) : (
        <ul className="notifications-list" aria-label={t('list')}>
          {items.map((item) => (
            <NoticeRow key={item.id} item={item} onOpen={onOpen} />
          ))}
          {more ? (
            <li>
              <button
                type="button"
                className="btn btn-subtle notifications-more"
                onClick={more.load}
                disabled={more.loading}
                aria-busy={more.loading || undefined}
                data-testid="notifications-more"
              >
                {t('older')}
              </button>
            </li>
          ) : null}
        </ul>
      )}
    </>
  );
}

/**
 * The top bar's notifications (DESIGN §12): the bell with the unread count, read on open and
 * every minute while the tab is visible; opening an item marks it read and goes to its link (an
 * alert's card); older notices come 20 at a time.
 */
export function NotificationsMenu() {
  const { t } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  const list = useNotifications();
  const markRead = useMarkRead();
  const pages = useOlderNotifications(list.data?.items);
  const unread = list.data?.unread ?? 0;
  const newest = list.data?.items ?? [];
  const items = [...newest, ...pages.older.filter((o) => !newest.some((n) => n.id === o.id))];
  const label = unread > 0 ? t('button_unread', { count: unread }) : t('button');
  const open = useOpenNotice((item) => {
    pages.markRead([item.id]);
    setOpened(false);
  });

  const toggle = (next: boolean) => {
    setOpened(next);
    if (next) void list.refetch();
  };

  return (
    <Popover opened={opened} onChange={toggle} position="bottom-end" width={320} shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={t('shell.notifications', { ns: 'translation' })} disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-expanded={opened}
            onClick={() => toggle(!opened)}
            className="notifications-button"
            data-testid="notifications-button"
          >
            <BellIcon />
            {unread > 0 ? (
              <span className="notifications-badge" aria-hidden="true" data-testid="notifications-badge">
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="notifications-popup">
        <NotificationsPanel
          items={items}
          unread={unread}
          onOpen={(item) => void open(item)}
          onMarkAll={() => markRead.mutate('all', { onSuccess: () => pages.markRead('all') })}
          busy={markRead.isPending}
          more={pages.hasMore ? { load: () => void pages.load(), loading: pages.loading } : null}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
