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
  /** The observed range of a numeric column's values; absent when the source did not measure it. */
  range?: TValueRange;
}

/**
 * What a source saw of a numeric column's values (all of them, its statistics or a bounded
 * sample): whether they read as a fraction (0.25 = 25 %), a percent of 100, a flag or a quantity.
 */
export interface TValueRange {
  min: number;
  max: number;
  /** Every value seen is a whole number (no fractional part). */
  whole: boolean;
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
  /** Whether the relation is a view; undefined when the connector does not say. */
  view?: boolean;
}

export interface TIntrospection {
  tables: TIntrospectedTable[];
}

/** Types that are neither numbers, text, dates nor flags (PostgreSQL, DuckDB and SQLite spellings). */
const OTHER_TYPES =
  /^(JSONB?|BYTEA|BLOB|UUID|TSVECTOR|TSQUERY|INTERVAL|XML|POINT|LINE|LSEG|BOX|PATH|POLYGON|CIRCLE|INET|CIDR|MACADDR8?|MONEY|OID|REG[A-Z]+|BIT|VARBIT|BIT VARYING|TIME|TIMETZ|TIME WITH(OUT)? TIME ZONE|GEOMETRY|GEOGRAPHY|STRUCT|MAP|UNION|LIST|HSTORE|[A-Z0-9]*RANGE|[A-Z0-9]*MULTIRANGE|TXID_SNAPSHOT|PG_[A-Z_]+|VARIANT|NULL|UNKNOWN|ANY[A-Z]*|RECORD|VOID)\b/;

/**
 * Maps a SQL type name (DuckDB, PostgreSQL or SQLite spelling) to a column kind. A bare
 * user-defined name (a PostgreSQL enum or domain, as format_type prints it) is read as text:
 * enums are grouped and filtered like text, and the source casts the bound value itself.
 */
export function getColumnKind(type: string): TColumnKind {
  const t = type.toUpperCase().trim();
  // Arrays hold several values per row: never a measure or a dimension.
  if (/\[\]$|^ARRAY\b|^_/.test(t)) return 'other';
  if (
    /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|INT2|INT4|INT8|SERIAL|BIGSERIAL|SMALLSERIAL)\b/.test(
      t,
    )
  )
    return 'integer';
  if (/^(DECIMAL|NUMERIC)/.test(t)) return 'decimal';
  if (/^(DOUBLE|FLOAT|REAL|FLOAT4|FLOAT8)/.test(t)) return 'float';
  if (/^(VARCHAR|TEXT|CHAR|CHARACTER|STRING|BPCHAR|NAME|CITEXT|ENUM|NVARCHAR|NCHAR|CLOB)/.test(t))
    return 'text';
  if (/^DATE$/.test(t)) return 'date';
  if (/^(TIMESTAMP|DATETIME)/.test(t)) return 'timestamp';
  if (/^(BOOLEAN|BOOL)$/.test(t)) return 'boolean';
  if (OTHER_TYPES.test(t)) return 'other';
  if (/^("[^"]+"|[A-Z_][A-Z0-9_$]*)(\.("[^"]+"|[A-Z_][A-Z0-9_$]*))?$/.test(t)) return 'text';
  return 'other';
}
