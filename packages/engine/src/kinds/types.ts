/**
 * What a question kind brings (kinds/<kind>/kind.ts): the intent keys that cue it in each
 * language pack, the chart shape its card draws, how it plans its queries and how it answers
 * from their rows. kinds/index.ts registers one per kind of the contract's union.
 */
import type { TCard, TQuestionKind, TSemanticQuery } from '@parley/contract';
import type { DrawnShapeName } from '@parley/presenter';
import type { TCompiledQuery, TCompileOptions } from '../compiler/compile';
import type { TWeekStart } from '../dates/date-range';
import type { TLanguageCode, TLanguagePack } from '../languages';
import type { TSemanticModel } from '../model/semantic-model';

/** A key into a language pack's `intents`: a rule whose words cue a question kind. */
export type TIntentKey = keyof TLanguagePack['intents'];

/** What planning a kind's queries reads: the compile options and the card's language. */
export type TKindPlanOptions = TCompileOptions & { language?: TLanguageCode };

/** A kind's plan: the compiled queries it runs, in the order `answer` reads their rows. */
export interface TKindPlan {
  queries: TCompiledQuery[];
}

/** What answering from the rows reads beside the plan. */
export interface TKindAnswerInput {
  query: TSemanticQuery;
  model: TSemanticModel;
  /** ISO time the data was read. */
  readAt: string;
  /** The user's date (YYYY-MM-DD). */
  today: string;
  weekStart: TWeekStart;
  /** The user's locale for numbers and dates. */
  locale?: string;
  /** The card's language; English by default. */
  language?: TLanguageCode;
}

/** A card, or the reason there is none (shown like a question back). */
export type TKindAnswer = { kind: 'card'; card: TCard } | { kind: 'refuse'; text: string };

/** One question kind. */
export interface TQuestionKindDef<K extends TQuestionKind = TQuestionKind, P extends TKindPlan = TKindPlan> {
  readonly kind: K;
  /** Data only: the keys of the language packs' `intents` that cue this kind (none: the default). */
  readonly cues: readonly TIntentKey[];
  /** The presenter's chart shape (CHART_SHAPES) its card draws; null: chosen by the result and view. */
  readonly shape: DrawnShapeName | null;
  /** The queries the kind runs; throws ModelError when the model cannot answer it. */
  plan(query: TSemanticQuery, model: TSemanticModel, options: TKindPlanOptions): P;
  /** The card (or the reason there is none) from each planned query's rows, in the plan's order. */
  answer(plan: P, rows: Record<string, unknown>[][], input: TKindAnswerInput): TKindAnswer;
}
