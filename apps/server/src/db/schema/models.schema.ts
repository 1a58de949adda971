import type { TModelOverlay, TSemanticQuery } from '@parley/contract';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumns, ts, users } from './auth.schema';

/**
 * The owner's overlay on a source's introspected model (DESIGN §12), one row per saved version;
 * the highest version is the one answers read. Keyed by source id ('demo' for the built-in one,
 * whose overlay is each user's own), never by a foreign key: the demo has no datasources row.
 */
export const modelVersions = pgTable(
  'model_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    sourceKey: text('source_key').notNull(),
    version: integer('version').notNull(),
    overlay: jsonb('overlay').$type<TModelOverlay>().notNull(),
    /** Who saved it: kept as a name too, so a deleted author still reads. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    /** One line ("Defined Net revenue; renamed Amount"), and every change against the version before. */
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('model_versions_version_idx').on(t.userId, t.sourceKey, t.version)],
);

/**
 * A verified question: phrases pinned to a query by the source's owner. It answers first and is
 * the source's golden check: re-run after model saves, syncs and upgrades; `shape` is the card's
 * columns when it was pinned, so a query that still runs but answers differently is caught.
 */
export const verifiedQuestions = pgTable(
  'verified_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    sourceKey: text('source_key').notNull(),
    phrases: jsonb('phrases').$type<string[]>().notNull(),
    query: jsonb('query').$type<TSemanticQuery>().notNull(),
    shape: jsonb('shape').$type<string[]>().notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    status: text('status').$type<'ok' | 'broken'>().notNull().default('ok'),
    reason: text('reason'),
    checkedAt: ts('checked_at'),
  },
  (t) => [index('verified_questions_source_idx').on(t.userId, t.sourceKey)],
);

/**
 * What the notifications popup and the dashboard's events panel list (DESIGN §12). `dedupeKey`
 * makes a notice once-only: the same (user, key) is stored once, however many processes check.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);
