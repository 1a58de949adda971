/**
 * Maps dbt semantic models onto the overlay: each is a table of the source (its `ref()`), its
 * entities keys and joins, its dimensions the base model's dimensions (or new ones), its measures
 * overlay aggregates. Every item ends in `mapped` or, with the reason, in `unmapped`.
 */

import type { TOverlayAggregate, TOverlayExpr } from '@parley/contract';
import type { TIntrospectedTable } from '../introspection';
import type { TAggregation } from '../semantic-model';
import {
  editField,
  findColumn,
  humanize,
  plainColumn,
  type TDbtContext,
  type TDbtItemKind,
} from './dbt-context';
import type { TDbtDimension, TDbtEntity, TDbtMeasure, TDbtSemanticModel } from './dbt-project';
import { parseMeasureExpr } from './dbt-sql';

const KEY_TYPES = ['primary', 'unique', 'natural'];
const AGGS: Record<string, TAggregation> = {
  sum: 'sum',
  max: 'max',
  min: 'min',
  count: 'count',
  count_distinct: 'count_distinct',
  average: 'avg',
  avg: 'avg',
};

/** Maps every semantic model of the project; tables first, so foreign entities can find their targets. */
export function mapSemanticModels(ctx: TDbtContext): void {
  const reasons = new Map<string, string>();
  for (const sm of ctx.project.semanticModels) {
    const found = findModelTable(ctx, sm.model);
    if ('error' in found) reasons.set(sm.name, found.error);
    else ctx.tables.set(sm.name, found.table);
  }
  for (const sm of ctx.project.semanticModels) {
    const table = ctx.tables.get(sm.name);
    if (!table) {
      unmapAll(ctx, sm, reasons.get(sm.name) ?? '');
      continue;
    }
    ctx.mapped.push({ kind: 'semantic_model', name: sm.name });
    if (sm.label) ctx.overlay.tables[table.name] = { label: sm.label };
    for (const entity of sm.entities)
      record(ctx, 'entity', `${sm.name}.${entity.name}`, keyEntity(ctx, sm, table, entity));
    for (const entity of sm.entities) {
      if (entity.type === 'foreign')
        record(ctx, 'entity', `${sm.name}.${entity.name}`, foreignEntity(ctx, sm, table, entity));
    }
    for (const dim of sm.dimensions)
      record(ctx, 'dimension', `${sm.name}.${dim.name}`, mapDimension(ctx, sm, table, dim));
    for (const measure of sm.measures)
      record(ctx, 'measure', measure.name, mapMeasure(ctx, sm, table, measure));
  }
}

/** `ref('orders')` (or `ref('package', 'orders')`) → the schema's table `orders`. */
function findModelTable(ctx: TDbtContext, model: string): { table: TIntrospectedTable } | { error: string } {
  const ref = model.match(/^ref\(\s*(?:['"][^'"]+['"]\s*,\s*)?['"]([^'"]+)['"]\s*(?:,[^)]*)?\)$/);
  if (!ref) return { error: `model \`${model}\` is not a ref() to a dbt model` };
  const name = ref[1];
  const table =
    ctx.schema.tables.find((t) => t.name === name) ??
    ctx.schema.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
  return table ? { table } : { error: `its model's table \`${name}\` is not in the source` };
}

function unmapAll(ctx: TDbtContext, sm: TDbtSemanticModel, reason: string): void {
  ctx.unmapped.push({ kind: 'semantic_model', name: sm.name, reason });
  const part = `semantic model \`${sm.name}\` is not mapped: ${reason}`;
  for (const e of sm.entities)
    ctx.unmapped.push({ kind: 'entity', name: `${sm.name}.${e.name}`, reason: part });
  for (const d of sm.dimensions)
    ctx.unmapped.push({ kind: 'dimension', name: `${sm.name}.${d.name}`, reason: part });
  for (const m of sm.measures) ctx.unmapped.push({ kind: 'measure', name: m.name, reason: part });
}

/** Files one item's outcome: undefined → skipped here (another pass files it), null → mapped. */
function record(ctx: TDbtContext, kind: TDbtItemKind, name: string, error: string | null | undefined): void {
  if (error === undefined) return;
  if (error === null) ctx.mapped.push({ kind, name });
  else ctx.unmapped.push({ kind, name, reason: error });
}

