/**
 * SemanticQuery → one SQL statement for a dialect. Identifiers come only from the model and
 * are quoted; every value (dates, filter values, numbers, limits) is a bound parameter.
 * Comparisons are computed in the same statement: each fact row is read once per period
 * (a two-row "_period" cross join) and aggregated conditionally, so overlapping periods work.
 */
import type { TQueryFilter, TSemanticQuery } from '@parley/contract';
import {
  resolveComparison,
  resolveRange,
  type TComparisonPeriod,
  type TResolvedRange,
  type TWeekStart,
} from '../dates/date-range';
import {
  findDimensionSource,
  findTimeDimension,
  getBaseMeasures,
  getDimension,
  getMeasure,
  getReachableTables,
  ModelError,
  type TAggregateMeasure,
  type TDimensionSource,
  type TModelExpr,
  type TSemanticModel,
  type TTimeDimension,
} from '../model/semantic-model';
import { assertNever } from '../util';
import { getGrainLabel, getQueryColumns, previousKey } from './columns';
import { bucketDate, castDate, ParamList, quoteIdent, shiftForward, type TSqlDialect } from './dialect';

export interface TCompileOptions {
  dialect: TSqlDialect;
  /** The user's date (YYYY-MM-DD) in their timezone; relative ranges resolve against it. */
  today: string;
  weekStart: TWeekStart;
}

export interface TCompiledQuery {
  sql: string;
  params: (string | number)[];
  columns: ReturnType<typeof getQueryColumns>;
  /** Concrete dates used, for card text; null when the whole data range is read. */
  range: TResolvedRange | null;
  comparison: TComparisonPeriod | null;
}

interface TGroup {
  table: string;
  time: TTimeDimension | null;
  bases: TAggregateMeasure[];
}

const PERIOD = quoteIdent('_period');
const P = `${PERIOD}.${quoteIdent('p')}`;

