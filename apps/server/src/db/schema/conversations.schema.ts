import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ownerColumns, ts } from './auth.schema';

/**
 * An answer's card, stored once per owner however often it is given: a repeated question (the
 * same card object, from the result cache) is one more small item row pointing here, not one
 * more copy of ~2 KB of card.
 */
export const answerCards = pgTable('answer_cards', {
  id: uuid('id').primaryKey(),
  ...ownerColumns(),
  card: jsonb('card').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

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
    /** Its responses; the one whose card is in `card_id` holds `card: null` (the repository puts it back). */
    responses: jsonb('responses').notNull(),
    /**
     * Its card in `answer_cards` (same owner), or null (older items keep theirs in `responses`).
     * No foreign key: the owner's cascade removes both, and a key would cost every insert a
     * lookup and every card's deletion a scan of the items.
     */
    cardId: uuid('card_id'),
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
