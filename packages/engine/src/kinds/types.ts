/**
 * What a question kind brings (kinds/<kind>/kind.ts): the intent keys that cue it in each
 * language pack, how the parser tells it and shapes its query, the chart shape its card draws,
 * how it plans its queries and how it answers from their rows. kinds/index.ts registers one per
 * kind of the contract's union.
 */
import type { TCard, TQuestionKind, TSemanticQuery, TTimeGrain } from '@parley/contract';
import type { DrawnShapeName } from '@parley/presenter';
import type { TCompiledQuery, TCompileOptions } from '../compiler/compile';
import type { TWeekStart } from '../dates/date-range';
import type { TLanguageCode, TLanguagePack } from '../languages';
import type { TSemanticModel } from '../model/semantic-model';

/** A key into a language pack's `intents`: a rule whose words cue a question kind. */
export type TIntentKey = keyof TLanguagePack['intents'];

/** The kinds a question's words tell: every kind but the plain aggregate (the default). */
export type TAnalysisKind = Exclude<TQuestionKind, 'aggregate'>;

/**
 * The parser's token scanner as a kind reads its cue words with it (parser/scanner.ts's
 * TokenScanner): a match of a pattern consumes its tokens unless the handler returns false.
 */
export interface TCueScanner {
  scan(source: string, handle: (groups: string[], at: number) => boolean | undefined): void;
}

/** What shaping a kind's query reads beside the parsed query. */
export interface TShapeContext {
  model: TSemanticModel;
  /** The grain the question named ("weekly", "by month"), 'auto', or null. */
  grain: TTimeGrain | 'auto' | null;
  /** The user's date (YYYY-MM-DD). */
  today: string;
}

/**
 * How the parser tells a kind's question and turns the parsed query into the kind's query.
 * `C` is what its cue words said (a forecast's horizon); the parser only passes it back.
 */
export interface TKindQuestion<C = unknown> {
  /**
   * Reads and consumes the kind's cue words (its `cues` keys of the pack's `intents`); what they
   * said, or null when nothing cued the kind. Runs on every question, also when another kind
   * wins, so no cue word reaches the vocabulary.
   */
  detect(scanner: TCueScanner, pack: TLanguagePack, normalised: string): C | null;
  /** The parsed query as the query the answer path runs for this kind (`analysis` set). */
  shape(query: TSemanticQuery, cue: C, context: TShapeContext): TSemanticQuery;
  /** What to ask instead when the caller cannot answer the kind (a plain query it can). */
  instead(query: TSemanticQuery, model: TSemanticModel, pack: TLanguagePack): string[];
}

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
export interface TQuestionKindDef<
  K extends TQuestionKind = TQuestionKind,
  P extends TKindPlan = TKindPlan,
  C = unknown,
> {
  readonly kind: K;
  /** Data only: the keys of the language packs' `intents` that cue this kind (none: the default). */
  readonly cues: readonly TIntentKey[];
  /** How the parser tells the kind and shapes its query; null for the default (no cue words). */
  readonly question: TKindQuestion<C> | null;
  /** The presenter's chart shape (CHART_SHAPES) its card draws; null: chosen by the result and view. */
  readonly shape: DrawnShapeName | null;
  /** The queries the kind runs; throws ModelError when the model cannot answer it. */
  plan(query: TSemanticQuery, model: TSemanticModel, options: TKindPlanOptions): P;
  /** The card (or the reason there is none) from each planned query's rows, in the plan's order. */
  answer(plan: P, rows: Record<string, unknown>[][], input: TKindAnswerInput): TKindAnswer;
}
