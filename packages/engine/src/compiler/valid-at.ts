/**
 * The valid-at reading of history tables (issue 29, shape 7). A row of a table with a validity
 * period holds from its `from` date up to, not including, its `to` date (an open end is NULL or
 * a far-future date). Such a table is read on one day: today when no period is asked, else the
 * period's last day (today while it runs) — "headcount in 2020" is the headcount at the end of
 * 2020, and a comparison reads each period on its own last day. A table reached through a join
 * is read on the same day.
 */
import type { TComparisonPeriod, TResolvedRange } from '../dates/date-range';
import {
  findTableValidity,
  ModelError,
  type TSemanticModel,
  type TTimeDimension,
  type TValidity,
} from '../model/semantic-model';
import { castDate, type ParamList, type TSqlDialect } from './dialect';

/** The days history tables are read on: the asked period's, and the comparison's. */
export interface TValidReading {
  /** Whether the asked period is read this way (the query's date is a history table's). */
  period: boolean;
  on: string;
  previous: string | null;
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
): TValidReading | null {
  const group = groups.find((g) => g.bases.some((b) => b.validity));
  return group ? validReading(model, group.time, period, today) : null;
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
): string[] {
  const at = (v: TValidity, day: string): string => validAtSql(sql.dialect, v, sql.col, sql.params.date(day));
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

/** A history table's measures bucketed by its own dates would count every version: refused in words. */
export function refuseValidSeries(
  model: TSemanticModel,
  time: TTimeDimension | null,
  bases: { label: string }[],
): void {
  if (!time || !findTableValidity(model, time.table)) return;
  const labels = bases.map((b) => b.label);
  throw new ModelError(
    `${labels.join(', ')} ${labels.length === 1 ? 'is' : 'are'} read on one day (the rows valid then); ask for one period, or compare two (in 2020 vs 2021), not a series by month or year.`,
  );
}
