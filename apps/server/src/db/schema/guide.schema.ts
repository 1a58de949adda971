import { pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { ownerColumns, ts } from './auth.schema';

/**
 * The user's choices in the dashboard's Getting started guide, per user and project: whether they
 * skipped linking an assistant and whether they dismissed the guide. The steps themselves are read
 * from real state (data sources, linked assistants), never stored here. No row: nothing chosen.
 */
export const guideStates = pgTable(
  'guide_states',
  {
    ...ownerColumns(),
    assistantSkippedAt: ts('assistant_skipped_at'),
    dismissedAt: ts('dismissed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);