/** Compiles a validated SemanticQuery; throws ModelError when the model cannot express it. */
export function compileQuery(
  input: TSemanticQuery,
  model: TSemanticModel,
  options: TCompileOptions,
): TCompiledQuery {
  const { dialect } = options;
  let query = input;
  const params = new ParamList(dialect);
  const range = query.timeDimension
    ? resolveRange(query.timeDimension.range, options.today, options.weekStart)
    : null;
  const comparison =
    query.compare && query.timeDimension
      ? resolveComparison(query.timeDimension.range, query.compare, options.today, options.weekStart)
      : null;
  // A comparison needs a concrete period; over the whole data range it means nothing.
  if (query.compare && !comparison) query = { ...query, compare: undefined };
  const grain = query.timeDimension?.grain ?? null;

  // Every aggregate needed, once, grouped by the fact table it is read from.
  const bases = new Map<string, TAggregateMeasure>();
  for (const name of query.measures) for (const b of getBaseMeasures(model, name)) bases.set(b.name, b);
  const groups = new Map<string, TGroup>();
  for (const b of bases.values()) {
    const group = groups.get(b.table) ?? { table: b.table, time: null, bases: [] };
    group.bases.push(b);
    groups.set(b.table, group);
  }
  const baseAlias = new Map([...bases.keys()].map((name, i) => [name, `m${i}`]));
  const dimAliases = query.dimensions.map((_, i) => `d${i}`);
  const keyAliases = [...dimAliases, ...(grain ? ['t'] : [])];

  const groupSqls: string[] = [];
  for (const group of groups.values()) {
    group.time = chooseTime(model, group, query);
    groupSqls.push(
      compileGroup(group, query, model, options, params, { range, comparison, baseAlias, dimAliases }),
    );
  }

  let aggSql: string;
  if (groupSqls.length === 1) {
    aggSql = groupSqls[0];
  } else {
    // Measures from different fact tables: stack the per-table aggregates and merge by key.
    const allBases = [...bases.keys()];
    const valueCols = allBases.flatMap((n) =>
      comparison ? [baseAlias.get(n)!, `${baseAlias.get(n)}_prev`] : [baseAlias.get(n)!],
    );
    const parts = [...groups.values()].map((group, i) => {
      const own = new Set(group.bases.map((b) => baseAlias.get(b.name)!));
      const cols = [
        ...keyAliases.map(quoteIdent),
        ...valueCols.map((c) =>
          own.has(c.replace(/_prev$/, '')) ? quoteIdent(c) : `NULL AS ${quoteIdent(c)}`,
        ),
      ];
      return `SELECT ${cols.join(', ')} FROM ${quoteIdent(`g${i}`)}`;
    });
    const ctes = groupSqls.map((sql, i) => `${quoteIdent(`g${i}`)} AS (${sql})`);
    const keys = keyAliases.map(quoteIdent);
    aggSql =
      `WITH ${ctes.join(', ')} SELECT ${[...keys, ...valueCols.map((c) => `SUM(${quoteIdent(c)}) AS ${quoteIdent(c)}`)].join(', ')}` +
      ` FROM (${parts.join(' UNION ALL ')}) AS ${quoteIdent('u')}` +
      (keys.length > 0 ? ` GROUP BY ${keys.join(', ')}` : '');
  }

  // Final projection: user-facing labels, ratios, previous values, measure filters, order, limit.
  const select: string[] = [];
  query.dimensions.forEach((name, i) => {
    select.push(`${quoteIdent(dimAliases[i])} AS ${quoteIdent(getDimension(model, name).label)}`);
  });
  if (grain) select.push(`${quoteIdent('t')} AS ${quoteIdent(getGrainLabel(grain))}`);
  const measureSql = (name: string, prev: boolean): string => measureExpr(model, name, baseAlias, prev);
  for (const name of query.measures)
    select.push(`${measureSql(name, false)} AS ${quoteIdent(getMeasure(model, name).label)}`);
  if (comparison) {
    for (const name of query.measures) {
      select.push(`${measureSql(name, true)} AS ${quoteIdent(previousKey(getMeasure(model, name).label))}`);
    }
  }

  const having = query.filters
    .filter((f) => isMeasureFilter(model, f))
    .map((f) => comparisonSql(measureSql(f.field, false), f, params));

  const orderBy: string[] = [];
  if (query.order) {
    const m = model.measures.find((x) => x.name === query.order!.field);
    const d = model.dimensions.find((x) => x.name === query.order!.field);
    const key = m
      ? m.label
      : d
        ? d.label
        : grain && query.order.field === 'time'
          ? getGrainLabel(grain)
          : null;
    const selected = m ? query.measures.includes(m.name) : d ? query.dimensions.includes(d.name) : true;
    if (!key || !selected)
      throw new ModelError(`Cannot order by ${query.order.field}: it is not part of the answer.`);
    orderBy.push(`${quoteIdent(key)} ${query.order.dir === 'asc' ? 'ASC' : 'DESC'}`);
  }
  if (grain) orderBy.push(`${quoteIdent(getGrainLabel(grain))} ASC`);
  if (!query.order && query.dimensions.length > 0) {
    orderBy.push(`${quoteIdent(getMeasure(model, query.measures[0]).label)} DESC`);
  }
  // Ties are broken by the dimensions so results are stable across runs and dialects.
  for (const name of query.dimensions) orderBy.push(`${quoteIdent(getDimension(model, name).label)} ASC`);

  // "Top 5 products by revenue by month": the limit counts products (ranked by their total over
  // the period), each with every bucket — never the first five rows of the series.
  const rankedSeries =
    grain !== null &&
    query.dimensions.length > 0 &&
    query.limit !== undefined &&
    query.order !== undefined &&
    query.measures.includes(query.order.field);
  let sql = `WITH ${quoteIdent('agg')} AS (${aggSql})`;
  if (rankedSeries) {
    const dims = dimAliases.map(quoteIdent);
    const totals = [...bases.values()].flatMap((b) => {
      const fn = b.agg === 'avg' ? 'AVG' : b.agg === 'min' ? 'MIN' : b.agg === 'max' ? 'MAX' : 'SUM';
      const alias = baseAlias.get(b.name)!;
      return [alias, ...(comparison ? [`${alias}_prev`] : [])].map(
        (a) => `${fn}(${quoteIdent(a)}) AS ${quoteIdent(a)}`,
      );
    });
    const rank = `${measureSql(query.order!.field, false)} ${query.order!.dir === 'asc' ? 'ASC' : 'DESC'}`;
    sql +=
      `, ${quoteIdent('tot')} AS (SELECT ${[...dims, ...totals].join(', ')} FROM ${quoteIdent('agg')} GROUP BY ${dims.join(', ')})` +
      `, ${quoteIdent('top')} AS (SELECT ${dims.join(', ')} FROM ${quoteIdent('tot')} ORDER BY ${rank}, ${dims.map((d) => `${d} ASC`).join(', ')} LIMIT ${params.int(query.limit!)})`;
    having.push(
      `EXISTS (SELECT 1 FROM ${quoteIdent('top')} WHERE ${dims.map((d) => `${quoteIdent('top')}.${d} = ${quoteIdent('agg')}.${d}`).join(' AND ')})`,
    );
  }
  sql += ` SELECT ${select.join(', ')} FROM ${quoteIdent('agg')}`;
  if (having.length > 0) sql += ` WHERE ${having.join(' AND ')}`;
  // A ranked series reads in time order; the ranking chose which series, not the row order.
  const order = rankedSeries
    ? orderBy.filter((o) => !o.startsWith(quoteIdent(getMeasure(model, query.order!.field).label)))
    : orderBy;
  if (order.length > 0) sql += ` ORDER BY ${[...new Set(order)].join(', ')}`;
  if (query.limit && !rankedSeries) sql += ` LIMIT ${params.int(query.limit)}`;

  const finished = params.finish(sql);
  return {
    sql: finished.sql,
    params: finished.params,
    columns: getQueryColumns(query, model),
    range,
    comparison,
  };
}

