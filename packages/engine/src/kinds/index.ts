/**
 * The question kinds, one line each: a kind is its folder (kinds/<kind>/kind.ts) plus its line
 * here. The mapped type makes a kind of the contract's union without a line a type error; the
 * answer path and the presenter then match the union exhaustively (assertNever). The order of
 * the lines is the order in which cued kinds win in the parser (drivers before forecast).
 */
import { QUESTION_KINDS, type TQuestionKind } from '@parley/contract';
import { aggregateKind } from './aggregate/kind';
import { driversKind } from './drivers/kind';
import { forecastKind } from './forecast/kind';
import type { TAnalysisKind, TIntentKey, TQuestionKindDef } from './types';

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

/**
 * The kinds the parser tells by their words (each but the plain aggregate), in the order of the
 * lines above: when the words of several are found, the first wins.
 */
export const ANALYSIS_KINDS: readonly TAnalysisKind[] = (Object.keys(KINDS) as TQuestionKind[]).filter(
  (kind): kind is TAnalysisKind => KINDS[kind].question !== null,
);

/** The parser's `kinds` option of an answer path that answers every registered kind. */
export const EVERY_KIND = Object.fromEntries(ANALYSIS_KINDS.map((kind) => [kind, true])) as {
  readonly [K in TAnalysisKind]: true;
};

export { aggregateKind, type TAggregatePlan } from './aggregate/kind';
export type { TDriversKindPlan } from './drivers/kind';
export type { TForecastPlan } from './forecast/kind';
export type { TForecastCue } from './forecast/question';
export type {
  TAnalysisKind,
  TCueScanner,
  TIntentKey,
  TKindAnswer,
  TKindAnswerInput,
  TKindPlan,
  TKindPlanOptions,
  TKindQuestion,
  TQuestionKindDef,
  TShapeContext,
} from './types';
