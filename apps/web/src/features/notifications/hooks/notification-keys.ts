/** Query keys of the notifications panel. */
export const notificationKeys = { list: ['notifications', 'list'] as const };
