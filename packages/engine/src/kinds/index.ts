/**
 * The question kinds, one line each: a kind is its folder (kinds/<kind>/kind.ts) plus its line
 * here. The mapped type makes a kind of the contract's union without a line a type error; the
 * answer path and the presenter then match the union exhaustively (assertNever).
 */
import { QUESTION_KINDS, type TQuestionKind } from '@parley/contract';
import { aggregateKind } from './aggregate/kind';
import { driversKind } from './drivers/kind';
import { forecastKind } from './forecast/kind';
import type { TIntentKey, TQuestionKindDef } from './types';

export const KINDS: { readonly [K in TQuestionKind]: TQuestionKindDef<K> } = {
  aggregate: aggregateKind,
  drivers: driversKind,
  forecast: forecastKind,
};

/** A kind's registered definition. */
export function getKind<K extends TQuestionKind>(kind: K): TQuestionKindDef<K> {
  return KINDS[kind];
}

/**
 * Each kind's cue keys into the language packs' `intents` (data): what the parser's intent step
 * reads to tell a kind's question. Nothing under kinds/ may import parser/, so the parser can
 * import this.
 */
export const KIND_CUES = Object.fromEntries(QUESTION_KINDS.map((kind) => [kind, KINDS[kind].cues])) as {
  readonly [K in TQuestionKind]: readonly TIntentKey[];
};

export { aggregateKind, type TAggregatePlan } from './aggregate/kind';
export type { TDriversKindPlan } from './drivers/kind';
export type { TForecastPlan } from './forecast/kind';
export type {
  TIntentKey,
  TKindAnswer,
  TKindAnswerInput,
  TKindPlan,
  TKindPlanOptions,
  TQuestionKindDef,
} from './types';
