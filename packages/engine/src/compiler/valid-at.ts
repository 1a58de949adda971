/**
 * The valid-at reading of history tables. A row of a table with a validity
 * period holds from its `from` date up to, not including, its `to` date (an open end is NULL or
 * a far-future date). Such a table is read on one day: today when no period is asked, else the
 * period's last day (today while it runs) — "headcount in 2020" is the headcount at the end of
 * 2020, and a comparison reads each period on its own last day; a series ("headcount by year")
 * reads each bucket on its own last day. A table reached through a join is read on the same day.
 */
import type { TTimeGrain } from '@parley/contract';
import type { TComparisonPeriod, TResolvedRange, TWeekStart } from '../dates/date-range';
import {
  findTableValidity,
  ModelError,
  type TSemanticModel,
  type TTimeDimension,
  type TValidity,
} from '../model/semantic-model';
import { bucketDate, castDate, type ParamList, quoteIdent, type TSqlDialect } from './dialect';

/** The days history tables are read on: the asked period's, and the comparison's. */
export interface TValidReading {
  /** Whether the asked period is read this way (the query's date is a history table's). */
  period: boolean;
  on: string;
  previous: string | null;
  /** A series: each bucket read on its own last day (`on` is the last bucket's). */
  series?: boolean;
}

/** The day a period is read on: its last day, or today while it runs. */
export function readingDay(range: TResolvedRange | null, today: string): string {
  if (!range) return today;
  return range.to < today ? range.to : today;
}

/**
 * How the query's history tables are read: on the asked period's last day when the query's date
 * is one of a history table's, else on today (a period on another table's date filters as usual).
 */
export function validReading(
  model: TSemanticModel,
  time: TTimeDimension | null,
  period: { range: TResolvedRange | null; comparison: TComparisonPeriod | null },
  today: string,
): TValidReading {
  const onPeriod = time !== null && findTableValidity(model, time.table) !== null;
  if (!onPeriod || !period.range) return { period: false, on: today, previous: null };
  return {
    period: true,
    on: readingDay(period.range, today),
    previous: period.comparison ? readingDay(period.comparison, today) : null,
  };
}

/** The reading of the first group that reads a history table's measures, for the card; null when none does. */
export function readingOf(
  model: TSemanticModel,
  groups: { time: TTimeDimension | null; bases: { validity?: TValidity }[] }[],
  period: { range: TResolvedRange | null; comparison: TComparisonPeriod | null },
  today: string,
  grain: TTimeGrain | null = null,
): TValidReading | null {
  const group = groups.find((g) => g.bases.some((b) => b.validity));
  if (!group) return null;
  const reading = validReading(model, group.time, period, today);
  return grain && group.time && findTableValidity(model, group.time.table)
    ? { ...reading, period: true, series: true }
    : reading;
}

/** A history row valid on `day` (a SQL date expression). */
export function validAtSql(
  dialect: TSqlDialect,
  v: TValidity,
  col: (table: string, column: string) => string,
  day: string,
): string {
  const from = castDate(dialect, col(v.table, v.from), v.dataType);
  const to = castDate(dialect, col(v.table, v.to), v.dataType);
  return `(${from} <= ${day} AND (${to} IS NULL OR ${to} > ${day}))`;
}

/**
 * The WHERE conditions that keep each used history table's rows valid on the reading day; with a
 * comparison read on each period's own day, the current rows tagged 0 and the previous ones 1.
 */
export function validityWhere(
  model: TSemanticModel,
  tables: string[],
  reading: TValidReading,
  sql: { dialect: TSqlDialect; params: ParamList; col: (table: string, column: string) => string },
  period: string | null,
  seriesDay: string | null = null,
): string[] {
  // A series reads each bucket on its own day (an expression of the bucket row).
  const at = (v: TValidity, day: string): string =>
    validAtSql(sql.dialect, v, sql.col, seriesDay ?? sql.params.date(day));
  const out: string[] = [];
  for (const table of tables) {
    const v = findTableValidity(model, table);
    if (!v) continue;
    if (period && reading.previous)
      out.push(
        `((${period} = 0 AND ${at(v, reading.on)}) OR (${period} = 1 AND ${at(v, reading.previous)}))`,
      );
    else out.push(at(v, reading.on));
  }
  return out;
}

/** Each bucket's step: an interval (DuckDB, PostgreSQL) and a date modifier (SQLite). */
const STEPS: Record<TTimeGrain, [string, string]> = {
  day: ['1 day', '+1 days'],
  week: ['7 days', '+7 days'],
  month: ['1 month', '+1 months'],
  quarter: ['3 months', '+3 months'],
  year: ['1 year', '+1 years'],
};

/** A series over a history table's dates: its buckets (`t`) and the day each is read on (`e`). */
export interface TValidSeries {
  /** The buckets as a FROM item aliased "_b". */
  source: string;
  start: string;
  day: string;
}

/**
 * "Headcount by year": each bucket is read on its own last day (today for the running one), from
 * the first bucket of the period (else of the table's first from date) to the period's reading
 * day. Null when the query's date is not a history table's; refused with a comparison.
 */
export function validSeries(
  model: TSemanticModel,
  time: TTimeDimension | null,
  q: {
    grain: TTimeGrain;
    range: TResolvedRange | null;
    compared: boolean;
    today: string;
    weekStart: TWeekStart;
  },
  sql: { dialect: TSqlDialect; params: ParamList },
): TValidSeries | null {
  const v = time ? findTableValidity(model, time.table) : null;
  if (!v) return null;
  if (q.compared)
    throw new ModelError('A series of rows valid on each day cannot be compared with another period yet.');
  const { dialect, params } = sql;
  const first = q.range
    ? params.date(q.range.from)
    : `(SELECT MIN(${castDate(dialect, quoteIdent(v.from), v.dataType)}) FROM ${quoteIdent(v.table)})`;
  const start = bucketDate(dialect, first, q.grain, q.weekStart);
  const last = (): string => params.date(readingDay(q.range, q.today));
  const [interval, modifier] = STEPS[q.grain];
  const t = quoteIdent('t');
  const series =
    dialect === 'sqlite'
      ? `WITH RECURSIVE ${quoteIdent('g')}(${t}) AS (SELECT ${start} UNION ALL SELECT date(${t}, '${modifier}') FROM ${quoteIdent('g')} WHERE date(${t}, '${modifier}') <= ${last()}) SELECT ${t} FROM ${quoteIdent('g')}`
      : `SELECT CAST(${quoteIdent('s')} AS DATE) AS ${t} FROM generate_series(CAST(${start} AS TIMESTAMP), CAST(${last()} AS TIMESTAMP), INTERVAL '${interval}') AS ${quoteIdent('g')}(${quoteIdent('s')})`;
  const end =
    dialect === 'sqlite'
      ? `MIN(date(${t}, '${modifier}', '-1 days'), ${last()})`
      : `LEAST(CAST(${t} + INTERVAL '${interval}' - INTERVAL '1 day' AS DATE), ${last()})`;
  const b = quoteIdent('_b');
  return {
    source: `(SELECT ${t}, ${end} AS ${quoteIdent('e')} FROM (${series}) AS ${quoteIdent('g0')}) AS ${b}`,
    start: `${b}.${t}`,
    day: `${b}.${quoteIdent('e')}`,
  };
}