/** Whether a filter's field is a measure (filtered after aggregation) rather than a dimension. */
export function isMeasureFilter(model: TSemanticModel, filter: TQueryFilter): boolean {
  return model.measures.some((m) => m.name === filter.field);
}

/** The group's time dimension: the one the query names when reachable, else the measures' own. */
function chooseTime(model: TSemanticModel, group: TGroup, query: TSemanticQuery): TTimeDimension | null {
  const reachable = getReachableTables(model, group.table);
  const asked = query.timeDimension ? findTimeDimension(model, query.timeDimension.field) : null;
  const own = group.bases[0].time ? findTimeDimension(model, group.bases[0].time) : null;
  if (asked && own && asked.name !== own.name && reachable.has(asked.table)) return asked;
  return own ?? (asked && reachable.has(asked.table) ? asked : null);
}

interface TGroupContext {
  range: TResolvedRange | null;
  comparison: TComparisonPeriod | null;
  baseAlias: Map<string, string>;
  dimAliases: string[];
}

function compileGroup(
  group: TGroup,
  query: TSemanticQuery,
  model: TSemanticModel,
  options: TCompileOptions,
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

  const select: string[] = [];
  const groupBy: string[] = [];
  const usedSources: TDimensionSource[] = [];
  query.dimensions.forEach((name, i) => {
    const s = source(name);
    usedSources.push(s);
    select.push(`${col(s.table, s.column)} AS ${quoteIdent(ctx.dimAliases[i])}`);
    groupBy.push(quoteIdent(ctx.dimAliases[i]));
  });

  const where: string[] = [];
  const grain = query.timeDimension?.grain;
  const time = group.time;
  if ((ctx.range || grain) && !time) {
    throw new ModelError(`${group.bases.map((b) => b.label).join(', ')} has no date to filter or group by`);
  }
  const timeExpr = time ? castDate(dialect, col(time.table, time.column), time.dataType) : '';
  const between = (r: TResolvedRange): string =>
    `${timeExpr} BETWEEN ${params.date(r.from)} AND ${params.date(r.to)}`;
  const { comparison, range } = ctx;
  let currentCond: string | null = null;
  let previousCond: string | null = null;
  if (comparison && range) {
    currentCond = `${P} = 0`;
    previousCond = `${P} = 1`;
    where.push(`((${P} = 0 AND ${between(range)}) OR (${P} = 1 AND ${between(comparison)}))`);
  } else if (range) {
    where.push(between(range));
  }
  if (grain && time) {
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
    if (f.op === 'in') where.push(`${col(s.table, s.column)} IN (${list})`);
    else if (f.op === 'not_in') where.push(`${col(s.table, s.column)} NOT IN (${list})`);
    else throw new ModelError(`Dimension filters take in / not_in, not ${f.op}`);
  }

  for (const b of group.bases) {
    // A measure's built-in condition (completed orders) yields to the user's own choice on that column.
    const conds = (b.where ?? [])
      .filter((w) => !usedSources.some((s) => s.table === w.table && s.column === w.column))
      .map((w) => `${col(w.table, w.column)} IN (${w.values.map((v) => params.add(v)).join(', ')})`);
    const alias = ctx.baseAlias.get(b.name)!;
    const expr = b.expr ? exprSql(b.expr, col) : null;
    select.push(
      `${aggregateSql(b, expr, currentCond ? [currentCond, ...conds] : conds)} AS ${quoteIdent(alias)}`,
    );
    if (previousCond) {
      select.push(`${aggregateSql(b, expr, [previousCond, ...conds])} AS ${quoteIdent(`${alias}_prev`)}`);
    }
  }

  const from = joinSql(model, group.table, needed);
  const periodJoin =
    comparison && range
      ? ` CROSS JOIN (SELECT 0 AS ${quoteIdent('p')} UNION ALL SELECT 1 AS ${quoteIdent('p')}) AS ${PERIOD}`
      : '';
  let sql = `SELECT ${select.join(', ')} FROM ${from}${periodJoin}`;
  if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
  if (groupBy.length > 0) sql += ` GROUP BY ${groupBy.join(', ')}`;
  return sql;
}

