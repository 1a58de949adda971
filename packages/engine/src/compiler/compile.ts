/**
 * SemanticQuery → one SQL statement for a dialect. Identifiers come only from the model and
 * are quoted; every value (dates, filter values, numbers, limits) is a bound parameter.
 * Comparisons are computed in the same statement: each fact row is read once per period
 * (a two-row "_period" cross join) and aggregated conditionally, so overlapping periods work.
 */
import type { TQueryFilter, TSemanticQuery, TTimeGrain } from '@parley/contract';
import {
  resolveComparison,
  resolveRange,
  type TComparisonPeriod,
  type TResolvedRange,
  type TWeekStart,
} from '../dates/date-range';
import {
  getBaseMeasures,
  getDimension,
  getMeasure,
  ModelError,
  type TAggregateMeasure,
  type TSemanticModel,
} from '../model/semantic-model';
import { assertNever } from '../util';
import { addsUp, queryModel } from './aggregations';
import { changeClauses } from './change';
import { getGrainLabel, getQueryColumns, previousKey, wholeKey } from './columns';
import { chooseTime, compileGroup, entityKeys, isMeasureFilter, type TGroup } from './compile-parts';
import { nullNumber, ParamList, quoteIdent, type TSqlDialect } from './dialect';
import { readingOf, type TValidReading } from './valid-at';

export { isMeasureFilter } from './compile-parts';

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
  /** The day history tables were read on (their rows valid then); absent when none was read. */
  validOn?: TValidReading | null;
  /** Concrete dates used, for card text; null when the whole data range is read. */
  range: TResolvedRange | null;
  comparison: TComparisonPeriod | null;
}

/** Compiles a validated SemanticQuery; throws ModelError when the model cannot express it. */
export function compileQuery(
  input: TSemanticQuery,
  sourceModel: TSemanticModel,
  options: TCompileOptions,
): TCompiledQuery {
  const { dialect } = options;
  let query = input;
  // The measures the user named an aggregation of ("median salary") read as that aggregation.
  const model = queryModel(sourceModel, input);
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

  const { bases, groups } = groupBases(query, model);
  const baseAlias = new Map([...bases.keys()].map((name, i) => [name, `m${i}`]));
  const dimAliases = query.dimensions.map((_, i) => `d${i}`);
  const entityKeyAliases = entityKeys(model, [...groups.values()], query);
  // The columns a row is told apart by: each dimension (and its rows' key), then the time bucket.
  const rowKeys = [...dimAliases, ...entityKeyAliases.filter((k) => k !== null)];
  const keyAliases = [...rowKeys, ...(grain ? ['t'] : [])];

  const groupSqls: string[] = [];
  for (const group of groups.values()) {
    group.time = chooseTime(model, group, query);
    groupSqls.push(
      compileGroup(group, query, model, options, params, {
        range,
        comparison,
        baseAlias,
        dimAliases,
        keyAliases: entityKeyAliases,
      }),
    );
  }
  const aggSql =
    groupSqls.length === 1
      ? groupSqls[0]
      : stackGroups(
          groupSqls,
          groups,
          [...bases.keys()],
          baseAlias,
          keyAliases,
          comparison !== null,
          dialect,
        );

  // Final projection: user-facing labels, ratios, previous values, measure filters, order, limit.
  const measureSql = (name: string, prev: boolean): string => measureExpr(model, name, baseAlias, prev);
  const select = projection(
    query,
    model,
    grain,
    dimAliases,
    entityKeyAliases,
    measureSql,
    comparison !== null,
  );
  const having = query.filters
    .filter((f) => isMeasureFilter(model, f))
    .map((f) => comparisonSql(measureSql(f.field, false), f, params));
  const orderBy = orderClauses(query, model, grain);
  if (query.change) {
    // "Which products sold less than last year": only the groups that moved, the largest change first.
    if (!comparison) throw new ModelError('A change between periods needs two periods to compare.');
    const first = query.measures[0];
    const change = changeClauses(query.change, measureSql(first, false), measureSql(first, true));
    having.push(change.filter);
    if (!query.order) orderBy.unshift(change.order);
  }

  // "Top 5 products by revenue by month": the limit counts products (ranked by their total over
  // the period), each with every bucket — never the first five rows of the series.
  const rankedSeries =
    grain !== null &&
    query.dimensions.length > 0 &&
    query.limit !== undefined &&
    query.order !== undefined &&
    query.measures.includes(query.order.field);
  // A breakdown cut to some of its groups (a top N, a measure filter) reads the whole total beside
  // them, over every group before the cut: its shares are of the whole, not of the rows kept.
  if (keepsSomeGroups(query, model))
    select.push(...wholeTotals(query, model, measureSql, comparison !== null));
  let sql = `WITH ${quoteIdent('agg')} AS (${aggSql})`;
  if (rankedSeries) {
    const top = topSeries(
      query,
      [...bases.values()],
      baseAlias,
      rowKeys,
      measureSql,
      comparison !== null,
      params,
    );
    sql += top.ctes;
    having.push(top.filter);
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
    validOn: readingOf(model, [...groups.values()], { range, comparison }, options.today, grain),
  };
}

