/**
 * Aggregations the user names on a measure ("median salary", "90th percentile of delivery time",
 * "maximum order amount"): the query's `aggregations` applied to a copy of the model, so the
 * compiler, the columns and the card read one measure with its own label and SQL.
 */
import type { TAggregationOverride, TMeasureArithmetic, TSemanticQuery } from '@parley/contract';
import {
  findDimensionSource,
  getBaseMeasures,
  getDimension,
  getMeasure,
  ModelError,
  type TAggregateMeasure,
  type TMeasure,
  type TMeasureFormat,
  type TRatioMeasure,
  type TSemanticModel,
} from '../model/semantic-model';

/**
 * A measure read with a named aggregation. A quantile (0.5 for the median) is computed with the
 * dialect's quantile function; its `agg` is 'avg' so every reader that only knows the model's
 * aggregations treats it as an average would be: neither summed nor totalled, never 0 when empty.
 */
export type TQueryMeasure = TAggregateMeasure & { quantile?: number };

/** The name a question's arithmetic measure goes by in its query. */
export function arithmeticName(op: TMeasureArithmetic['op'], left: string, right: string): string {
  return `${left}__${op}__${right}`;
}

/**
 * The left side of "share of customers with fiber optic": the measure over the rows with those
 * values only, as a measure condition (hidden: a part of the share, never shown alone).
 */
function restricted(model: TSemanticModel, a: TMeasureArithmetic): TAggregateMeasure {
  const m = getMeasure(model, a.left);
  if (m.kind !== 'aggregate' || !['sum', 'count', 'count_distinct'].includes(m.agg))
    throw new ModelError(`${m.label} cannot be split into a share of its rows.`);
  const where = [...(m.where ?? [])];
  const values: string[] = [];
  for (const f of a.where ?? []) {
    const source = findDimensionSource(model, getDimension(model, f.field), m.table);
    if (!source)
      throw new ModelError(`${m.label} cannot be filtered by ${getDimension(model, f.field).label}.`);
    where.push({ table: source.table, column: source.column, values: f.values });
    values.push(...f.values);
  }
  return {
    ...m,
    name: `${a.name}__rows`,
    label: `${m.label} (${values.join(', ')})`,
    synonyms: [],
    hidden: true,
    where,
  };
}

function derived(model: TSemanticModel, a: TMeasureArithmetic): TRatioMeasure {
  if (a.where) {
    const part = restricted(model, a);
    model.measures.push(part);
    const share = derived(model, { name: a.name, op: a.op, left: part.name, right: a.right });
    return a.op === 'share' ? { ...share, label: `Share of ${part.label}` } : share;
  }
  const left = getMeasure(model, a.left);
  const right = getMeasure(model, a.right);
  const same: TMeasureFormat = left.format === right.format ? left.format : 'number';
  const base = {
    kind: 'ratio' as const,
    name: a.name,
    synonyms: [],
    numerator: left.name,
    denominator: right.name,
  };
  switch (a.op) {
    case 'divide':
      return { ...base, label: `${left.label} divided by ${right.label}`, format: 'number' };
    case 'share':
      return { ...base, label: `${left.label} as a Share of ${right.label}`, format: 'percent' };
    case 'add':
      return { ...base, label: `${left.label} plus ${right.label}`, format: same, op: '+' };
    case 'subtract':
      return { ...base, label: `${left.label} minus ${right.label}`, format: same, op: '-' };
  }
}

/** Whether a measure is a column of values a named aggregation can be taken over. */
export function takesAggregation(measure: TMeasure | null): measure is TAggregateMeasure {
  return (
    measure?.kind === 'aggregate' &&
    measure.expr !== undefined &&
    ['sum', 'avg', 'min', 'max'].includes(measure.agg)
  );
}

/** "Median Salary", "90th Percentile Salary", "Maximum Salary" (of "Total Salary": its column). */
export function aggregationLabel(
  o: Pick<TAggregationOverride, 'fn' | 'percentile'>,
  measureLabel: string,
): string {
  const label = measureLabel.replace(/^(?:total|sum of|average|avg|mean)\s+(?=\S)/i, '');
  switch (o.fn) {
    case 'median':
      return `Median ${label}`;
    case 'percentile':
      return `${ordinal(o.percentile ?? 50)} Percentile ${label}`;
    case 'min':
      return `Minimum ${label}`;
    case 'max':
      return `Maximum ${label}`;
  }
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function overridden(m: TAggregateMeasure, o: TAggregationOverride): TQueryMeasure {
  const label = aggregationLabel(o, m.label);
  const base = { ...m, label, synonyms: [], hidden: false };
  if (o.fn === 'min' || o.fn === 'max') return { ...base, agg: o.fn };
  return { ...base, agg: 'avg', quantile: o.fn === 'median' ? 0.5 : (o.percentile ?? 50) / 100 };
}

/**
 * The model the query is read against: each overridden measure replaced by its named
 * aggregation. Throws ModelError when a measure has no column of values to take it over (a count,
 * a ratio) or is also a part of another measure asked, whose value would change with it.
 */
export function queryModel(
  source: TSemanticModel,
  query: Pick<TSemanticQuery, 'aggregations' | 'arithmetic' | 'measures'>,
): TSemanticModel {
  const overrides = query.aggregations ?? [];
  const arithmetic = (query.arithmetic ?? []).filter((a) => !source.measures.some((m) => m.name === a.name));
  if (overrides.length === 0 && arithmetic.length === 0) return source;
  const model = { ...source, measures: [...source.measures] };
  // Each side is a measure of the model (or an earlier arithmetic one), aggregated on its own.
  for (const a of arithmetic) model.measures.push(derived(model, a));
  const measures = [...model.measures];
  for (const o of overrides) {
    const m = getMeasure(model, o.measure);
    if (!takesAggregation(m))
      throw new ModelError(`${m.label} is not a column of values: its ${o.fn} cannot be computed.`);
    const partOfAnother = query.measures.some(
      (name) => name !== m.name && getBaseMeasures(model, name).some((b) => b.name === m.name),
    );
    if (partOfAnother)
      throw new ModelError(`${m.label} is part of another measure asked: ask for its ${o.fn} alone.`);
    measures[measures.indexOf(m)] = overridden(m, o);
  }
  return { ...model, measures };
}

/**
 * Whether a measure's values over separate groups add up to the whole (a pie's slices, a stack, a
 * share of the total): sums and row counts, and sums or differences of those. Averages, rates,
 * extremes, quantiles and distinct counts of anything but their table's key (one customer in two
 * groups) do not.
 */
export function addsUp(model: TSemanticModel, name: string, depth = 0): boolean {
  const m = getMeasure(model, name);
  if (m.format === 'percent' || depth > 5) return false;
  if (m.kind === 'ratio')
    return (
      (m.op === '+' || m.op === '-') &&
      addsUp(model, m.numerator, depth + 1) &&
      addsUp(model, m.denominator, depth + 1)
    );
  if (m.agg === 'sum' || m.agg === 'count') return true;
  // A distinct count adds up only when it counts its table's rows: a one-column key.
  const key = model.tables.find((t) => t.name === m.table)?.primaryKey ?? [];
  return (
    m.agg === 'count_distinct' &&
    m.expr !== undefined &&
    'col' in m.expr &&
    key.length === 1 &&
    key[0] === m.expr.col
  );
}
