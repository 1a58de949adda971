import { z } from './zod';

/** Calendar units a date range or a comparison can be expressed in (DESIGN §6). */
export const DATE_UNITS = ['day', 'week', 'month', 'quarter', 'half', 'year'] as const;
export const ZDateUnit = z.enum(DATE_UNITS);
export type TDateUnit = z.infer<typeof ZDateUnit>;

/** Bucket sizes of a time series ("daily", "by month"); spec 2 §9 histogram values. */
export const TIME_GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export const ZTimeGrain = z.enum(TIME_GRAINS);
export type TTimeGrain = z.infer<typeof ZTimeGrain>;

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/**
 * A date range as the user said it, resolved to concrete dates only when compiled against
 * "today" (so a saved card keeps meaning "last month"). Semantics are DESIGN §6 CONTRACT.
 */
export const ZDateRange = z.discriminatedUnion('kind', [
  /** No restriction: the whole data range. */
  z.object({ kind: z.literal('all') }),
  /** [start of the current unit, today]; unit day = today. */
  z.object({ kind: z.literal('this'), unit: ZDateUnit }),
  /** The N full units before the current one; unit day, n 1 = yesterday; last N days excludes today. */
  z.object({ kind: z.literal('last'), unit: ZDateUnit, n: z.number().int().min(1).max(1000) }),
  /** Year/half/quarter/month/week to date = [period start, today]. */
  z.object({ kind: z.literal('to_date'), unit: ZDateUnit.exclude(['day']) }),
  /** First or second half of a year (the current one when year is absent). */
  z.object({
    kind: z.literal('half'),
    half: z.union([z.literal(1), z.literal(2)]),
    year: z.number().int().optional(),
  }),
  z.object({ kind: z.literal('year'), year: z.number().int().min(1900).max(2200) }),
  z.object({
    kind: z.literal('quarter'),
    year: z.number().int().min(1900).max(2200),
    quarter: z.number().int().min(1).max(4),
  }),
  z.object({
    kind: z.literal('month'),
    year: z.number().int().min(1900).max(2200),
    month: z.number().int().min(1).max(12),
  }),
  z.object({ kind: z.literal('day'), date: ZIsoDate }),
  /** Explicit inclusive dates ("between 1 March and 15 April 2025", "since 2025-01-01"). */
  z.object({ kind: z.literal('between'), from: ZIsoDate, to: ZIsoDate }),
]);
export type TDateRange = z.infer<typeof ZDateRange>;

/** Comparisons: the contract's previous period / previous year, plus "vs last day/week/…". */
export const COMPARISONS = [
  'previous_period',
  'previous_year',
  'previous_day',
  'previous_week',
  'previous_month',
  'previous_quarter',
] as const;
export const ZComparison = z.enum(COMPARISONS);
export type TComparison = z.infer<typeof ZComparison>;

export const FILTER_OPS = ['in', 'not_in', 'gt', 'gte', 'lt', 'lte', 'between'] as const;
export const ZFilterOp = z.enum(FILTER_OPS);
export type TFilterOp = z.infer<typeof ZFilterOp>;

export const CHART_TYPES = ['bar', 'line', 'area', 'pie', 'donut'] as const;
export const ZChartType = z.enum(CHART_TYPES);
export type TChartType = z.infer<typeof ZChartType>;

/**
 * A filter: on a dimension (`in` / `not_in` its values) or on a measure (`gt` … `between`,
 * applied after aggregation). Values are always bound parameters in SQL.
 */
export const ZQueryFilter = z.object({
  field: z.string().min(1).max(200),
  op: ZFilterOp,
  values: z
    .array(z.union([z.string().max(500), z.number()]))
    .min(1)
    .max(200),
});
export type TQueryFilter = z.infer<typeof ZQueryFilter>;

/** Aggregations a user can name on a measure's column instead of its own ("median salary"). */
export const MEASURE_AGGREGATIONS = ['median', 'percentile', 'min', 'max'] as const;
export const ZMeasureAggregation = z.enum(MEASURE_AGGREGATIONS);
export type TMeasureAggregation = z.infer<typeof ZMeasureAggregation>;

/**
 * A measure computed with the aggregation the user named over its underlying column: "median
 * salary" is the median of the salary column, never its average. `percentile` (1–99) goes with
 * `fn: 'percentile'` only.
 */
export const ZAggregationOverride = z
  .object({
    measure: z.string().min(1).max(200),
    fn: ZMeasureAggregation,
    percentile: z.number().int().min(1).max(99).optional(),
  })
  .refine((o) => (o.fn === 'percentile') === (o.percentile !== undefined), {
    message: 'a percentile names its rank, and only a percentile does',
  });
