import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ownerColumns, ts } from './auth.schema';

/** One asked question and its answer, per user and project. */
export const conversationItems = pgTable(
  'conversation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    /** The client's timestamp (ms) — the item's id on the client side. */
    created: bigint('created', { mode: 'number' }).notNull(),
    phrase: text('phrase').notNull(),
    event: text('event'),
    datasourceId: text('datasource_id'),
    responses: jsonb('responses').notNull(),
    /** The SemanticQuery answered, so a follow-up can refine it. */
    semantic: jsonb('semantic'),
    error: text('error'),
    /**
     * A question back's choices with the unknown word each would explain and what it would mean
     * (the engine's TClarifyPrompt.learn, keyed by choice phrase); picking one teaches the word.
     */
    learn: jsonb('learn').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('conversation_items_user_idx').on(t.userId, t.projectId, t.created)],
);

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...ownerColumns(),
  sentiment: text('sentiment').notNull(),
  message: text('message').notNull(),
  flags: jsonb('flags').$type<string[]>().notNull(),
  data: jsonb('data'),
  phrase: text('phrase').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
