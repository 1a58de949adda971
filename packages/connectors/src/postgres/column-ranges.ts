/**
 * The ranges of a PostgreSQL schema's numeric columns, read without scanning a table: from the
 * planner's statistics (the histogram bounds and most common values ANALYZE sampled), else from
 * the first RANGE_SAMPLE_ROWS rows of a table not estimated huge. A failing read leaves no range.
 */
import type { TIntrospectedColumn, TIntrospectedTable } from '@parley/engine';
import { ConnectorError, type TQueryValue } from '../connector';
import {
  isNumericColumn,
  quoteIdentifier,
  RANGE_SAMPLE_ROWS,
  SAMPLE_MAX_ROWS,
  valueRange,
} from '../sql/sql-connector';

/** The integer, numeric and floating-point type OIDs whose statistics give a column's range. */
const PG_NUMERIC_TYPES = [20, 21, 23, 700, 701, 1700].join(', ');

/** How the connector runs its own statements: catalog rows, and the one row of a bounded sample. */
export interface TRangeQueries {
  rows(sql: string): Promise<Record<string, TQueryValue>[]>;
  sampleRow(sql: string): Promise<Record<string, TQueryValue>>;
}

/** Sets `range` on the numeric columns of `tables`, from pg_stats or else a bounded sample. */
export async function addValueRanges(tables: TIntrospectedTable[], queries: TRangeQueries): Promise<void> {
  const numeric = (table: TIntrospectedTable) => table.columns.filter(isNumericColumn);
  try {
    const stats = await queries.rows(
      `SELECT s.tablename, s.attname, min(v) AS lo, max(v) AS hi, bool_and(v = trunc(v)) AS whole
       FROM pg_catalog.pg_stats s
       JOIN pg_catalog.pg_namespace n ON n.nspname = s.schemaname
       JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename
       JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attname = s.attname
       CROSS JOIN LATERAL unnest(CASE WHEN a.atttypid IN (${PG_NUMERIC_TYPES})
         THEN coalesce(s.histogram_bounds::text::float8[], '{}') || coalesce(s.most_common_vals::text::float8[], '{}')
         END) AS v
       WHERE s.schemaname = current_schema() AND v <> 'NaN' AND v NOT IN ('Infinity', '-Infinity')
       GROUP BY s.tablename, s.attname`,
    );
    const ranges = new Map(
      stats.map((r) => [`${r.tablename}\u0000${r.attname}`, valueRange(r.lo, r.hi, r.whole)]),
    );
    for (const table of tables)
      for (const col of numeric(table)) {
        const range = ranges.get(`${table.name}\u0000${col.name}`);
        if (range) col.range = range;
      }
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
  }
  for (const table of tables) {
    const unmeasured = numeric(table).filter((col) => !col.range);
    const sampled = table.rowCount === null || table.rowCount <= SAMPLE_MAX_ROWS;
    if (unmeasured.length > 0 && sampled) await sampleRanges(table, unmeasured, queries);
  }
}

/** Ranges read from the first RANGE_SAMPLE_ROWS rows of a table the planner has no statistics of. */
async function sampleRanges(
  table: TIntrospectedTable,
  columns: TIntrospectedColumn[],
  queries: TRangeQueries,
): Promise<void> {
  const q = quoteIdentifier;
  const parts = columns.map((col, i) => {
    const c = q(col.name);
    const value =
      col.kind === 'float' ? `CASE WHEN ${c} NOT IN ('NaN', 'Infinity', '-Infinity') THEN ${c} END` : c;
    return `min(${value})::float8 AS lo${i}, max(${value})::float8 AS hi${i}, bool_and(${value} = trunc(${value})) AS w${i}`;
  });
  try {
    const row = await queries.sampleRow(
      `SELECT ${parts.join(', ')} FROM (SELECT ${columns.map((col) => q(col.name)).join(', ')} FROM ${q(table.name)} LIMIT ${RANGE_SAMPLE_ROWS}) s`,
    );
    columns.forEach((col, i) => {
      const range = valueRange(row[`lo${i}`], row[`hi${i}`], row[`w${i}`]);
      if (range) col.range = range;
    });
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
  }
}
