/** The card's table as CSV (downloads) and TSV (clipboard). */
import { csvHeader, type TCardRow } from '@parley/contract';

function csvCell(value: TCardRow[string] | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // A text cell starting with = + - @ (or a tab or CR) would run as a formula in a spreadsheet; numbers are safe.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function tsvCell(value: TCardRow[string] | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

/** RFC 4180 CSV (spec 2 §7): columns are the first row's keys, renamed by csvHeader; formula-like text neutralised. */
export function toCsv(rows: readonly TCardRow[]): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]);
  const lines = [keys.map((k) => csvCell(csvHeader(k))).join(',')];
  for (const row of rows) lines.push(keys.map((k) => csvCell(row[k])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The table as tab-separated text with the CSV's headers, for pasting into a spreadsheet. */
export function toTsv(rows: readonly TCardRow[]): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]);
  const lines = [keys.map((k) => tsvCell(csvHeader(k))).join('\t')];
  for (const row of rows) lines.push(keys.map((k) => tsvCell(row[k])).join('\t'));
  return lines.join('\n');
}
