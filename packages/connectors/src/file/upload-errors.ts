/**
 * Why an uploaded file could not be loaded, in the user's terms. DuckDB's own messages name the
 * server's paths, quote the SQL and the file's lines, so none of their text reaches the user: a
 * CSV DuckDB refuses is read once more, tolerantly, recording its rejected lines (`store_rejects`),
 * and only the first one's line number, kind and field counts are told.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

export const PARQUET_UNREADABLE =
  'The file is not a readable Parquet file: it is damaged, cut short or another format named .parquet.';
export const FILE_UNREADABLE =
  'The file could not be loaded as a table; check that it is a CSV or Parquet file.';
const CSV_UNREADABLE =
  'The file could not be read as CSV: its delimiter, quotes and rows could not be made out.';

/** DuckDB's kinds of rejected CSV lines (`reject_errors.error_type`), most telling first. */
const KINDS = [
  'TOO MANY COLUMNS',
  'MISSING COLUMNS',
  'UNQUOTED VALUE',
  'LINE SIZE OVER MAXIMUM',
  'INVALID UNICODE',
];

interface Rejected {
  line: number;
  kind: string;
  expected: number | null;
  found: number | null;
}

/**
 * What is wrong with a CSV file DuckDB refused (or read as one column): "line 3 has 5 fields
 * where the header has 4". Null when no rejected line explains it.
 */
export async function describeCsvProblem(
  c: DuckDBConnection,
  path: string,
  latin1: boolean,
): Promise<string | null> {
  const rejected = await firstRejected(c, path, latin1).catch(() => null);
  if (!rejected) return null;
  const line = `line ${rejected.line}`;
  const say = (what: string) => `The file could not be read as CSV: ${line} ${what}.`;
  switch (rejected.kind) {
    case 'TOO MANY COLUMNS':
    case 'MISSING COLUMNS':
      return rejected.found !== null && rejected.expected !== null
        ? say(`has ${rejected.found} fields where the header has ${rejected.expected}`)
        : say(`has ${rejected.kind === 'MISSING COLUMNS' ? 'fewer' : 'more'} fields than the header`);
    case 'UNQUOTED VALUE':
      return say('has a quote that is not closed, or a quote inside a value that is not quoted');
    case 'LINE SIZE OVER MAXIMUM':
      return say('is too long');
    case 'INVALID UNICODE':
      return say('is not valid UTF-8 text; save the file as UTF-8 and upload it again');
    default:
      return say('could not be read');
  }
}

/**
 * A CSV DuckDB loaded but misread: a ragged file can make its sniffer settle on no delimiter
 * (one column named like a delimited header), or skip the lines before the first it could make
 * sense of, header included (a title line above the header is skipped too, but the header is
 * then found). Then a rejected line, if the file has one, is what the user is told.
 */
export async function csvMisread(
  c: DuckDBConnection,
  path: string,
  latin1: boolean,
  columns: { name: string }[],
): Promise<string | null> {
  const undelimited = columns.length === 1 && /[,;\t|]/.test(columns[0]!.name);
  if (!undelimited && !(await skippedItsHeader(c, path, latin1))) return null;
  return describeCsvProblem(c, path, latin1);
}

async function skippedItsHeader(c: DuckDBConnection, path: string, latin1: boolean): Promise<boolean> {
  const encoding = latin1 ? ", encoding = 'latin-1'" : '';
  const [row] = (
    await c.runAndReadAll(
      `SELECT "SkipRows" AS skip, "HasHeader" AS header FROM sniff_csv(${sqlString(path)}${encoding})`,
    )
  ).getRowObjectsJS();
  return Number(row?.skip ?? 0) > 0 && row?.header === false;
}

/** The message for a CSV DuckDB refused: the rejected line's story, or a general one. */
export async function csvRefusal(c: DuckDBConnection, path: string, latin1: boolean): Promise<string> {
  return (await describeCsvProblem(c, path, latin1)) ?? CSV_UNREADABLE;
}

/**
 * The first rejected line of the file, read tolerantly on the loader's connection (its database
 * is thrown away when the upload is refused).
 */
async function firstRejected(c: DuckDBConnection, path: string, latin1: boolean): Promise<Rejected | null> {
  const encoding = latin1 ? ", encoding = 'latin-1'" : '';
  await c.run(
    `CREATE OR REPLACE TEMP TABLE parley_csv_probe AS SELECT * FROM read_csv(${sqlString(path)}, store_rejects = true, all_varchar = true${encoding})`,
  );
  const order = KINDS.map((k, i) => `WHEN ${sqlString(k)} THEN ${i}`).join(' ');
  const [row] = (
    await c.runAndReadAll(
      `SELECT e.line, CAST(e.error_type AS VARCHAR) AS kind, e.error_message, e.csv_line, s.delimiter, s.quote
       FROM reject_errors e JOIN reject_scans s USING (scan_id, file_id)
       ORDER BY e.line, CASE CAST(e.error_type AS VARCHAR) ${order} ELSE ${KINDS.length} END LIMIT 1`,
    )
  ).getRowObjectsJS();
  if (!row) return null;
  // Only the header's count is taken from DuckDB's message (the rest of it quotes the file); it
  // stops counting at the first field too many, so the line's fields are counted here.
  const counts = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(String(row.error_message ?? ''));
  const delimiter = String(row.delimiter ?? '');
  return {
    line: Number(row.line),
    kind: String(row.kind),
    expected: counts ? Number(counts[1]) : null,
    found:
      typeof row.csv_line === 'string' && delimiter
        ? fieldsIn(row.csv_line, delimiter, String(row.quote ?? ''))
        : counts
          ? Number(counts[2])
          : null,
  };
}

/** How many fields a CSV line holds: delimiters outside quotes, plus one. */
function fieldsIn(line: string, delimiter: string, quote: string): number {
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (quote && line.startsWith(quote, i)) quoted = !quoted;
    else if (!quoted && line.startsWith(delimiter, i)) {
      fields++;
      i += delimiter.length - 1;
    }
  }
  return fields;
}

function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
