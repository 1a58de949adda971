import { questionKind, type TConversationResponse, type TSemanticQuery } from '@parley/contract';
import {
  assertNever,
  KINDS,
  type TKindPlanOptions,
  type TLanguageCode,
  type TQuestionKindDef,
} from '@parley/engine';
import type { AnswerCache } from './answer-cache';
import { cardSource } from './answer-responses';
import type { AnswerSource, AskResult } from './answer-types';

/** A question the pipeline hands to its kind: the source, the query and how it was asked. */
export interface KindQuestion {
  source: AnswerSource;
  query: TSemanticQuery;
  phrase: string;
  /** Where each planned query runs: through the result cache. */
  cache: Pick<AnswerCache, 'run'>;
  clock: () => Date;
}

/**
 * A question answered by its kind (every kind of the contract's union is matched, assertNever);
 * null for the plain aggregate, which the pipeline runs with its caches.
 */
export async function answerKind(
  question: KindQuestion,
  options: Omit<TKindPlanOptions, 'dialect'> & {
    dialect: TKindPlanOptions['dialect'] | null;
    locale: string;
    language: TLanguageCode;
  },
): Promise<AskResult | null> {
  const kind = questionKind(question.query);
  switch (kind) {
    case 'aggregate':
      return null;
    case 'drivers':
    case 'forecast': {
      // Their own (ordinary, compiled) queries through the same result cache. An API source (GA4) runs
      // no SQL: it is asked the plain query, and its compiler says why it cannot answer.
      const { dialect } = options;
      if (!dialect) return null;
      const response = await answerAnalysis(question, KINDS[kind], { ...options, dialect });
      return { responses: [response], semantic: response.card ? question.query : null };
    }
    default:
      return assertNever(kind);
  }
}

/** A kind beside the plain aggregate: its planned queries through the result cache, then its card (or why there is none). */
async function answerAnalysis(
  { source, query, phrase, cache, clock }: KindQuestion,
  kind: TQuestionKindDef,
  options: TKindPlanOptions & { locale: string; language: TLanguageCode },
): Promise<TConversationResponse> {
  const { model } = source;
  const readAt = clock().toISOString();
  const plan = kind.plan(query, model, options);
  const results = await Promise.all(
    plan.queries.map((c) => cache.run(source, { kind: 'sql', sql: c.sql, params: c.params })),
  );
  const answer = kind.answer(
    plan,
    results.map((r) => r.rows),
    { query, model, readAt, ...options },
  );
  return answer.kind === 'card'
    ? { phrase, card: { ...answer.card, source: cardSource(source) } }
    : { phrase, text: answer.text };
}
