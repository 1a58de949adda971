import type { TCard, TCardColumn, TCardRow } from '@parley/contract';
import {
  CHANGE_SUFFIX,
  type Change,
  CONTRIBUTION_SUFFIX,
  FORECAST_HIGH_SUFFIX,
  FORECAST_LOW_SUFFIX,
  FORECAST_PREFIX,
  isAdditiveMeasure,
  PREVIOUS_PREFIX,
  SHARE_SUFFIX,
  totalsChange,
} from '@parley/presenter';

// The derived-column conventions live in the presenter, shared with the charts and the mail.
export { CHANGE_SUFFIX, isAdditiveMeasure, PREVIOUS_PREFIX, SHARE_SUFFIX } from '@parley/presenter';

export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: string;
  dir: SortDir;
}

/** Next sort of a column header click: ascending → descending → none (spec 2 §2). */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  if (current.dir === 'asc') return { key, dir: 'desc' };
  return null;
}

function compare(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined || a === '';
  const bNull = b === null || b === undefined || b === '';
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** Rows sorted by a key (stable; empty values last in both directions). */
export function sortRows(rows: readonly TCardRow[], sort: SortState | null): TCardRow[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => {
      const a = x.row[sort.key];
      const b = y.row[sort.key];
      const aNull = a === null || a === undefined || a === '';
      const bNull = b === null || b === undefined || b === '';
      if (aNull || bNull) return aNull === bNull ? x.i - y.i : aNull ? 1 : -1;
      return sign * compare(a, b) || x.i - y.i;
    })
    .map((x) => x.row);
}

/** The card's columns, taken from `columns` or, when missing, from the keys of the first row. */
export function cardColumns(card: Pick<TCard, 'columns' | 'table'>): TCardColumn[] {
  if (card.columns.length > 0) return card.columns;
  const first = card.table[0] ?? {};
  return Object.keys(first).map((key) => {
    const v = first[key];
    const kind =
      typeof v === 'number' ? 'measure' : /^\d{4}-\d{2}-\d{2}/.test(String(v)) ? 'time' : 'dimension';
    return { key, label: key, kind, format: kind === 'time' ? 'date' : 'number' } as TCardColumn;
  });
}

/** Whether the card has share columns (the engine adds them to breakdowns of sums and counts). */
export function hasShareColumns(columns: readonly TCardColumn[]): boolean {
  return columns.some((c) => c.key.endsWith(SHARE_SUFFIX));
}

/** The measure a column's share is taken from: M for M and for Previous_M. */
const shareBase = (key: string): string =>
  key.startsWith(PREVIOUS_PREFIX) ? key.slice(PREVIOUS_PREFIX.length) : key;

/** An amount column: a measure's value or previous value, not a rate, change, share or forecast. */
function isAmountColumn(c: TCardColumn): boolean {
  return (
    c.kind === 'measure' &&
    c.format !== 'percent' &&
    !c.key.endsWith(SHARE_SUFFIX) &&
    !c.key.endsWith(CHANGE_SUFFIX) &&
    !c.key.endsWith(CONTRIBUTION_SUFFIX) &&
    !c.key.startsWith(FORECAST_PREFIX)
  );
}

/**
 * Whether the 123 / % toggle is offered: only when every amount column of a row can show its share
 * (a previous value its share of the previous total), so a row is never half shares, half amounts.
 */
export function canShowShares(columns: readonly TCardColumn[]): boolean {
  const keys = new Set(columns.map((c) => c.key));
  const amounts = columns.filter(isAmountColumn);
  return (
    hasShareColumns(columns) &&
    amounts.length > 0 &&
    amounts.every((c) => keys.has(`${shareBase(c.key)}${SHARE_SUFFIX}`))
  );
}

/**
 * Rows with each previous value's share of the previous total (`Previous_M__%`, two decimals like
 * the engine's `M__%`), for the % view of a comparison.
 */
export function withPreviousShares(rows: readonly TCardRow[], columns: readonly TCardColumn[]): TCardRow[] {
  const keys = new Set(columns.map((c) => c.key));
  const previous = columns.filter(
    (c) => c.key.startsWith(PREVIOUS_PREFIX) && keys.has(`${shareBase(c.key)}${SHARE_SUFFIX}`),
  );
  if (previous.length === 0) return [...rows];
  // A top N's previous values are shares of the whole previous total when the engine read it.
  const sums = previous.map(
    (c) =>
      c.part?.whole ??
      rows.reduce((a, r) => a + (typeof r[c.key] === 'number' ? (r[c.key] as number) : 0), 0),
  );
  return rows.map((row) => {
    const out = { ...row };
    previous.forEach((c, i) => {
      const v = row[c.key];
      out[`${c.key}${SHARE_SUFFIX}`] =
        typeof v === 'number' && sums[i] !== 0 ? Math.round((v / sums[i]) * 10_000) / 100 : null;
    });
    return out;
  });
}

export type DisplayRole = 'dimension' | 'time' | 'measure' | 'share' | 'change' | 'previous';