/** FROM clause: the fact table and the joins leading to every other table used. */
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
  };
  // Reachable order is breadth-first, so parents are joined before children that need them.
  for (const table of reachable.keys()) if (needed.has(table)) addPath(table);
  for (const table of needed)
    if (!reachable.has(table)) throw new ModelError(`No join path from ${fact} to ${table}`);
  return [quoteIdent(fact), ...joins].join(' ');
}

function exprSql(expr: TModelExpr, col: (table: string, column: string) => string): string {
  if ('col' in expr) return col(expr.table, expr.col);
  if ('num' in expr) return String(Number(expr.num));
  return `(${exprSql(expr.left, col)} ${expr.op} ${exprSql(expr.right, col)})`;
}

function aggregateSql(b: TAggregateMeasure, expr: string | null, conds: string[]): string {
  const guarded = (value: string): string =>
    conds.length > 0 ? `CASE WHEN ${conds.join(' AND ')} THEN ${value} END` : value;
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

/** A measure over the aggregated columns: sums and counts default to 0, ratios divide safely. */
function measureExpr(
  model: TSemanticModel,
  name: string,
  baseAlias: Map<string, string>,
  prev: boolean,
): string {
  const m = getMeasure(model, name);
  if (m.kind === 'ratio') {
    const num = measureExpr(model, m.numerator, baseAlias, prev);
    const den = measureExpr(model, m.denominator, baseAlias, prev);
    return `(${num} * 1.0 / NULLIF(${den}, 0))`;
  }
  const alias = quoteIdent(`${baseAlias.get(m.name)!}${prev ? '_prev' : ''}`);
  return m.agg === 'sum' || m.agg === 'count' || m.agg === 'count_distinct' ? `COALESCE(${alias}, 0)` : alias;
}

function comparisonSql(expr: string, f: TQueryFilter, params: ParamList): string {
  const num = (i: number): string => params.add(Number(f.values[i]));
  switch (f.op) {
    case 'gt':
      return `${expr} > ${num(0)}`;
    case 'gte':
      return `${expr} >= ${num(0)}`;
    case 'lt':
      return `${expr} < ${num(0)}`;
    case 'lte':
      return `${expr} <= ${num(0)}`;
    case 'between':
      return `${expr} BETWEEN ${num(0)} AND ${num(1)}`;
    case 'in':
    case 'not_in':
      throw new ModelError('Measure filters compare numbers');
    default:
      return assertNever(f.op);
  }
}
