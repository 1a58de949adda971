import { csvHeader, type TCardRow } from '@parley/contract';

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function keysOf(rows: readonly TCardRow[]): string[] {
  return Object.keys(rows[0] ?? {});
}

/** The card's table as CSV (spec 2 §7): columns are the first row's keys, renamed by csvHeader. */
export function tableToCsv(rows: readonly TCardRow[]): string {
  const keys = keysOf(rows);
  const lines = [keys.map((k) => csvCell(csvHeader(k))).join(',')];
  for (const row of rows) lines.push(keys.map((k) => csvCell(row[k])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function tsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

/** The table as tab-separated text, for pasting into a spreadsheet. */
export function tableToTsv(rows: readonly TCardRow[]): string {
  const keys = keysOf(rows);
  const lines = [keys.map((k) => tsvCell(csvHeader(k))).join('\t')];
  for (const row of rows) lines.push(keys.map((k) => tsvCell(row[k])).join('\t'));
  return lines.join('\n');
}
