import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ownerColumns, ts } from './auth.schema';

/**
 * Messages sent from the help panel's contact form: kept as the record of what was
 * asked (and what the per-user hourly limit counts), and mailed to SUPPORT_EMAIL when it is set.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    comment: text('comment').notNull(),
    /** When the support mail was queued; null when no SUPPORT_EMAIL is configured. */
    mailedAt: ts('mailed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_messages_user_idx').on(t.userId, t.createdAt)],
);