/** A column as the table shows it; `sortKey` is the row key its displayed value comes from. */
export interface DisplayColumn {
  key: string;
  label: string;
  role: DisplayRole;
  format: TCardColumn['format'];
  sortKey: string;
  /** For change columns: the measure and its previous-period keys. */
  measureKey?: string;
  previousKey?: string;
  /** For change columns: whether the measure adds up, so the totals row has a change of its totals. */
  additive?: boolean;
  /** For share columns: how many rows the share is of, when not of the whole total (a top N). */
  shareOfShown?: number;
}

/**
 * How many rows the table shows when they are only some of the question's groups (a top N), so
 * the totals row is named as theirs; null when the rows are the whole.
 */
export function shownPart(columns: readonly TCardColumn[]): number | null {
  return columns.find((c) => c.part)?.part?.shown ?? null;
}

/**
 * The columns shown: `M__%` columns are hidden (they feed the % toggle); in percent mode (only
 * where canShowShares) every amount column shows its share instead: M its `M__%`, Previous_M its
 * `Previous_M__%` (see withPreviousShares).
 */
export function displayColumns(columns: readonly TCardColumn[], percentMode: boolean): DisplayColumn[] {
  const keys = new Set(columns.map((c) => c.key));
  const shares = percentMode && canShowShares(columns);
  const out: DisplayColumn[] = [];
  for (const c of columns) {
    if (c.key.endsWith(SHARE_SUFFIX)) continue;
    if (c.key.endsWith(CHANGE_SUFFIX)) {
      const measureKey = c.key.slice(0, -CHANGE_SUFFIX.length);
      const measure = columns.find((m) => m.key === measureKey);
      out.push({
        key: c.key,
        label: c.label,
        role: 'change',
        format: c.format,
        sortKey: c.key,
        measureKey,
        previousKey: `${PREVIOUS_PREFIX}${measureKey}`,
        additive: measure !== undefined && isAdditiveMeasure(measure),
      });
      continue;
    }
    if (c.kind === 'measure') {
      const previous = c.key.startsWith(PREVIOUS_PREFIX);
      if (shares && isAmountColumn(c) && keys.has(`${shareBase(c.key)}${SHARE_SUFFIX}`)) {
        const sortKey = `${c.key}${SHARE_SUFFIX}`;
        // Shares of only the rows shown, when the source gave no whole total: the header says so.
        const part = c.part && c.part.whole === null ? { shareOfShown: c.part.shown } : {};
        out.push({ key: c.key, label: c.label, role: 'share', format: 'number', sortKey, ...part });
      } else {
        out.push({
          key: c.key,
          label: c.label,
          role: previous ? 'previous' : 'measure',
          format: c.format,
          sortKey: c.key,
        });
      }
      continue;
    }
    out.push({ key: c.key, label: c.label, role: c.kind, format: c.format, sortKey: c.key });
  }
  return out;
}

/** Whether a displayed column gets a total (summable measures, their previous values and shares). */
export function isSummable(column: DisplayColumn): boolean {
  if (column.role === 'share') return true;
  if (column.role !== 'measure' && column.role !== 'previous') return false;
  // A forecast's bounds do not add up: the sum of the lows is not the low of the sum.
  if (
    column.key.startsWith(FORECAST_PREFIX) &&
    (column.key.endsWith(FORECAST_LOW_SUFFIX) || column.key.endsWith(FORECAST_HIGH_SUFFIX))
  )
    return false;
  return isAdditiveMeasure(column);
}

/** Totals per summable column (rounded to two decimals); null where no total applies. */
export function totals(
  rows: readonly TCardRow[],
  columns: readonly DisplayColumn[],
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const c of columns) {
    if (!isSummable(c)) {
      out[c.key] = null;
      continue;
    }
    let sum = 0;
    for (const row of rows) {
      const v = row[c.sortKey];
      if (typeof v === 'number') sum += v;
    }
    out[c.key] = Math.round(sum * 100) / 100;
  }
  return out;
}

/**
 * The totals row's change: the change from the previous total to the current one (never a sum of
 * the rows' changes), as the insights write it; null when the measure does not add up.
 */
export function totalChange(rows: readonly TCardRow[], column: DisplayColumn, locale: string): Change | null {
  if (column.role !== 'change' || !column.additive || !column.measureKey) return null;
  return totalsChange(rows, column.measureKey, locale);
}

/**
 * A totals row is worth showing for more than one row and at least one summable column — not for
 * a drivers table, where every dimension splits the same change again (its sum would count it
 * once per dimension). The card's kind says so; a card stored without one, its contribution columns.
 */
export function showTotals(
  rows: readonly TCardRow[],
  columns: readonly DisplayColumn[],
  kind?: TCard['kind'],
): boolean {
  if (kind ? kind === 'drivers' : columns.some((c) => c.key.endsWith(CONTRIBUTION_SUFFIX))) return false;
  return rows.length > 1 && columns.some(isSummable) && columns.some((c) => !isSummable(c));
}
