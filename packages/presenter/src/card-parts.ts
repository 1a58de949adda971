/** The pieces every rendering of a card shares: its table as text cells and its insights' HTML. */
import { csvHeader, type TCard } from '@parley/contract';
import { formatCell } from './format';

/** Rows a rendered card shows at most; the CSV export carries all of them. */
export const CARD_MAX_ROWS = 200;

/** How a card is rendered: the locale of its values and how many rows it shows. */
export interface CardRenderOptions {
  /** Locale of numbers and dates; en-US when absent. */
  locale?: string;
  /** Rows shown at most (default CARD_MAX_ROWS). */
  maxRows?: number;
}

/** A card's table as text: headers named like the CSV's and cells formatted by their columns. */
export interface CardTable {
  headers: string[];
  rows: string[][];
}

/** The card's table as text cells (columns are the first row's keys, dates by the card's grain). */
export function cardTable(
  card: Pick<TCard, 'table' | 'columns' | 'query'>,
  options: CardRenderOptions = {},
): CardTable {
  const keys = card.table.length ? Object.keys(card.table[0]) : [];
  const byKey = new Map(card.columns.map((c) => [c.key, c]));
  const format = { locale: options.locale ?? 'en-US', grain: card.query?.semantic.timeDimension?.grain };
  return {
    headers: keys.map(csvHeader),
    rows: card.table
      .slice(0, options.maxRows ?? CARD_MAX_ROWS)
      .map((row) => keys.map((k) => formatCell(row[k], byKey.get(k), format))),
  };
}

/** The card's insights as HTML strings, the model's ones (objects with a context) included. */
export function cardInsights(card: Pick<TCard, 'insights'>): string[] {
  return card.insights.map((i) => (typeof i === 'string' ? i : i.text));
}
