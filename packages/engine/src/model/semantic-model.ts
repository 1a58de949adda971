/**
 * Semantic model types: the vocabulary a data source offers (measures, dimensions, time
 * dimensions) and how it maps onto tables, columns and many-to-one joins.
 */

export type TMeasureFormat = 'number' | 'currency' | 'percent';

/** A model-authored SQL expression over columns; never contains user text. */
export type TModelExpr =
  | { col: string; table: string }
  | { num: number }
  | { op: '+' | '-' | '*' | '/'; left: TModelExpr; right: TModelExpr }
  /** The time from one date or timestamp to a later one, in (fractional) days or hours. */
  | { span: TSpanUnit; from: TModelExpr; to: TModelExpr };

export type TSpanUnit = 'day' | 'hour';

export type TAggregation = 'sum' | 'avg' | 'min' | 'max' | 'count' | 'count_distinct';

/** Restricts the rows a measure aggregates ("completed orders"); values are bound parameters. */
export interface TMeasureCondition {
  table: string;
  column: string;
  values: string[];
}

/**
 * Restricts a measure to the rows that have a row in a subtype ("marker") table: premiums among
 * policy amounts. `columns` of `table` match `refColumns` of the measure's table.
 */
export interface TExistsCondition {
  table: string;
  columns: string[];
  refColumns: string[];
}

/**
 * The dates between which a row of a history table holds: from its `from`
 * date up to, not including, its `to` date; an open end is NULL or a far-future date. Its
 * measures read the rows valid on one day (today, or the end of the asked period).
 */
export interface TValidity {
  table: string;
  from: string;
  to: string;
  dataType: 'date' | 'timestamp';
}

interface TMeasureBase {
  name: string;
  label: string;
  synonyms: string[];
  format: TMeasureFormat;
  description?: string;
  /** ISO 4217 code of a currency measure ("EUR"), set by the owner; absent: the viewer's formatting. */
  currency?: string;
  /** Hidden measures stay in the model (saved queries compile) but are never matched by words. */
  hidden?: boolean;
}

/** An aggregation over one fact table. `time` names the measure's time dimension. */
export interface TAggregateMeasure extends TMeasureBase {
  kind: 'aggregate';
  table: string;
  agg: TAggregation;
  /** Absent for `count` (rows). */
  expr?: TModelExpr;
  where?: TMeasureCondition[];
  /** Only rows marked by a subtype table count. */
  exists?: TExistsCondition;
  time: string | null;
  /** The table holds versions of its rows: only the rows valid on the reading day count. */
  validity?: TValidity;
}

/**
 * A ratio of two other measures, computed after aggregation (AOV, Bounce Rate). With `op` it is
 * their sum, difference or product instead (an owner's metric, "revenue minus refunds"); the
 * parts keep the names numerator and denominator so every reader of a ratio's parts still works.
 */
export interface TRatioMeasure extends TMeasureBase {
  kind: 'ratio';
  numerator: string;
  denominator: string;
  /** Absent: numerator divided by denominator. */
  op?: '+' | '-' | '*';
}

export type TMeasure = TAggregateMeasure | TRatioMeasure;

/** Where a dimension lives; the compiler picks the source reachable from a measure's table. */
export interface TDimensionSource {
  table: string;
  column: string;
  /** Columns read as one, joined by a space (a person's first and last name); `column` is one of them. */
  concat?: string[];
  /**
   * The key of the row the label names, where labels repeat (two customers called the same): the
   * rows are grouped by it, so two of one name are never added together.
   */
  key?: string;
  /**
   * A role of the table (a customer's sales rep is an employee): the source counts only where the
   * path to `table` runs through this reference of `via.table`.
   */
  via?: { table: string; columns: string[] };
}

export interface TDimension {
  name: string;
  label: string;
  synonyms: string[];
  sources: TDimensionSource[];
  /** Known values (low cardinality) feed the value index so "in Germany" becomes a filter. */
  values: string[];
  /** Extra spellings of values: "usa" → "United States". */
  valueSynonyms?: Record<string, string>;
  /** Rows the dimension reads, wherever it is used: a role's link rows (the tenant of a lease). */
  where?: TMeasureCondition[];
  /** A yes/no column: the word naming its true rows ("churn"), a key of `valueSynonyms`. */
  flag?: string;
  /** The owner's labels of values ("AG" → "Agent"): the card shows the label, filters keep the value. */
  valueLabels?: Record<string, string>;
  /** Hidden by the owner: left out of the words questions match, kept so saved queries compile. */
  hidden?: boolean;
}

export interface TTimeDimension {
  name: string;
  label: string;
  synonyms: string[];
  table: string;
  column: string;
  /** Timestamps are cast to dates before filtering and bucketing. */
  dataType: 'date' | 'timestamp';
  /** Hidden by the owner: not matched by words; measures may still be dated by it. */
  hidden?: boolean;
}

export interface TModelTable {
  name: string;
  label: string;
  primaryKey: string[];
}

