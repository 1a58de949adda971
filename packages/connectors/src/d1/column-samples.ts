/**
 * What D1 introspection samples of a table's columns: the values of low-cardinality text columns
 * and the ranges of numeric ones, from at most RANGE_SAMPLE_ROWS rows, in one statement per
 * table (one API call, not one per column). A failed or slow sample leaves that table without.
 */
import type { TIntrospectedColumn, TIntrospectedTable } from '@parley/engine';
import { ConnectorError, type TQueryValue } from '../connector';
import {
  isNumericColumn,
  LOW_CARDINALITY,
  lowCardinalityValues,
  quoteIdentifier,
  RANGE_SAMPLE_ROWS,
  SAMPLE_MAX_ROWS,
  valueRange,
} from '../sql/sql-connector';

/** Runs the connector's own one-row statement and returns that row. */
export type TSampleRow = (sql: string) => Promise<Record<string, TQueryValue>>;

/** Sets `values` on the text columns and `range` on the numeric columns of `tables` not estimated huge. */
export async function addColumnSamples(tables: TIntrospectedTable[], sampleRow: TSampleRow): Promise<void> {
  for (const table of tables) {
    if (table.rowCount !== null && table.rowCount > SAMPLE_MAX_ROWS) continue;
    const texts = table.columns.filter((c) => c.kind === 'text');
    const numbers = table.columns.filter(isNumericColumn);
    if (texts.length === 0 && numbers.length === 0) continue;
    const sql = sampleSql(table.name, texts, numbers);
    try {
      const row = await sampleRow(sql);
      texts.forEach((col, i) => {
        col.values = lowCardinalityValues(JSON.parse(String(row[`v${i}`] ?? '[]')) as string[]);
        if (col.values) col.distinctCount = col.values.length;
      });
      numbers.forEach((col, i) => {
        const [lo, hi, whole] = JSON.parse(String(row[`r${i}`] ?? '[null, null, null]')) as TQueryValue[];
        const range = valueRange(lo, hi, whole === 1);
        if (range) col.range = range;
      });
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
    }
  }
}

/** One SELECT of a table's samples: `v<i>` the distinct texts as JSON, `r<i>` [min, max, whole]. */
function sampleSql(table: string, texts: TIntrospectedColumn[], numbers: TIntrospectedColumn[]): string {
  const t = quoteIdentifier(table);
  const samples = texts.map((col, i) => {
    const c = quoteIdentifier(col.name);
    return `(SELECT json_group_array(v) FROM (SELECT DISTINCT CAST(${c} AS TEXT) AS v FROM ${t} WHERE ${c} IS NOT NULL LIMIT ${LOW_CARDINALITY + 1})) AS v${i}`;
  });
  // SQLite stores what it is given: only real numbers count towards a range.
  const ranges = numbers.map((col, i) => {
    const c = quoteIdentifier(col.name);
    return `(SELECT json_array(MIN(x), MAX(x), MIN(x = CAST(x AS INTEGER))) FROM (SELECT ${c} AS x FROM ${t} WHERE typeof(${c}) IN ('integer', 'real') LIMIT ${RANGE_SAMPLE_ROWS})) AS r${i}`;
  });
  return `SELECT ${[...samples, ...ranges].join(', ')}`;
}
