import type { Connector } from '@parley/connectors';
import type { TConversationResponse, TSemanticQuery } from '@parley/contract';
import type { TIntrospection, TLearnedChoice, TSemanticModel } from '@parley/engine';
import type { VerifiedIndex } from './pinned-answers';

/** A data source ready to answer (resolved by modules/datasources): its connector and semantic model. */
export interface AnswerSource {
  /** The source's id ('demo' for the built-in one): part of every result-cache key. */
  id: string;
  /** The selected account (schema, database) or null: part of the cache key too. */
  account: string | null;
  connector: Connector;
  model: TSemanticModel;
  /** The data cannot change (the read-only demo file, an uploaded file): results may be reused. */
  immutable: boolean;
  /** The introspection the model was generated from (SQL sources): the model overlay reads its columns. */
  schema?: TIntrospection;
}

export interface AskContext {
  timezone: string | null;
  language: string;
  /** The previous answered query of today's conversation: the base of a follow-up. */
  previous: TSemanticQuery | null;
  /**
   * Spends one unit of the asker's AI-insight quota; false when the plan has none left (the card
   * keeps its computed insights). Without it the model is never asked for insights, so no
   * request goes uncounted.
   */
  aiInsights?: () => Promise<boolean>;
  /** The owner's verified questions of the source (modules/verified): they answer first. */
  verified?: VerifiedIndex | null;
}

export interface AskResult {
  responses: TConversationResponse[];
  /** The query answered, or null when the answer was a clarification. */
  semantic: TSemanticQuery | null;
  /** A question back's choices that would teach an unknown word, by choice phrase (learned synonyms). */
  learn?: Record<string, TLearnedChoice>;
}
