/** Query keys of the alerts resource. */
export const alertKeys = { list: ['alerts', 'list'] as const };