/** Whether a breakdown's answer may hold only some of its groups: a top N, a measure filter, a change. */
export function keepsSomeGroups(query: TSemanticQuery, model: TSemanticModel): boolean {
  return (
    query.dimensions.length > 0 &&
    (query.limit !== undefined ||
      query.change !== undefined ||
      query.filters.some((f) => isMeasureFilter(model, f)))
  );
}

/** Every aggregate needed, once, grouped by the fact table it is read from. */
function groupBases(
  query: TSemanticQuery,
  model: TSemanticModel,
): { bases: Map<string, TAggregateMeasure>; groups: Map<string, TGroup> } {
  const bases = new Map<string, TAggregateMeasure>();
  for (const name of query.measures) for (const b of getBaseMeasures(model, name)) bases.set(b.name, b);
  const groups = new Map<string, TGroup>();
  for (const b of bases.values()) {
    const group = groups.get(b.table) ?? { table: b.table, time: null, bases: [] };
    group.bases.push(b);
    groups.set(b.table, group);
  }
  return { bases, groups };
}

/** Measures from different fact tables: stack the per-table aggregates and merge by key. */
function stackGroups(
  groupSqls: string[],
  groups: Map<string, TGroup>,
  allBases: string[],
  baseAlias: Map<string, string>,
  keyAliases: string[],
  compared: boolean,
  dialect: TSqlDialect,
): string {
  const valueCols = allBases.flatMap((n) =>
    compared ? [baseAlias.get(n)!, `${baseAlias.get(n)}_prev`] : [baseAlias.get(n)!],
  );
  const parts = [...groups.values()].map((group, i) => {
    const own = new Set(group.bases.map((b) => baseAlias.get(b.name)!));
    const cols = [
      ...keyAliases.map(quoteIdent),
      ...valueCols.map((c) =>
        own.has(c.replace(/_prev$/, '')) ? quoteIdent(c) : `${nullNumber(dialect)} AS ${quoteIdent(c)}`,
      ),
    ];
    return `SELECT ${cols.join(', ')} FROM ${quoteIdent(`g${i}`)}`;
  });
  const ctes = groupSqls.map((sql, i) => `${quoteIdent(`g${i}`)} AS (${sql})`);
  const keys = keyAliases.map(quoteIdent);
  return (
    `WITH ${ctes.join(', ')} SELECT ${[...keys, ...valueCols.map((c) => `SUM(${quoteIdent(c)}) AS ${quoteIdent(c)}`)].join(', ')}` +
    ` FROM (${parts.join(' UNION ALL ')}) AS ${quoteIdent('u')}` +
    (keys.length > 0 ? ` GROUP BY ${keys.join(', ')}` : '')
  );
}

