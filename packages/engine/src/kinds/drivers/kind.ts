/** Drivers ("why did revenue drop last month"): the total and one split per dimension (drivers.ts). */
import type { TCompiledQuery } from '../../compiler/compile';
import type { TQuestionKindDef } from '../types';
import { buildDriversCard, planDrivers, type TDriversPlan } from './drivers';
import { driversQuestion } from './question';

/** The drivers plan with its queries in run order: the total, then each split. */
export type TDriversKindPlan = TDriversPlan & { queries: TCompiledQuery[] };

export const driversKind: TQuestionKindDef<'drivers', TDriversKindPlan, true> = {
  kind: 'drivers',
  // "why", "what drove", "explain the dip", with the movement asked about ("drop", "go up").
  cues: ['drivers', 'movement'],
  question: driversQuestion,
  // Signed contributions, drawn as diverging bars around zero.
  shape: 'contributions',
  plan: (query, model, options) => {
    const plan = planDrivers(query, model, options);
    return { ...plan, queries: [plan.total, ...plan.splits.map((s) => s.compiled)] };
  },
  answer: (plan, [totalRows = [], ...splitRows], input) => ({
    kind: 'card',
    card: buildDriversCard({
      query: input.query,
      model: input.model,
      plan,
      totalRows,
      splitRows,
      readAt: input.readAt,
      locale: input.locale,
      language: input.language,
      today: input.today,
    }),
  }),
};
