import { quoteIdentifier } from '@parley/connectors';
import type { TUploadSummary } from '@parley/contract';
import type { AnswerSource } from '../answers/answers.service';

/** An upload's one table as it was loaded: its name and row count. */
export interface TLoadedTable {
  table: string;
  rows: number;
}

/**
 * What an upload was understood as (spec 2 §2), read from the model its source was opened with:
 * the table's columns and their kinds, the measures found, and the first and last day of the
 * model's first time dimension (one bounded MIN/MAX query on the local copy).
 */
export async function uploadSummary(source: AnswerSource, loaded: TLoadedTable): Promise<TUploadSummary> {
  const table = source.schema?.tables.find((t) => t.name === loaded.table) ?? source.schema?.tables[0];
  const time = source.model.timeDimensions.find((t) => !t.hidden && t.table === (table?.name ?? t.table));
  return {
    table: loaded.table,
    rows: loaded.rows,
    columns: (table?.columns ?? []).map((c) => ({ name: c.name, type: c.type, kind: c.kind })),
    dates: time ? await dateSpan(source, time.table, time.column) : null,
    measures: source.model.measures.filter((m) => !m.hidden).map((m) => ({ name: m.name, label: m.label })),
  };
}

/** The first and last day in a date or timestamp column, or null when it holds none. */
async function dateSpan(
  source: AnswerSource,
  table: string,
  column: string,
): Promise<TUploadSummary['dates']> {
  const c = `CAST(${quoteIdentifier(column)} AS DATE)`;
  const result = await source.connector.query(
    `SELECT MIN(${c}) AS date_from, MAX(${c}) AS date_to FROM ${quoteIdentifier(table)}`,
    [],
    { timeoutMs: 10_000, maxRows: 1 },
  );
  const [row] = result.rows;
  if (!row?.date_from || !row.date_to) return null;
  return { column, from: String(row.date_from).slice(0, 10), to: String(row.date_to).slice(0, 10) };
}
