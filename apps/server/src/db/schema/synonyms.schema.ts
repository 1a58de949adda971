import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects, ts, users } from './auth.schema';

/**
 * A word the engine did not know, learned when a project member picked a choice of its question
 * back: from then on, that word means the picked field or value for everyone in
 * the project asking about that source. Keyed by source, because a word means a field of one model.
 */
export const learnedSynonyms = pgTable(
  'learned_synonyms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The data source id, or 'demo' for the built-in demo source. */
    sourceKey: text('source_key').notNull(),
    /** The word as the parser normalised it (lower case). */
    word: text('word').notNull(),
    /** What it means: the engine's TVocabularyTarget (a measure, dimension, value or time field). */
    target: jsonb('target')
      .$type<
        | { type: 'measure'; name: string }
        | { type: 'dimension'; name: string }
        | { type: 'value'; dimension: string; value: string }
        | { type: 'time'; name: string }
      >()
      .notNull(),
    /** What the word means in the model's own words ("Revenue", "Region: EMEA"), for the settings list. */
    meaning: text('meaning').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('learned_synonyms_word_idx').on(t.projectId, t.sourceKey, t.word),
    index('learned_synonyms_source_idx').on(t.projectId, t.sourceKey),
  ],
);
