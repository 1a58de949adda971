/**
 * The plain aggregate ("revenue by region last month"): one compiled query, its card by the
 * result's shape (card/build-card.ts). The default kind: no words cue it.
 */
import type { TCard } from '@parley/contract';
import { buildCard } from '../../card/build-card';
import { compileQuery, type TCompiledQuery } from '../../compiler/compile';
import type { TQuestionKindDef } from '../types';

/** The one query of a plain aggregate. */
export interface TAggregatePlan {
  queries: [TCompiledQuery];
}

/** Typed by `satisfies`, so the plain answer path reads its card without a refusal case. */
export const aggregateKind = {
  kind: 'aggregate',
  cues: [],
  // The parsed query as it is: what every question is unless another kind's words cue it.
  question: null,
  // Bars, lines or slices by the result's shape and the view the reader picks.
  shape: null,
  plan: (query, model, options): TAggregatePlan => ({ queries: [compileQuery(query, model, options)] }),
  answer: (plan, [rows = []], input): { kind: 'card'; card: TCard } => ({
    kind: 'card',
    card: buildCard({
      query: input.query,
      model: input.model,
      compiled: plan.queries[0],
      rows,
      readAt: input.readAt,
      locale: input.locale,
      language: input.language,
      today: input.today,
    }),
  }),
} satisfies TQuestionKindDef<'aggregate', TAggregatePlan>;
