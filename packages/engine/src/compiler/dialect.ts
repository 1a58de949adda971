/**
 * SQL dialects the compiler writes: how each quotes identifiers, numbers parameters, casts
 * dates and buckets them. The only place dialect differences live.
 */
import type { TTimeGrain } from '@parley/contract';
import type { TWeekStart } from '../dates/date-range';
import { ModelError } from '../model/semantic-model';
import { assertNever } from '../util';

export const SQL_DIALECTS = ['duckdb', 'postgres', 'sqlite'] as const;
export type TSqlDialect = (typeof SQL_DIALECTS)[number];

/**
 * Collects bound values and hands out placeholders. Pieces of SQL are built out of order, so
 * placeholders are markers until `finish` numbers them in reading order (`?` needs that).
 */
export class ParamList {
  private readonly values: (string | number)[] = [];
  constructor(private readonly dialect: TSqlDialect) {}

  add(value: string | number): string {
    this.values.push(value);
    return `\u0001${this.values.length - 1}\u0001`;
  }

  /** A bound date parameter, typed as a date where the dialect needs it. */
  date(value: string): string {
    const p = this.add(value);
    return this.dialect === 'sqlite' ? p : `CAST(${p} AS DATE)`;
  }

  /** A bound integer parameter (interval lengths, limits). */
  int(value: number): string {
    const p = this.add(value);
    return this.dialect === 'sqlite' ? p : `CAST(${p} AS INTEGER)`;
  }

  /** Replaces markers with `$1…` or `?`, returning values in the order the SQL uses them. */
  finish(sql: string): { sql: string; params: (string | number)[] } {
    const params: (string | number)[] = [];
    // biome-ignore lint/suspicious/noControlCharactersInRegex: \u0001 delimits the param markers
    const text = sql.replace(/\u0001(\d+)\u0001/g, (_, i: string) => {
      params.push(this.values[Number(i)]);
      return this.dialect === 'sqlite' ? '?' : `$${params.length}`;
    });
    return { sql: text, params };
  }
}

/** Quotes an identifier; identifiers come only from the semantic model, never from users. */
export function quoteIdent(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the param markers
  return `"${name.replace(/[\u0000-\u001f]/g, '').replace(/"/g, '""')}"`;
}

/**
 * A missing number in one branch of a UNION. PostgreSQL types an untyped NULL as text when every
 * branch so far has one, and then refuses the number of a later branch; a NUMERIC NULL unites
 * with integers, numerics and floats alike. DuckDB and SQLite take the untyped NULL.
 */
export function nullNumber(dialect: TSqlDialect): string {
  return dialect === 'postgres' ? 'CAST(NULL AS NUMERIC)' : 'NULL';
}

/**
 * The continuous quantile q (0.5: the median) of `expr`'s non-null values. SQLite has no
 * percentile function: the question is answered with a reason, never with another aggregate.
 */
export function quantileSql(dialect: TSqlDialect, expr: string, q: number): string {
  switch (dialect) {
    case 'duckdb':
      return q === 0.5 ? `median(${expr})` : `quantile_cont(${expr}, ${q})`;
    case 'postgres':
      return `percentile_cont(${q}) WITHIN GROUP (ORDER BY ${expr})`;
    case 'sqlite':
      throw new ModelError(
        'This data source (SQLite) cannot compute a median or a percentile. Ask for the average, the minimum or the maximum instead.',
      );
    default:
      return assertNever(dialect);
  }
}

/** A date/timestamp column as a calendar date. */
export function castDate(dialect: TSqlDialect, expr: string, dataType: 'date' | 'timestamp'): string {
  if (dataType === 'date') return expr;
  return dialect === 'sqlite' ? `date(${expr})` : `CAST(${expr} AS DATE)`;
}

/** The time from `from` to `to` (dates or timestamps) in fractional days or hours; null if either is. */
export function dateSpan(dialect: TSqlDialect, from: string, to: string, unit: 'day' | 'hour'): string {
  // Days are counted on the calendar, as people count "days to ship" (an order at 23:00 shipped
  // the next morning took a day); hours are measured exactly.
  if (unit === 'day') {
    switch (dialect) {
      case 'duckdb':
        return `date_diff('day', CAST(${from} AS DATE), CAST(${to} AS DATE))`;
      case 'postgres':
        return `(CAST(${to} AS DATE) - CAST(${from} AS DATE))`;
      case 'sqlite':
        return `(julianday(date(${to})) - julianday(date(${from})))`;
      default:
        return assertNever(dialect);
    }
  }
  switch (dialect) {
    case 'duckdb':
      return `(date_diff('second', CAST(${from} AS TIMESTAMP), CAST(${to} AS TIMESTAMP)) / 3600.0)`;
    case 'postgres':
      return `(EXTRACT(EPOCH FROM (CAST(${to} AS TIMESTAMP) - CAST(${from} AS TIMESTAMP))) / 3600.0)`;
    case 'sqlite':
      // julianday reads ISO dates and timestamps stored as text (as D1 keeps them).
      return `((julianday(${to}) - julianday(${from})) * 24.0)`;
    default:
      return assertNever(dialect);
  }
}

/** `expr` moved forward by n days or months (to align a comparison period with the current one). */
export function shiftForward(dialect: TSqlDialect, expr: string, unit: 'day' | 'month', n: string): string {
  switch (dialect) {
    case 'duckdb':
      return `CAST(${expr} + ${unit === 'day' ? 'to_days' : 'to_months'}(${n}) AS DATE)`;
    case 'postgres':
      return `CAST(${expr} + make_interval(${unit === 'day' ? 'days' : 'months'} => ${n}) AS DATE)`;
    case 'sqlite':
      return `date(${expr}, '+' || ${n} || ' ${unit === 'day' ? 'days' : 'months'}')`;
    default:
      return assertNever(dialect);
  }
}

/** The first date of the bucket holding `expr` (weeks start on the user's week start). */
export function bucketDate(
  dialect: TSqlDialect,
  expr: string,
  grain: TTimeGrain,
  weekStart: TWeekStart,
): string {
  if (dialect === 'sqlite') {
    switch (grain) {
      case 'day':
        return `date(${expr})`;
      case 'week':
        return `date(${expr}, '-6 days', 'weekday ${weekStart === 'monday' ? 1 : 0}')`;
      case 'month':
        return `date(${expr}, 'start of month')`;
      case 'quarter':
        return `date(${expr}, 'start of month', '-' || ((CAST(strftime('%m', ${expr}) AS INTEGER) - 1) % 3) || ' months')`;
      case 'year':
        return `date(${expr}, 'start of year')`;
      default:
        return assertNever(grain);
    }
  }
  if (grain === 'day') return `CAST(${expr} AS DATE)`;
  // date_trunc weeks start on Monday in both DuckDB and PostgreSQL; shift by a day for Sunday.
  if (grain === 'week' && weekStart === 'sunday') {
    const next = dialect === 'duckdb' ? `${expr} + INTERVAL 1 DAY` : `${expr} + INTERVAL '1 day'`;
    const back = dialect === 'duckdb' ? 'INTERVAL 1 DAY' : `INTERVAL '1 day'`;
    return `CAST(date_trunc('week', ${next}) - ${back} AS DATE)`;
  }
  return `CAST(date_trunc('${grain}', ${expr}) AS DATE)`;
}