/** Notes an entity's key column; foreign entities are filed by `foreignEntity`, after every key is known. */
function keyEntity(
  ctx: TDbtContext,
  sm: TDbtSemanticModel,
  table: TIntrospectedTable,
  entity: TDbtEntity,
): string | null | undefined {
  const column = plainColumn(table, entity.expr ?? entity.name);
  if ('error' in column) return entity.type === 'foreign' ? undefined : column.error;
  ctx.entities.set(`${sm.name}.${entity.name}`, {
    table: table.name,
    column: column.column,
    type: entity.type,
  });
  if (entity.type === 'foreign') return undefined;
  return KEY_TYPES.includes(entity.type)
    ? null
    : `entity type \`${entity.type}\` is not primary, unique, foreign or natural`;
}

/** A foreign entity whose name is another semantic model's key → a join from this table to that one. */
function foreignEntity(
  ctx: TDbtContext,
  sm: TDbtSemanticModel,
  table: TIntrospectedTable,
  entity: TDbtEntity,
): string | null {
  const from = ctx.entities.get(`${sm.name}.${entity.name}`);
  if (!from) {
    const column = plainColumn(table, entity.expr ?? entity.name);
    return 'error' in column ? column.error : null;
  }
  const target = ctx.project.semanticModels
    .filter((other) => other.name !== sm.name)
    .map((other) => ctx.entities.get(`${other.name}.${entity.name}`))
    .find((key) => key && KEY_TYPES.includes(key.type));
  if (!target) return `no mapped semantic model has \`${entity.name}\` as its primary entity`;
  const join = { from: from.table, fromColumns: [from.column], to: target.table, toColumns: [target.column] };
  const same = (j: typeof join): boolean =>
    j.from === join.from &&
    j.to === join.to &&
    j.fromColumns.join() === join.fromColumns.join() &&
    j.toColumns.join() === join.toColumns.join();
  if (!ctx.base.joins.some(same) && !ctx.overlay.joins.add.some(same)) ctx.overlay.joins.add.push(join);
  return null;
}

function mapDimension(
  ctx: TDbtContext,
  sm: TDbtSemanticModel,
  table: TIntrospectedTable,
  dim: TDbtDimension,
): string | null {
  const found = plainColumn(table, dim.expr ?? dim.name);
  if ('error' in found) return found.error;
  const { column } = found;
  const key = `${sm.name}.${dim.name}`;
  const text = { label: dim.label, description: dim.description };
  if (dim.type === 'time') {
    const kind = table.columns.find((c) => c.name === column)?.kind;
    if (kind !== 'date' && kind !== 'timestamp') return `column \`${column}\` is not a date or timestamp`;
    const time = ctx.base.timeDimensions.find((t) => t.table === table.name && t.column === column);
    if (!time) return `Parley has no time dimension on \`${table.name}.${column}\``;
    ctx.dimensions.set(key, { table: table.name, column });
    ctx.times.set(key, time.name);
    editField(ctx, time.name, text);
    return null;
  }
  if (dim.type !== 'categorical') return `dimension type \`${dim.type}\` is not categorical or time`;
  ctx.dimensions.set(key, { table: table.name, column });
  const existing = ctx.base.dimensions.find((d) =>
    d.sources.some((s) => s.table === table.name && s.column === column),
  );
  if (existing) {
    editField(ctx, existing.name, text);
    return null;
  }
  const name = `${table.name}.${column}`;
  if (!ctx.overlay.dimensions.some((d) => d.name === name)) {
    ctx.overlay.dimensions.push({
      table: table.name,
      column,
      name,
      label: dim.label ?? humanize(dim.name),
      synonyms: [],
    });
    editField(ctx, name, { description: dim.description });
  }
  return null;
}

