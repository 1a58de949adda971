import { registerBundles } from '../../i18n/bundles';

/** Texts of the notifications panel (namespace `notifications`); its title and empty text are the shell's. */
const enUS = {
  button: 'Notifications',
  button_unread_one: 'Notifications, {{count}} unread',
  button_unread_other: 'Notifications, {{count}} unread',
  mark_all: 'Mark all read',
  unread: 'Unread',
  list: 'Latest notifications',
  older: 'Show older',
  failed: 'Could not update the notifications. Please try again.',
};

type NotificationMessages = typeof enUS;

const enGB: NotificationMessages = { ...enUS };

const tr: NotificationMessages = {
  button: 'Bildirimler',
  button_unread_one: 'Bildirimler, {{count}} okunmamış',
  button_unread_other: 'Bildirimler, {{count}} okunmamış',
  mark_all: 'Tümünü okundu say',
  unread: 'Okunmamış',
  list: 'Son bildirimler',
  older: 'Daha eskileri göster',
  failed: 'Bildirimler güncellenemedi. Lütfen tekrar deneyin.',
};

registerBundles('notifications', { 'en-US': enUS, 'en-GB': enGB, tr });
