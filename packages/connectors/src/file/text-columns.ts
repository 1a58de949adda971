/**
 * Types the text columns DuckDB's CSV sniffer left as VARCHAR: money (→ DECIMAL), plain numbers
 * with blank cells (→ BIGINT / DOUBLE), and dates or timestamps in the forms spreadsheets export
 * (→ DATE, or TIMESTAMP when the values carry a time of day). Empty and whitespace-only cells
 * become NULL; any other value that does not fit keeps the column text.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { TQueryColumn } from '../connector';
import { quoteIdentifier } from '../sql/sql-connector';

/** Currency symbols and codes a money column may carry before or after the number. */
const CURRENCY = '(?:[$€£¥₺₹₽₩]|USD|EUR|GBP|TRY|TL|JPY|CHF|CAD|AUD)';
/** The whole cell: optional sign or parentheses, currency either side, then the number. */
const moneyPattern = (number: string) =>
  String.raw`^\(?[-+]?\s*${CURRENCY}?\s*[-+]?\s*${number}\s*${CURRENCY}?\)?$`;
const MONEY_US = moneyPattern(String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`);
const MONEY_EU = moneyPattern(String.raw`(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?`);
/** At least one cell must show it is formatted money: a currency or a separator. */
const MONEY_MARK = `${CURRENCY}|[.,]`;
/** A plain number; a leading zero before a digit marks a code (zip, account), which stays text. */
const PLAIN_NUMBER = String.raw`[-+]?(?:[1-9]\d*|0)(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?\.\d+`;
const PLAIN_INTEGER = String.raw`[-+]?(?:[1-9]\d*|0)`;

/** The times of day a timed family's value may carry after its date (what TIME_PART accepts). */
const TIMES = ['%H:%M', '%H:%M:%S', '%H:%M:%S.%f', '%I:%M %p', '%I:%M:%S %p', '%I:%M%p', '%I:%M:%S%p'];
/**
 * A numeric date with a four-digit year (so "1.2.3" versions and "1/2/18" are not read as the years
 * 3 and 18), then optionally ` ` or `T` and a valid time of day (24- or 12-hour).
 */
const TIME_PART = String.raw`(\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})([ T]([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?|[ T](0?[1-9]|1[0-2]):[0-5]\d(:[0-5]\d)? ?[AaPp][Mm])?`;
/** A date with a month name and a four-digit year. */
const NAMED_DATE = String.raw`\d{1,2} [A-Za-z]+ \d{4}|[A-Za-z]+ \d{1,2}, \d{4}`;

interface TDateFamily {
  /** The date's format. */
  date: string;
  /** Numeric dates may carry a time of day; their date part is measured alone (one parse, not a dozen). */
  timed: boolean;
}

/**
 * Date families tried on text columns, most specific first; the first that parses every non-empty
 * value wins. Day-first vs month-first follows from the values: one first part over 12 fails the
 * month-first family, so the day-first one wins; a column ambiguous everywhere keeps the
 * long-standing rule, month-first (`%m/%d/%Y` is tried before `%d/%m/%Y`).
 */
const DATE_FAMILIES: TDateFamily[] = [
  ...['%Y-%m-%d', '%Y/%m/%d', '%d.%m.%Y', '%m/%d/%Y', '%d/%m/%Y', '%d-%m-%Y'].map((date) => ({
    date,
    timed: true,
  })),
  ...['%d %b %Y', '%d %B %Y', '%b %d, %Y', '%B %d, %Y'].map((date) => ({ date, timed: false })),
];

/** Every format a family's values may take: the date alone, or with a time after ` ` or `T`. */
function formatsOf(family: TDateFamily): string[] {
  if (!family.timed) return [family.date];
  return [family.date, ...[' ', 'T'].flatMap((s) => TIMES.map((t) => `${family.date}${s}${t}`))];
}

/** A time of day other than midnight: such values make the column a TIMESTAMP, not a DATE. */
const TIME_OF_DAY = String.raw`[ T]\d{1,2}:\d{2}`;
const MIDNIGHT = String.raw`[ T]0?0:00(:00(\.0+)?)?(\s*[AaPp][Mm])?$`;

function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function formatList(formats: string[]): string {
  return `[${formats.map(sqlString).join(', ')}]`;
}

/** The cell as the measures and casts read it: trimmed, with blank cells NULL. */
function cell(column: string): string {
  return `nullif(trim(${quoteIdentifier(column)}), '')`;
}

/** One aggregate per candidate test on column i (named `<key><i>`). */
function measuresOf(column: string, i: number): string[] {
  const v = cell(column);
  const matching = (key: string, pattern: string) =>
    `count(*) FILTER (WHERE regexp_full_match(${v}, ${sqlString(pattern)})) AS ${key}${i}`;
  return [
    `count(${v}) AS n${i}`,
    `count(*) FILTER (WHERE ${v} IS NULL AND ${quoteIdentifier(column)} IS NOT NULL) AS blank${i}`,
    matching('us', MONEY_US),
    matching('eu', MONEY_EU),
    matching('num', PLAIN_NUMBER),
    matching('int', PLAIN_INTEGER),
    `count(*) FILTER (WHERE regexp_matches(${v}, ${sqlString(MONEY_MARK)})) AS mark${i}`,
    `max(length(regexp_extract(${v}, '\\.(\\d+)\\D*$', 1))) AS us_scale${i}`,
    `max(length(regexp_extract(${v}, ',(\\d+)\\D*$', 1))) AS eu_scale${i}`,
    `count(*) FILTER (WHERE regexp_matches(${v}, ${sqlString(TIME_OF_DAY)}) AND NOT regexp_matches(${v}, ${sqlString(MIDNIGHT)})) AS time${i}`,
    matching('timed', TIME_PART),
    matching('named', NAMED_DATE),
    ...DATE_FAMILIES.map((f, j) => {
      const date = f.timed ? `regexp_extract(${v}, '^[^ T]+')` : v;
      return `count(try_strptime(${date}, ${sqlString(f.date)})) AS d${i}_${j}`;
    }),
  ];
}

/** The expression that types column i, or null when it stays text. */
function typedExpression(column: string, i: number, num: (key: string) => number): string | null {
  const n = num(`n${i}`);
  if (n === 0) return null;
  const v = cell(column);
  const family = DATE_FAMILIES.find(
    (f, j) => num(`d${i}_${j}`) === n && num(f.timed ? `timed${i}` : `named${i}`) === n,
  );
  if (family) {
    const parsed = `strptime(${v}, ${formatList(formatsOf(family))})`;
    return num(`time${i}`) > 0 ? `CAST(${parsed} AS TIMESTAMP)` : `CAST(${parsed} AS DATE)`;
  }
  // Plain numbers are text only because of blank cells (else DuckDB would have typed them).
  if (num(`blank${i}`) > 0 && num(`num${i}`) === n)
    return num(`int${i}`) === n ? `CAST(${v} AS BIGINT)` : `CAST(${v} AS DOUBLE)`;
  const money = num(`mark${i}`) > 0 ? (num(`us${i}`) === n ? 'us' : num(`eu${i}`) === n ? 'eu' : null) : null;
  if (!money) return null;
  const scale = Math.min(6, Math.max(2, num(`${money}_scale${i}`)));
  // Keep digits and the decimal separator; parentheses or a minus make it negative.
  const digits =
    money === 'us'
      ? `regexp_replace(${v}, '[^0-9.]', '', 'g')`
      : `replace(regexp_replace(${v}, '[^0-9,]', '', 'g'), ',', '.')`;
  const sign = `CASE WHEN ${v} LIKE '(%' OR ${v} LIKE '%-%' THEN -1 ELSE 1 END`;
  return `CAST(${sign} * CAST(${digits} AS DECIMAL(38,${scale})) AS DECIMAL(18,${scale}))`;
}

/**
 * Converts the text columns whose every non-blank value is money, a plain number or a date in one
 * family. One aggregate query measures every candidate; one CREATE … AS rewrites the table.
 */
export async function refineTextColumns(
  c: DuckDBConnection,
  table: string,
  columns: TQueryColumn[],
): Promise<boolean> {
  const text = columns.filter((col) => col.type === 'VARCHAR');
  if (text.length === 0) return false;
  const measures = text.flatMap((col, i) => measuresOf(col.name, i));
  const [stats] = (
    await c.runAndReadAll(`SELECT ${measures.join(', ')} FROM ${quoteIdentifier(table)}`)
  ).getRowObjectsJS();
  const num = (key: string) => Number(stats[key] ?? 0);
  let changed = false;
  const select = columns.map((col) => {
    const q = quoteIdentifier(col.name);
    const i = text.indexOf(col);
    const typed = i < 0 ? null : typedExpression(col.name, i, num);
    if (!typed) return q;
    changed = true;
    return `${typed} AS ${q}`;
  });
  if (changed) {
    const t = quoteIdentifier(table);
    await c.run(`CREATE OR REPLACE TABLE ${t} AS SELECT ${select.join(', ')} FROM ${t}`);
  }
  return changed;
}
