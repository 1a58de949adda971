import './notifications.css';
import './i18n';
import { ActionIcon, Popover, Text, Tooltip } from '@mantine/core';
import type { TNotifications } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellIcon } from '../../ui/icons';
import { useMarkRead, useNotifications } from './hooks/useNotifications';
import { relativeTime } from './relative-time';

type Item = TNotifications['items'][number];

/** A link inside the app (a path), never another site: notifications only point at Parley's own screens. */
function appPath(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}

function NotificationRow({ item, onOpen }: { item: Item; onOpen: (item: Item) => void }) {
  const { t, i18n } = useTranslation('notifications');
  return (
    <li>
      <button
        type="button"
        className="notification-item"
        data-unread={!item.read || undefined}
        onClick={() => onOpen(item)}
        data-testid="notification-item"
      >
        {!item.read ? <span className="visually-hidden">{t('unread')}: </span> : null}
        <span className="notification-title">{item.title}</span>
        <span className="notification-text">{item.text}</span>
        <time className="notification-time" dateTime={item.created_at}>
          {relativeTime(item.created_at, new Date(), i18n.language || 'en-US')}
        </time>
      </button>
    </li>
  );
}

/** The popup's content: the title, "Mark all read", and the list or today's empty text. */
function NotificationsPanel({
  items,
  unread,
  onOpen,
  onMarkAll,
  busy,
}: {
  items: Item[];
  unread: number;
  onOpen: (item: Item) => void;
  onMarkAll: () => void;
  busy: boolean;
}) {
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
            <NotificationRow key={item.id} item={item} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The top bar's notifications (DESIGN §12): the bell with the unread count, read on open and
 * every minute while the tab is visible; opening an item marks it read and goes to its link.
 */
export function NotificationsMenu() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const list = useNotifications();
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];
  const label = unread > 0 ? t('button_unread', { count: unread }) : t('button');

  const toggle = (next: boolean) => {
    setOpened(next);
    if (next) void list.refetch();
  };

  const open = async (item: Item) => {
    if (!item.read) await markRead.mutateAsync([item.id]).catch(() => undefined);
    const path = appPath(item.link);
    setOpened(false);
    if (path) void navigate(path);
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
          onMarkAll={() => markRead.mutate('all')}
          busy={markRead.isPending}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
