/** The pieces every rendering of a card shares: its table as text cells and its insights' HTML. */
import { csvHeader, type TCard, type TCardColumn, type TCardRow } from '@parley/contract';
import { CHANGE_SUFFIX, PREVIOUS_PREFIX } from './card-columns';
import { type Change, cardChange, type FormatOptions, formatCell, percentChange } from './format';

/** Rows a rendered card shows at most; the CSV export carries all of them. */
export const CARD_MAX_ROWS = 200;

/** How a card is rendered: the locale of its values and how many rows it shows. */
export interface CardRenderOptions {
  /** Locale of numbers and dates; en-US when absent. */
  locale?: string;
  /** Rows shown at most (default CARD_MAX_ROWS). */
  maxRows?: number;
}

/** A card's table as text: headers as the card's table names them, cells formatted by their columns. */
export interface CardTable {
  headers: string[];
  rows: string[][];
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** One cell; a change as the web table and the text write it, ∞ from a previous value of 0 included. */
function cellText(
  row: TCardRow,
  key: string,
  column: TCardColumn | undefined,
  format: FormatOptions,
): string {
  if (!key.endsWith(CHANGE_SUFFIX)) return formatCell(row[key], column, format);
  const measure = key.slice(0, -CHANGE_SUFFIX.length);
  return cardChange(num(row[key]), format.locale, {
    current: num(row[measure]),
    previous: num(row[`${PREVIOUS_PREFIX}${measure}`]),
  }).signed;
}

/**
 * The change of a measure's total against its previous total (never a sum of the rows' changes):
 * the table's totals row and the "Total …" insight.
 */
export function totalsChange(rows: readonly TCardRow[], measureKey: string, locale: string): Change {
  let current = 0;
  let previous = 0;
  for (const row of rows) {
    current += num(row[measureKey]) ?? 0;
    previous += num(row[`${PREVIOUS_PREFIX}${measureKey}`]) ?? 0;
  }
  return cardChange(percentChange(current, previous), locale, { current, previous });
}

/**
 * The card's table as text cells (columns are the first row's keys, dates by the card's grain),
 * headed by the columns' labels in the card's language ("% of total Revenue"), else the CSV's.
 */
export function cardTable(
  card: Pick<TCard, 'table' | 'columns' | 'query'>,
  options: CardRenderOptions = {},
): CardTable {
  const keys = card.table.length ? Object.keys(card.table[0]) : [];
  const byKey = new Map(card.columns.map((c) => [c.key, c]));
  const format = { locale: options.locale ?? 'en-US', grain: card.query?.semantic.timeDimension?.grain };
  return {
    headers: keys.map((k) => byKey.get(k)?.label ?? csvHeader(k)),
    rows: card.table
      .slice(0, options.maxRows ?? CARD_MAX_ROWS)
      .map((row) => keys.map((k) => cellText(row, k, byKey.get(k), format))),
  };
}

/** The card's insights as HTML strings, the model's ones (objects with a context) included. */
export function cardInsights(card: Pick<TCard, 'insights'>): string[] {
  return card.insights.map((i) => (typeof i === 'string' ? i : i.text));
}