function mapMeasure(
  ctx: TDbtContext,
  sm: TDbtSemanticModel,
  table: TIntrospectedTable,
  measure: TDbtMeasure,
): string | null {
  const shape = measureShape(table, measure);
  if ('error' in shape) return shape.error;
  const timeName = measure.aggTimeDimension ?? sm.defaultTime;
  const time = timeName ? ctx.times.get(`${sm.name}.${timeName}`) : undefined;
  if (timeName && !time) return `agg_time_dimension \`${timeName}\` is not a time dimension Parley maps`;
  const aggregate: TOverlayAggregate = {
    kind: 'aggregate',
    name: measureName(ctx, measure.name),
    label: measure.label ?? humanize(measure.name),
    ...(measure.description ? { description: measure.description } : {}),
    synonyms: [],
    format: baseFormat(ctx, table.name, shape),
    table: table.name,
    ...shape,
    ...(time ? { time } : {}),
  };
  ctx.overlay.measures.push(aggregate);
  // A measure without create_metric is only a part of metrics (MetricFlow does not offer it alone).
  if (!measure.createMetric) editField(ctx, aggregate.name, { hidden: true });
  ctx.measures.set(measure.name, { aggregate, semanticModel: sm });
  return null;
}

/** The format of the base model's measure of the same column and aggregation (a money column stays money). */
function baseFormat(ctx: TDbtContext, table: string, shape: TShape): TOverlayAggregate['format'] {
  const expr = shape.expr && 'column' in shape.expr ? shape.expr.column : null;
  const same = ctx.base.measures.find(
    (m) =>
      m.kind === 'aggregate' &&
      m.table === table &&
      m.agg === shape.agg &&
      m.expr &&
      'col' in m.expr &&
      m.expr.col === expr &&
      !m.where?.length,
  );
  return same?.format ?? 'number';
}

/** The overlay name of a measure: its own, unless a metric that is not just this measure takes it. */
function measureName(ctx: TDbtContext, name: string): string {
  const metric = ctx.project.metrics.find((m) => m.name === name);
  const plain =
    !metric ||
    (metric.type === 'simple' &&
      metric.measure?.name === name &&
      metric.filter.length === 0 &&
      metric.measure.filter.length === 0);
  return plain ? name : `${name}_measure`;
}

type TShape = Pick<TOverlayAggregate, 'agg' | 'expr' | 'where'>;

/** The aggregation, expression and row condition of a measure, or why Parley cannot hold it. */
function measureShape(table: TIntrospectedTable, measure: TDbtMeasure): TShape | { error: string } {
  if (measure.nonAdditive)
    return { error: 'non_additive_dimension (a value read at one date, like a balance) is not supported' };
  if (measure.agg === 'percentile' || measure.agg === 'median')
    return { error: `Parley has no ${measure.agg} aggregation` };
  const source = measure.expr ?? measure.name;
  if (measure.agg === 'sum_boolean') {
    const found = plainColumn(table, source);
    if ('error' in found) return found;
    const kind = table.columns.find((c) => c.name === found.column)?.kind;
    if (kind !== 'boolean')
      return { error: `sum_boolean needs a yes/no column; \`${found.column}\` is not one` };
    // Summing a flag counts its true rows.
    return { agg: 'count', where: [{ table: table.name, column: found.column, values: ['true'] }] };
  }
  const agg = AGGS[measure.agg];
  if (!agg) return { error: `aggregation \`${measure.agg}\` is not one Parley has` };
  const parsed = parseMeasureExpr(source);
  if (!parsed) return { error: `expr \`${source}\` is SQL Parley cannot read` };
  const expr = resolveColumns(table, parsed);
  if ('error' in expr) return expr;
  // `sum` of 1 (and `count` of a constant) counts rows.
  if ('num' in expr && (agg === 'count' || (agg === 'sum' && expr.num === 1)))
    return { agg: 'count', where: [] };
  return { agg, expr, where: [] };
}

/** The expression with each column name as the table spells it, or the first missing column. */
function resolveColumns(table: TIntrospectedTable, expr: TOverlayExpr): TOverlayExpr | { error: string } {
  if ('num' in expr) return expr;
  if ('column' in expr) {
    const column = findColumn(table, expr.column);
    return column ? { column } : { error: `column \`${expr.column}\` is not in table \`${table.name}\`` };
  }
  if ('span' in expr) return { error: 'a time span is not a dbt expr' };
  const left = resolveColumns(table, expr.left);
  if ('error' in left) return left;
  const right = resolveColumns(table, expr.right);
  return 'error' in right ? right : { op: expr.op, left, right };
}