/**
 * A many-to-one join: every `from` row has at most one `to` row. A `bridge` join leads into a
 * link table of a many-to-many relation (film → film_category → category): a `from` row may
 * match several rows, so a measure split by the far side counts a row once per linked value,
 * as a hand-written join would. Bridges are followed only where no many-to-one path exists.
 */
export interface TModelJoin {
  from: string;
  fromColumns: string[];
  to: string;
  toColumns: string[];
  bridge?: boolean;
}

export interface TSemanticModel {
  name: string;
  tables: TModelTable[];
  joins: TModelJoin[];
  measures: TMeasure[];
  dimensions: TDimension[];
  timeDimensions: TTimeDimension[];
  /** First date of data when known, so "all time" titles can say it. */
  dataRange?: { from: string; to: string };
}

/** A typed error for questions or queries the model cannot express. */
export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelError';
  }
}

export function findMeasure(model: TSemanticModel, name: string): TMeasure | null {
  return model.measures.find((m) => m.name === name) ?? null;
}

export function getMeasure(model: TSemanticModel, name: string): TMeasure {
  const m = findMeasure(model, name);
  if (!m) throw new ModelError(`Unknown measure: ${name}`);
  return m;
}

export function findDimension(model: TSemanticModel, name: string): TDimension | null {
  return model.dimensions.find((d) => d.name === name) ?? null;
}

export function getDimension(model: TSemanticModel, name: string): TDimension {
  const d = findDimension(model, name);
  if (!d) throw new ModelError(`Unknown dimension: ${name}`);
  return d;
}

export function findTimeDimension(model: TSemanticModel, name: string): TTimeDimension | null {
  return model.timeDimensions.find((t) => t.name === name) ?? null;
}

/** The validity period of a table's rows, when its measures say it holds history. */
export function findTableValidity(model: TSemanticModel, table: string): TValidity | null {
  for (const m of model.measures)
    if (m.kind === 'aggregate' && m.validity?.table === table) return m.validity;
  return null;
}

/** The aggregate measures a measure is made of (itself, or a ratio's two parts, recursively). */
export function getBaseMeasures(model: TSemanticModel, name: string): TAggregateMeasure[] {
  const m = getMeasure(model, name);
  if (m.kind === 'aggregate') return [m];
  return [...getBaseMeasures(model, m.numerator), ...getBaseMeasures(model, m.denominator)];
}

/** The time dimension a measure is dated by (a ratio uses its numerator's). */
export function findMeasureTime(model: TSemanticModel, name: string): TTimeDimension | null {
  const base = getBaseMeasures(model, name)[0];
  return base.time ? findTimeDimension(model, base.time) : null;
}

/**
 * Tables reachable from `table` along many-to-one joins, with the join used to reach each
 * (breadth-first, so the shortest path wins). Other fan-out joins are never followed; bridge
 * joins only after every many-to-one path, so they never replace one.
 */
export function getReachableTables(model: TSemanticModel, table: string): Map<string, TModelJoin | null> {
  const reached = new Map<string, TModelJoin | null>([[table, null]]);
  const walk = (queue: string[], bridges: boolean): void => {
    while (queue.length > 0) {
      const current = queue.shift()!;
      for (const join of model.joins) {
        if (join.from === current && !reached.has(join.to) && (bridges || !join.bridge)) {
          reached.set(join.to, join);
          queue.push(join.to);
        }
      }
    }
  };
  walk([table], false);
  if (model.joins.some((j) => j.bridge)) walk([...reached.keys()], true);
  return reached;
}

/** The source of a dimension reachable from a fact table, nearest first; null when none is. */
export function findDimensionSource(
  model: TSemanticModel,
  dimension: TDimension,
  factTable: string,
): TDimensionSource | null {
  const reachable = getReachableTables(model, factTable);
  const order = [...reachable.keys()];
  let best: TDimensionSource | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const source of dimension.sources) {
    const rank = order.indexOf(source.table);
    if (source.via && !runsThrough(reachable, source.table, source.via)) continue;
    if (rank >= 0 && rank < bestRank) {
      best = source;
      bestRank = rank;
    }
  }
  return best;
}

/** Whether the join path to `table` follows the reference `via` (a role of that table). */
function runsThrough(
  reachable: Map<string, TModelJoin | null>,
  table: string,
  via: { table: string; columns: string[] },
): boolean {
  const seen = new Set<string>();
  for (let join = reachable.get(table); join && !seen.has(join.from); join = reachable.get(join.from)) {
    seen.add(join.from);
    if (join.from === via.table && join.fromColumns.join(',') === via.columns.join(',')) return true;
  }
  return false;
}

/** Whether every base part of a measure can be grouped or filtered by the dimension. */
export function isDimensionAvailable(
  model: TSemanticModel,
  measureName: string,
  dimensionName: string,
): boolean {
  const dim = findDimension(model, dimensionName);
  if (!dim) return false;
  return getBaseMeasures(model, measureName).every((b) => findDimensionSource(model, dim, b.table) !== null);
}
