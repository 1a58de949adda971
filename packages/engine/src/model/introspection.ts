/**
 * What a connector reports about a data source's schema; the input of model generation.
 * Lives in the engine (not connectors) so the engine stays free of I/O dependencies.
 */

export type TColumnKind =
  | 'integer'
  | 'decimal'
  | 'float'
  | 'text'
  | 'date'
  | 'timestamp'
  | 'boolean'
  | 'other';

export interface TIntrospectedColumn {
  name: string;
  /** The source's own type name, e.g. DECIMAL(10,2). */
  type: string;
  kind: TColumnKind;
  nullable: boolean;
  /** Distinct values of a low-cardinality text column (sampled); null when not sampled. */
  values: string[] | null;
  /** Approximate distinct count when measured. */
  distinctCount: number | null;
}

export interface TIntrospectedForeignKey {
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface TIntrospectedTable {
  name: string;
  columns: TIntrospectedColumn[];
  primaryKey: string[];
  foreignKeys: TIntrospectedForeignKey[];
  rowCount: number | null;
}

export interface TIntrospection {
  tables: TIntrospectedTable[];
}

/** Maps a SQL type name (DuckDB, PostgreSQL or SQLite spelling) to a column kind. */
export function getColumnKind(type: string): TColumnKind {
  const t = type.toUpperCase();
  if (
    /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|INT2|INT4|INT8|SERIAL|BIGSERIAL)\b/.test(
      t,
    )
  )
    return 'integer';
  if (/^(DECIMAL|NUMERIC)/.test(t)) return 'decimal';
  if (/^(DOUBLE|FLOAT|REAL|FLOAT4|FLOAT8)/.test(t)) return 'float';
  if (/^(VARCHAR|TEXT|CHAR|CHARACTER|STRING|BPCHAR|NAME|CITEXT|ENUM)/.test(t)) return 'text';
  if (/^DATE$/.test(t)) return 'date';
  if (/^(TIMESTAMP|DATETIME)/.test(t)) return 'timestamp';
  if (/^(BOOLEAN|BOOL)$/.test(t)) return 'boolean';
  return 'other';
}
