/**
 * One fact table's part of a compiled query (see compile.ts): its aggregates over its own rows,
 * joined to the tables its dimensions, filters and measure expressions read, within the asked
 * period (and the comparison period, tagged by a two-row "_period" cross join).
 */
import type { TQueryFilter, TSemanticQuery } from '@parley/contract';
import type { TComparisonPeriod, TResolvedRange, TWeekStart } from '../dates/date-range';
import {
  findDimensionSource,
  findTimeDimension,
  getDimension,
  getReachableTables,
  ModelError,
  type TAggregateMeasure,
  type TDimensionSource,
  type TExistsCondition,
  type TModelExpr,
  type TSemanticModel,
  type TTimeDimension,
} from '../model/semantic-model';
import { assertNever } from '../util';
import type { TQueryMeasure } from './aggregations';
import { bridgeFilterSql } from './bridge-filter';
import {
  bucketDate,
  castDate,
  dateSpan,
  type ParamList,
  quantileSql,
  quoteIdent,
  shiftForward,
  type TSqlDialect,
} from './dialect';
import { validityWhere, validReading, validSeries } from './valid-at';

/** The aggregates read from one fact table, and the date they are bucketed and filtered by. */
export interface TGroup {
  table: string;
  time: TTimeDimension | null;
  bases: TAggregateMeasure[];
}

const PERIOD = quoteIdent('_period');
const P = `${PERIOD}.${quoteIdent('p')}`;

/** Whether a filter's field is a measure (filtered after aggregation) rather than a dimension. */
export function isMeasureFilter(model: TSemanticModel, filter: TQueryFilter): boolean {
  return model.measures.some((m) => m.name === filter.field);
}

/** The group's time dimension: the one the query names when reachable, else the measures' own. */
export function chooseTime(
  model: TSemanticModel,
  group: TGroup,
  query: TSemanticQuery,
): TTimeDimension | null {
  const reachable = getReachableTables(model, group.table);
  const asked = query.timeDimension ? findTimeDimension(model, query.timeDimension.field) : null;
  const own = group.bases[0].time ? findTimeDimension(model, group.bases[0].time) : null;
  if (asked && own && asked.name !== own.name && reachable.has(asked.table)) return asked;
  return own ?? (asked && reachable.has(asked.table) ? asked : null);
}

export interface TGroupContext {
  range: TResolvedRange | null;
  comparison: TComparisonPeriod | null;
  baseAlias: Map<string, string>;
  dimAliases: string[];
  /** Each dimension's key alias where it is grouped by its rows' key (see entityKeys), else null. */
  keyAliases: (string | null)[];
}

/**
 * Per dimension, the alias of its rows' key where every group reads it from a source that has one:
 * two customers of one name stay two rows. Null where a group reads it without a key.
 */
export function entityKeys(
  model: TSemanticModel,
  groups: TGroup[],
  query: TSemanticQuery,
): (string | null)[] {
  return query.dimensions.map((name, i) => {
    const dim = getDimension(model, name);
    const sources = groups.map((g) => findDimensionSource(model, dim, g.table));
    const keyed = sources.every((s) => s?.key && s.table === sources[0]!.table && s.key === sources[0]!.key);
    return keyed && sources.length > 0 ? `d${i}_k` : null;
  });
}

