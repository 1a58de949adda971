/** The top bar's notifications: the unread badge and the popup list (DESIGN §12). */
export { NotificationsMenu } from './NotificationsMenu';
