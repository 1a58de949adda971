/** What the assemble stage reads: the earlier stages' results, and what its steps settle in turn. */
import type {
  TChangeDirection,
  TMeasureArithmetic,
  TQueryFilter,
  TSemanticQuery,
  TTimeGrain,
} from '@parley/contract';
import type { TWeekStart } from '../../dates/date-range';
import type { TLanguagePack } from '../../languages';
import type { TDateFindings } from '../../languages/date-rule-types';
import type { TSemanticModel } from '../../model/semantic-model';
import type { TMatch } from '../match';
import type { TAggregationWord, TNumericFilter, TRanking } from '../slots';
import type { TToken } from '../text';
import type { TVocabulary } from '../vocabulary';

/** The change a question asks about; `comparative` when said against a second period ("less … than"). */
export interface TChangeCue {
  dir: TChangeDirection;
  comparative: boolean;
  /** The words read, as normalised ("less"): a choice offered back names its measure after them. */
  words: string;
}

export interface TSlots {
  chart: TSemanticQuery['chart'] | null;
  numeric: TNumericFilter[];
  ranking: TRanking | null;
  dates: TDateFindings;
  grain: TTimeGrain | 'auto' | null;
  aggregations: TAggregationWord[];
  /** "share of": the words (unconsumed) that ask for a share of the rows the values pick. */
  share: TToken[];
  /** "in total": only a grouping word makes a breakdown. */
  total: boolean;
  /** The words of a change between periods, per group ("sold less than last year"). */
  change?: TChangeCue | null;
  /** Arithmetic words read (consumed); those no pair of measures takes are unknown words again. */
  operators: TToken[];
}

export interface TAssembleInput {
  phrase: string;
  normalised: string;
  tokens: TToken[];
  matches: TMatch[];
  slots: TSlots;
  model: TSemanticModel;
  vocabulary: TVocabulary;
  pack: TLanguagePack;
  today: string;
  weekStart: TWeekStart;
  previous: TSemanticQuery | null;
  /** Measures the question computes from two it names (settled first; `model` then has them). */
  arithmetic?: TMeasureArithmetic[];
}

/** What the question's own words ask for, once read (read.ts); the query is built from it. */
export interface TReading {
  /** Content words no stage placed. */
  unknown: TToken[];
  /** The question's own measures, and where each was said. */
  measures: string[];
  measureAt: { name: string; at: number }[];
  dimensionWords: { name: string; words: string; grouped: boolean }[];
  /** A time dimension the user named. */
  timeField: string | null;
  followMarker: string | null;
  isFollowUp: boolean;
  /** The measures to show: the question's, or the previous question's for a follow-up. */
  baseMeasures: string[];
  measureFilters: TQueryFilter[];
  valueFilters: Map<string, { op: 'in' | 'not_in'; values: string[] }>;
  /** Fields whose several values are compared ("EMEA vs APAC"), one row each. */
  comparedDimensions: string[];
  /** The breakdowns asked for. */
  dimensions: string[];
}