/** The group's SELECT: its dimension keys, time bucket and aggregates (current and previous). */
export function compileGroup(
  group: TGroup,
  query: TSemanticQuery,
  model: TSemanticModel,
  options: { dialect: TSqlDialect; weekStart: TWeekStart; today: string },
  params: ParamList,
  ctx: TGroupContext,
): string {
  const { dialect } = options;
  const needed = new Set<string>([group.table]);
  const col = (table: string, column: string): string => {
    needed.add(table);
    return `${quoteIdent(table)}.${quoteIdent(column)}`;
  };
  const source = (dimName: string): TDimensionSource => {
    const dim = getDimension(model, dimName);
    const s = findDimensionSource(model, dim, group.table);
    if (!s)
      throw new ModelError(`${dim.label} is not available for ${group.bases.map((b) => b.label).join(', ')}`);
    return s;
  };

  // A label of several columns (first and last name) is read as one text.
  const sourceSql = (s: TDimensionSource): string =>
    s.concat ? `(${s.concat.map((c) => col(s.table, c)).join(` || ' ' || `)})` : col(s.table, s.column);

  const select: string[] = [];
  const groupBy: string[] = [];
  const usedSources: TDimensionSource[] = [];
  query.dimensions.forEach((name, i) => {
    const s = source(name);
    usedSources.push(s);
    select.push(`${sourceSql(s)} AS ${quoteIdent(ctx.dimAliases[i])}`);
    groupBy.push(quoteIdent(ctx.dimAliases[i]));
    const key = ctx.keyAliases[i];
    if (key && s.key) {
      select.push(`${col(s.table, s.key)} AS ${quoteIdent(key)}`);
      groupBy.push(quoteIdent(key));
    }
  });

  const where: string[] = dimensionConditions(model, query, col, params);
  const grain = query.timeDimension?.grain;
  const time = group.time;
  if ((ctx.range || grain) && !time) {
    throw new ModelError(`${group.bases.map((b) => b.label).join(', ')} has no date to filter or group by`);
  }
  const timeExpr = time ? castDate(dialect, col(time.table, time.column), time.dataType) : '';
  const between = (r: TResolvedRange): string =>
    `${timeExpr} BETWEEN ${params.date(r.from)} AND ${params.date(r.to)}`;
  const { comparison, range } = ctx;
  // A history table's own dates are read as the day its rows are valid on, not filtered.
  const reading = validReading(model, time, ctx, options.today);
  let currentCond: string | null = null;
  let previousCond: string | null = null;
  if (comparison && range) {
    currentCond = `${P} = 0`;
    previousCond = `${P} = 1`;
    if (!reading.period)
      where.push(`((${P} = 0 AND ${between(range)}) OR (${P} = 1 AND ${between(comparison)}))`);
  } else if (range && !reading.period) {
    where.push(between(range));
  }
  const series = grain
    ? validSeries(
        model,
        time,
        { grain, range, compared: comparison !== null, today: options.today, weekStart: options.weekStart },
        { dialect, params },
      )
    : null;
  if (series) {
    select.push(`${series.start} AS ${quoteIdent('t')}`);
    groupBy.push(quoteIdent('t'));
  } else if (grain && time) {
    // Previous-period rows are moved forward into the current period's buckets.
    const aligned = comparison
      ? `CASE WHEN ${P} = 0 THEN ${timeExpr} ELSE ${shiftForward(dialect, timeExpr, comparison.shift.unit, params.int(comparison.shift.n))} END`
      : timeExpr;
    select.push(`${bucketDate(dialect, aligned, grain, options.weekStart)} AS ${quoteIdent('t')}`);
    groupBy.push(quoteIdent('t'));
  }

  for (const f of query.filters) {
    if (isMeasureFilter(model, f)) continue;
    const s = source(f.field);
    usedSources.push(s);
    const list = f.values.map((v) => params.add(String(v))).join(', ');
    const linked =
      query.dimensions.includes(f.field) || (f.op !== 'in' && f.op !== 'not_in')
        ? null
        : bridgeFilterSql(model, group.table, s, f.op === 'not_in', list, col);
    if (linked) where.push(linked);
    else if (f.op === 'in') where.push(`${sourceSql(s)} IN (${list})`);
    else if (f.op === 'not_in') where.push(`${sourceSql(s)} NOT IN (${list})`);
    else throw new ModelError(`Dimension filters take in / not_in, not ${f.op}`);
  }

  for (const b of group.bases) {
    // A measure's built-in condition (completed orders) yields to the user's own choice on that column.
    const conds = (b.where ?? [])
      .filter((w) => !usedSources.some((s) => s.table === w.table && s.column === w.column))
      .map((w) => `${col(w.table, w.column)} IN (${w.values.map((v) => params.add(v)).join(', ')})`);
    if (b.exists) conds.push(existsSql(b.exists, b.table, col));
    const alias = ctx.baseAlias.get(b.name)!;
    const expr = b.expr ? exprSql(b.expr, col, dialect) : null;
    select.push(
      `${aggregateSql(b, expr, currentCond ? [currentCond, ...conds] : conds, dialect)} AS ${quoteIdent(alias)}`,
    );
    if (previousCond) {
      select.push(
        `${aggregateSql(b, expr, [previousCond, ...conds], dialect)} AS ${quoteIdent(`${alias}_prev`)}`,
      );
    }
  }

  const readOn = comparison && range ? P : null;
  const from = joinSql(model, group.table, needed);
  // Every history table joined, the ones a path only passes through too, is read on the day.
  where.push(
    ...validityWhere(model, [...needed], reading, { dialect, params, col }, readOn, series?.day ?? null),
  );
  const periodJoin =
    comparison && range
      ? ` CROSS JOIN (SELECT 0 AS ${quoteIdent('p')} UNION ALL SELECT 1 AS ${quoteIdent('p')}) AS ${PERIOD}`
      : '';
  const buckets = series ? ` CROSS JOIN ${series.source}` : '';
  let sql = `SELECT ${select.join(', ')} FROM ${from}${periodJoin}${buckets}`;
  if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
  if (groupBy.length > 0) sql += ` GROUP BY ${groupBy.join(', ')}`;
  return sql;
}

