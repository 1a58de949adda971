/**
 * Measures the owner defines: an aggregate over one table's columns (checked against the schema)
 * or a metric of two measures. A definition named like an existing measure replaces it.
 */
import type { TOverlayAggregate, TOverlayExpr, TOverlayMeasure, TOverlayMetric } from '@parley/contract';
import {
  findTableValidity,
  getReachableTables,
  type TAggregateMeasure,
  type TMeasure,
  type TModelExpr,
  type TRatioMeasure,
} from '../semantic-model';
import { disable, ensureModelTable, missingColumns, type TOverlayContext } from './overlay-context';

/** Aggregates first, so a metric may combine measures the overlay defines. */
export function applyMeasures(ctx: TOverlayContext, measures: TOverlayMeasure[]): void {
  for (const m of measures) if (m.kind === 'aggregate') defineAggregate(ctx, m);
  for (const m of measures) if (m.kind === 'metric') defineMetric(ctx, m);
}

function put(ctx: TOverlayContext, measure: TMeasure): void {
  const at = ctx.model.measures.findIndex((m) => m.name === measure.name);
  if (at >= 0) ctx.model.measures[at] = measure;
  else ctx.model.measures.push(measure);
}

/** The overlay's expression over `table`'s columns as the model's. */
export function toModelExpr(e: TOverlayExpr, table: string): TModelExpr {
  if ('column' in e) return { col: e.column, table };
  if ('num' in e) return { num: e.num };
  if ('span' in e) return { span: e.span, from: toModelExpr(e.from, table), to: toModelExpr(e.to, table) };
  return { op: e.op, left: toModelExpr(e.left, table), right: toModelExpr(e.right, table) };
}

/** The columns an expression reads. */
export function exprColumns(e: TOverlayExpr): string[] {
  if ('column' in e) return [e.column];
  if ('num' in e) return [];
  if ('span' in e) return [...exprColumns(e.from), ...exprColumns(e.to)];
  return [...exprColumns(e.left), ...exprColumns(e.right)];
}

/** Why the aggregate cannot be defined over the current schema, or null. */
function aggregateProblem(ctx: TOverlayContext, a: TOverlayAggregate): string | null {
  if (!a.expr && a.agg !== 'count') return `${a.agg} needs a column or an expression to aggregate`;
  const own = missingColumns(ctx, a.table, [
    ...(a.expr ? exprColumns(a.expr) : []),
    ...(a.exists?.refColumns ?? []),
  ]);
  if (own) return own;
  if (a.exists) {
    const marker = missingColumns(ctx, a.exists.table, a.exists.columns);
    if (marker) return marker;
  }
  for (const w of a.where) {
    const missing = missingColumns(ctx, w.table, [w.column]);
    if (missing) return missing;
  }
  return null;
}

function defineAggregate(ctx: TOverlayContext, a: TOverlayAggregate): void {
  const path = `measures.${a.name}`;
  const problem = aggregateProblem(ctx, a);
  if (problem) return void disable(ctx, path, problem);
  ensureModelTable(ctx, a.table);
  // A condition on another table reads it through the measure's joins.
  const reachable = getReachableTables(ctx.model, a.table);
  const apart = a.where.find((w) => !reachable.has(w.table));
  if (apart) return void disable(ctx, path, `${a.table} does not join ${apart.table}`);
  const time = measureTime(ctx, a);
  if (time === undefined)
    return void disable(ctx, path, `time dimension ${a.time} is no longer in the model`);
  const validity = findTableValidity(ctx.model, a.table);
  const measure: TAggregateMeasure = {
    kind: 'aggregate',
    name: a.name,
    label: a.label,
    synonyms: [...a.synonyms],
    format: a.format,
    table: a.table,
    agg: a.agg,
    time,
    ...(a.description ? { description: a.description } : {}),
    ...(a.currency ? { currency: a.currency } : {}),
    ...(a.expr ? { expr: toModelExpr(a.expr, a.table) } : {}),
    ...(a.where.length > 0 ? { where: a.where.map((w) => ({ ...w, values: [...w.values] })) } : {}),
    ...(a.exists
      ? { exists: { ...a.exists, columns: [...a.exists.columns], refColumns: [...a.exists.refColumns] } }
      : {}),
    ...(validity ? { validity: { ...validity } } : {}),
  };
  put(ctx, measure);
}

/** The named time dimension; absent, the table's first; undefined when the named one is gone. */
function measureTime(ctx: TOverlayContext, a: TOverlayAggregate): string | null | undefined {
  const dims = ctx.model.timeDimensions;
  if (a.time === undefined) return dims.find((t) => t.table === a.table)?.name ?? null;
  if (a.time === null) return null;
  return dims.some((t) => t.name === a.time) ? a.time : undefined;
}

function defineMetric(ctx: TOverlayContext, m: TOverlayMetric): void {
  const path = `measures.${m.name}`;
  const missing = [m.left, m.right].find((n) => !ctx.model.measures.some((x) => x.name === n));
  if (missing) return void disable(ctx, path, `measure ${missing} is no longer in the model`);
  if (readsItself(ctx, m.name, [m.left, m.right]))
    return void disable(ctx, path, `${m.label} cannot be made of itself`);
  const measure: TRatioMeasure = {
    kind: 'ratio',
    name: m.name,
    label: m.label,
    synonyms: [...m.synonyms],
    format: m.format,
    numerator: m.left,
    denominator: m.right,
    ...(m.op === '/' ? {} : { op: m.op }),
    ...(m.description ? { description: m.description } : {}),
  };
  put(ctx, measure);
}

/** Whether `name` is among the parts (recursively) of these measures: a metric must not loop. */
function readsItself(ctx: TOverlayContext, name: string, parts: string[]): boolean {
  const seen = new Set<string>();
  const queue = [...parts];
  while (queue.length > 0) {
    const part = queue.shift()!;
    if (part === name) return true;
    if (seen.has(part)) continue;
    seen.add(part);
    const m = ctx.model.measures.find((x) => x.name === part);
    if (m?.kind === 'ratio') queue.push(m.numerator, m.denominator);
  }
  return false;
}