export type TAggregationOverride = z.infer<typeof ZAggregationOverride>;

/** How a group's measure moved between two periods, for a filter on the change. */
export const CHANGE_DIRECTIONS = ['down', 'up', 'lost', 'gained'] as const;
export type TChangeDirection = (typeof CHANGE_DIRECTIONS)[number];

/** Arithmetic a user states between two measures ("revenue divided by sessions", "refunds as a share of revenue"). */
export const MEASURE_OPERATIONS = ['divide', 'share', 'add', 'subtract'] as const;
export const ZMeasureOperation = z.enum(MEASURE_OPERATIONS);
export type TMeasureOperation = z.infer<typeof ZMeasureOperation>;

/**
 * A measure the question computes from two measures after each is aggregated over the same
 * grouping and period; named in `measures` by `name`. A division by zero is null.
 */
export const ZMeasureArithmetic = z.object({
  name: z.string().min(1).max(200),
  op: ZMeasureOperation,
  left: z.string().min(1).max(200),
  right: z.string().min(1).max(200),
  /**
   * The left side only over the rows with these values ("share of customers with fiber optic":
   * the customers with fiber optic over all customers); absent: the left side as it is.
   */
  where: z
    .array(
      z.object({ field: z.string().min(1).max(200), values: z.array(z.string().max(500)).min(1).max(100) }),
    )
    .min(1)
    .max(5)
    .optional(),
});
export type TMeasureArithmetic = z.infer<typeof ZMeasureArithmetic>;

/**
 * What a question asks, independent of SQL (DESIGN §6). Field names are names of the data
 * source's semantic model; the LLM may propose one, validated by this same schema.
 */
export const ZSemanticQuery = z.object({
  measures: z.array(z.string().min(1).max(200)).min(1).max(10),
  dimensions: z.array(z.string().min(1).max(200)).max(3),
  timeDimension: z
    .object({ field: z.string().min(1).max(200), grain: ZTimeGrain.optional(), range: ZDateRange })
    .optional(),
  compare: ZComparison.optional(),
  filters: z.array(ZQueryFilter).max(20),
  order: z.object({ field: z.string().min(1).max(200), dir: z.enum(['asc', 'desc']) }).optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
  chart: ZChartType.optional(),
  /** Measures of `measures` computed with an aggregation the user named (one each); absent: their own. */
  aggregations: z.array(ZAggregationOverride).max(10).optional(),
  /** Measures of `measures` the question computes from two others (`name` is theirs); absent: none. */
  arithmetic: z.array(ZMeasureArithmetic).max(5).optional(),
  /**
   * Keeps the groups whose first measure changed that way between the period and its comparison
   * (`compare`): `down` / `up` ("which products sold less than last year"), `lost` / `gained`
   * (something in the comparison period and nothing in the period, or the reverse).
   */
  change: z.enum(CHANGE_DIRECTIONS).optional(),
  /**
   * A question kind beside the plain aggregate (DESIGN §6 "Question kinds"): `drivers` splits the
   * change between the period and its comparison by each dimension; `forecast` adds `horizon`
   * future buckets at the time grain to the history. Absent: the plain aggregate.
   */
  analysis: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('drivers') }),
      z.object({
        kind: z.literal('forecast'),
        horizon: z.number().int().min(1).max(366),
        /** Future buckets before the asked ones: "next quarter" in November starts after December. */
        skip: z.number().int().min(0).max(366).optional(),
      }),
    ])
    .optional(),
});
export type TSemanticQuery = z.infer<typeof ZSemanticQuery>;

/**
 * The question kinds: the plain aggregate (a query without `analysis`) and each `analysis.kind`.
 * The engine registers one kind per name (kinds/index.ts), the answer path and the presenter
 * match them exhaustively.
 */
export const QUESTION_KINDS = ['aggregate', 'drivers', 'forecast'] as const;
export const ZQuestionKind = z.enum(QUESTION_KINDS);
export type TQuestionKind = z.infer<typeof ZQuestionKind>;

// The list above is the analysis union plus 'aggregate': a kind added to one and not the other fails here.
type TAnalysisKind = NonNullable<TSemanticQuery['analysis']>['kind'];
const sameKinds: [Exclude<TQuestionKind, 'aggregate'>, TAnalysisKind] extends [
  TAnalysisKind,
  Exclude<TQuestionKind, 'aggregate'>,
]
  ? true
  : never = true;
void sameKinds;

/** A query's kind: its analysis, else the plain aggregate. */
export function questionKind(query: Pick<TSemanticQuery, 'analysis'>): TQuestionKind {
  return query.analysis?.kind ?? 'aggregate';
}
