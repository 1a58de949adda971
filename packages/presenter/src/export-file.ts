/** What every export of a card shares, on the web and on the server: its file name and its CSV rows. */
import type { TCard, TCardRow } from '@parley/contract';
import filenamify from 'filenamify/browser';
import { toCsv } from './csv';

/** Longest file-name stem an export gets (before its extension). */
const FILE_STEM_LENGTH = 120;

/**
 * A download's file name from the card's title and period ("Revenue by region — Oct 1 – 31, 2026.csv"):
 * letters of every language kept, characters no file system accepts replaced, whitespace made plain.
 */
export function exportFileName(
  title: string,
  period: string | null,
  extension: 'csv' | 'png' | 'pdf',
): string {
  const plain = (s: string) => s.replace(/\s+/gu, ' ').trim();
  const base = period ? `${plain(title)} — ${plain(period)}` : plain(title);
  const stem = filenamify(base, { replacement: '-', maxLength: FILE_STEM_LENGTH }).trim();
  // A title of no letters or digits (blank, all slashes) leaves nothing worth naming a file.
  return `${/[\p{L}\p{N}]/u.test(stem) ? stem : 'card'}.${extension}`;
}

/** Names of the two columns the CSV adds so every row says its period (in the reader's language). */
export interface CsvPeriodHeaders {
  period: string;
  comparison: string;
}

/** An ISO 8601 interval ("2026-10-01/2026-10-31"): read the same by people and parsers in every locale. */
const interval = (from: string, to: string) => `${from}/${to}`;

/**
 * The CSV's rows: the table's, each with its period (and comparison period) as ISO 8601 intervals in
 * trailing columns, so the file stays one header row plus data rows that any parser reads.
 */
export function csvRows(card: Pick<TCard, 'table' | 'period'>, headers: CsvPeriodHeaders): TCardRow[] {
  const period = card.period;
  if (!period || card.table.length === 0) return [...card.table];
  const taken = new Set(Object.keys(card.table[0]));
  const free = (name: string) => (taken.has(name) ? `${name} (export)` : name);
  const extra: TCardRow = { [free(headers.period)]: interval(period.from, period.to) };
  if (period.comparison)
    extra[free(headers.comparison)] = interval(period.comparison.from, period.comparison.to);
  return card.table.map((row) => ({ ...row, ...extra }));
}

/** The card's CSV file: its rows with their period, behind a byte-order mark so spreadsheets read every letter. */
export function cardCsv(card: Pick<TCard, 'table' | 'period'>, headers: CsvPeriodHeaders): string {
  return `\uFEFF${toCsv(csvRows(card, headers))}`;
}
