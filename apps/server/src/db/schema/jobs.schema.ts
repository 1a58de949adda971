import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './auth.schema';
import { collections } from './collections.schema';

// The queue's own tables (jobs, schedules, archive) are pg-boss's, in its `pgboss` schema,
// migrated by pg-boss itself; these are the app's records of scheduled work.

/**
 * A collection's digest schedule: when its next digest is due (09:00 in its owner's time zone,
 * day 1 of the period). Keyed by the collection and deleted with it; planned again when the
 * frequency, the owner's time zone or their week start (language) differs from what it was planned for.
 */
export const digestSchedules = pgTable(
  'digest_schedules',
  {
    collectionId: uuid('collection_id')
      .primaryKey()
      .references(() => collections.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<'daily' | 'weekly' | 'monthly'>().notNull(),
    timezone: text('timezone').notNull(),
    weekStart: text('week_start').$type<'monday' | 'sunday'>().notNull(),
    nextAt: ts('next_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('digest_schedules_next_idx').on(t.nextAt)],
);

/** Per card, the headline numbers a digest mailed: what the next one compares with. */
export type DigestSummary = Record<string, { title: string; values: Record<string, number> }>;

/**
 * One digest of a collection and period ("day:2026-10-26", "week:2026-10-26", "month:2026-10",
 * or "now:<uuid>" for Send now), written before anything is sent: the unique (collection, period)
 * makes a second job for the same period — another process, a re-planned schedule — send
 * nothing (the bugs of Metabase #45622 and Superset #22664). Only the job that wrote the row sends;
 * its own retries carry on.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** The queue job that claimed the period. */
    jobId: text('job_id').notNull(),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
    /** When its mail was handed to the mail queue; null while it is being built. */
    sentAt: ts('sent_at'),
    summary: jsonb('summary').$type<DigestSummary>(),
  },
  (t) => [
    uniqueIndex('digest_sends_collection_period_uq').on(t.collectionId, t.period),
    index('digest_sends_collection_sent_idx').on(t.collectionId, t.sentAt),
  ],
);