/**
 * The rows the query's dimensions read (a role of a link table: the lease's tenant); two roles of
 * one link table in one question would read no row at all, so they are refused.
 */
function dimensionConditions(
  model: TSemanticModel,
  query: TSemanticQuery,
  col: TColumnSql,
  params: ParamList,
): string[] {
  const names = [
    ...query.dimensions,
    ...query.filters.filter((f) => !isMeasureFilter(model, f)).map((f) => f.field),
  ];
  const seen = new Map<string, { label: string; values: string }>();
  const out: string[] = [];
  for (const name of new Set(names)) {
    const dim = getDimension(model, name);
    for (const w of dim.where ?? []) {
      const key = `${w.table}.${w.column}`;
      const values = w.values.join('\u0000');
      const before = seen.get(key);
      if (before && before.values !== values)
        throw new ModelError(`${before.label} and ${dim.label} cannot be read together`);
      if (before) continue;
      seen.set(key, { label: dim.label, values });
      out.push(`${col(w.table, w.column)} IN (${w.values.map((v) => params.add(v)).join(', ')})`);
    }
  }
  return out;
}

/** FROM clause: the fact table and the joins leading to every other table used (added to `needed`). */
function joinSql(model: TSemanticModel, fact: string, needed: Set<string>): string {
  const reachable = getReachableTables(model, fact);
  const joins: string[] = [];
  const added = new Set([fact]);
  const addPath = (table: string): void => {
    if (added.has(table)) return;
    const join = reachable.get(table);
    if (!join) throw new ModelError(`No join path from ${fact} to ${table}`);
    addPath(join.from);
    const on = join.fromColumns
      .map(
        (c, i) =>
          `${quoteIdent(join.from)}.${quoteIdent(c)} = ${quoteIdent(join.to)}.${quoteIdent(join.toColumns[i])}`,
      )
      .join(' AND ');
    joins.push(`JOIN ${quoteIdent(table)} ON ${on}`);
    added.add(table);
    needed.add(table);
  };
  // Reachable order is breadth-first, so parents are joined before children that need them.
  for (const table of reachable.keys()) if (needed.has(table)) addPath(table);
  for (const table of needed)
    if (!reachable.has(table)) throw new ModelError(`No join path from ${fact} to ${table}`);
  return [quoteIdent(fact), ...joins].join(' ');
}

type TColumnSql = (table: string, column: string) => string;

function exprSql(expr: TModelExpr, col: TColumnSql, dialect: TSqlDialect): string {
  if ('col' in expr) return col(expr.table, expr.col);
  if ('num' in expr) return String(Number(expr.num));
  if ('span' in expr)
    return dateSpan(dialect, exprSql(expr.from, col, dialect), exprSql(expr.to, col, dialect), expr.span);
  return `(${exprSql(expr.left, col, dialect)} ${expr.op} ${exprSql(expr.right, col, dialect)})`;
}

/** A marked row: the subtype table has a row for it (aliased, so the outer table stays visible). */
function existsSql(cond: TExistsCondition, table: string, col: TColumnSql): string {
  const x = quoteIdent('_x');
  const on = cond.columns
    .map((c, i) => `${x}.${quoteIdent(c)} = ${col(table, cond.refColumns[i])}`)
    .join(' AND ');
  return `EXISTS (SELECT 1 FROM ${quoteIdent(cond.table)} AS ${x} WHERE ${on})`;
}

function aggregateSql(b: TQueryMeasure, expr: string | null, conds: string[], dialect: TSqlDialect): string {
  const guarded = (value: string): string =>
    conds.length > 0 ? `CASE WHEN ${conds.join(' AND ')} THEN ${value} END` : value;
  // A quantile the user named ("median salary") before the measure's own aggregation.
  if (b.quantile !== undefined && expr) return quantileSql(dialect, guarded(expr), b.quantile);
  switch (b.agg) {
    case 'count':
      return conds.length > 0 ? `COUNT(${guarded('1')})` : 'COUNT(*)';
    case 'count_distinct':
      return `COUNT(DISTINCT ${guarded(expr!)})`;
    case 'sum':
      return `SUM(${guarded(expr!)})`;
    case 'avg':
      return `AVG(${guarded(expr!)})`;
    case 'min':
      return `MIN(${guarded(expr!)})`;
    case 'max':
      return `MAX(${guarded(expr!)})`;
    default:
      return assertNever(b.agg);
  }
}
