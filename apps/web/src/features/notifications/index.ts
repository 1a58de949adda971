/** The top bar's notifications (the unread badge and the popup list) and the dashboard's recent notices (DESIGN §12). */
export { NotificationsMenu } from './NotificationsMenu';
export { RecentNotices } from './RecentNotices';