/** The answer's columns: dimensions and the time bucket by their labels, measures, previous values. */
function projection(
  query: TSemanticQuery,
  model: TSemanticModel,
  grain: TTimeGrain | null,
  dimAliases: string[],
  keyAliases: (string | null)[],
  measureSql: (name: string, prev: boolean) => string,
  compared: boolean,
): string[] {
  const select: string[] = [];
  query.dimensions.forEach((name, i) => {
    const shown = distinctLabel(dimAliases[i], keyAliases[i]);
    select.push(`${shown} AS ${quoteIdent(getDimension(model, name).label)}`);
  });
  if (grain) select.push(`${quoteIdent('t')} AS ${quoteIdent(getGrainLabel(grain))}`);
  for (const name of query.measures)
    select.push(`${measureSql(name, false)} AS ${quoteIdent(getMeasure(model, name).label)}`);
  if (compared) {
    for (const name of query.measures) {
      select.push(`${measureSql(name, true)} AS ${quoteIdent(previousKey(getMeasure(model, name).label))}`);
    }
  }
  return select;
}

/**
 * A keyed dimension's label, followed by its key ("Susan Davis (#110)") where two rows of the
 * answer carry the same label, so the table tells them apart.
 */
function distinctLabel(alias: string, key: string | null): string {
  const label = quoteIdent(alias);
  if (!key) return label;
  const k = quoteIdent(key);
  const over = `OVER (PARTITION BY ${label})`;
  return `CASE WHEN MIN(${k}) ${over} < MAX(${k}) ${over} THEN ${label} || ' (#' || CAST(${k} AS TEXT) || ')' ELSE ${label} END`;
}

/** ORDER BY: the asked order, then time, then the first measure for breakdowns, then the dimensions. */
function orderClauses(query: TSemanticQuery, model: TSemanticModel, grain: TTimeGrain | null): string[] {
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
  return orderBy;
}

/** A ranked series' CTEs (each series' totals, the top `limit` of them) and the filter to those. */
function topSeries(
  query: TSemanticQuery,
  bases: TAggregateMeasure[],
  baseAlias: Map<string, string>,
  dimAliases: string[],
  measureSql: (name: string, prev: boolean) => string,
  compared: boolean,
  params: ParamList,
): { ctes: string; filter: string } {
  const dims = dimAliases.map(quoteIdent);
  const totals = bases.flatMap((b) => {
    const fn = b.agg === 'avg' ? 'AVG' : b.agg === 'min' ? 'MIN' : b.agg === 'max' ? 'MAX' : 'SUM';
    const alias = baseAlias.get(b.name)!;
    return [alias, ...(compared ? [`${alias}_prev`] : [])].map(
      (a) => `${fn}(${quoteIdent(a)}) AS ${quoteIdent(a)}`,
    );
  });
  const rank = `${measureSql(query.order!.field, false)} ${query.order!.dir === 'asc' ? 'ASC' : 'DESC'}`;
  const ctes =
    `, ${quoteIdent('tot')} AS (SELECT ${[...dims, ...totals].join(', ')} FROM ${quoteIdent('agg')} GROUP BY ${dims.join(', ')})` +
    `, ${quoteIdent('top')} AS (SELECT ${dims.join(', ')} FROM ${quoteIdent('tot')} ORDER BY ${rank}, ${dims.map((d) => `${d} ASC`).join(', ')} LIMIT ${params.int(query.limit!)})`;
  const filter = `EXISTS (SELECT 1 FROM ${quoteIdent('top')} WHERE ${dims.map((d) => `${quoteIdent('top')}.${d} = ${quoteIdent('agg')}.${d}`).join(' AND ')})`;
  return { ctes, filter };
}

/** Each measure's total over all the aggregated groups (and its previous one), for those that add up. */
function wholeTotals(
  query: TSemanticQuery,
  model: TSemanticModel,
  measureSql: (name: string, prev: boolean) => string,
  compared: boolean,
): string[] {
  return query.measures
    .filter((name) => addsUp(model, name))
    .flatMap((name) => {
      const label = getMeasure(model, name).label;
      const total = (prev: boolean, key: string): string =>
        `(SELECT SUM(${measureSql(name, prev)}) FROM ${quoteIdent('agg')}) AS ${quoteIdent(wholeKey(key))}`;
      return [total(false, label), ...(compared ? [total(true, previousKey(label))] : [])];
    });
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
    // A sum, difference or product ("revenue minus refunds"), each side aggregated first.
    if (m.op) return `(${num} ${m.op} ${den})`;
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
