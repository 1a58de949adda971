import type { TLayoutItem, TSemanticQuery } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ownerColumns, ts } from './auth.schema';

/** A named collection of saved questions laid out on a grid (spec 2 §3, DESIGN §11). */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    name: text('name').notNull(),
    /** daily | weekly | monthly, or null for no digest. */
    notificationFrequency: text('notification_frequency').$type<'daily' | 'weekly' | 'monthly'>(),
    digest: boolean('digest').notNull().default(false),
    /** The grid: one item per card, `i` the card's id, `c` its chosen view. */
    layout: jsonb('layout').$type<TLayoutItem[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('collections_owner_idx').on(t.userId, t.projectId, t.createdAt)],
);

/**
 * A saved question (card) of a collection. Beside what the user chose (phrase, source, refresh,
 * view) it keeps the SemanticQuery the phrase resolved to and the source and account it was
 * resolved on, so the card re-runs that query every time, its date range compiled against the
 * day it runs. `semantic` is null when the phrase did not resolve: the card asks it again.
 */
export const collectionQuestions = pgTable(
  'collection_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** The card's place in the collection's list (layout positions are in `collections.layout`). */
    position: integer('position').notNull(),
    phrase: text('phrase').notNull(),
    /** The data source the user chose (`data_adapter`), or null for their default. Not a foreign
     * key: a card whose source was deleted stays and answers an error the user can act on. */
    datasourceId: text('datasource_id'),
    /** Auto-refresh minutes: 0 (not set), 10, 15, 20, 30 or 60. */
    interval: integer('interval').notNull().default(0),
    chartType: text('chart_type'),
    /** The period in words ("last month") of the resolved query, or null. */
    dateRange: text('date_range'),
    semantic: jsonb('semantic').$type<TSemanticQuery>(),
    /** The source and account the query was resolved on ('demo' for the built-in source). */
    resolvedSourceId: text('resolved_source_id'),
    resolvedAccount: text('resolved_account'),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('collection_questions_collection_idx').on(t.collectionId, t.position)],
);
