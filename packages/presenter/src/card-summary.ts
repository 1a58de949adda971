/**
 * A card reduced to what a channel without a table can carry (DESIGN §12): the headline figure,
 * its comparison and the first items of a ranking. Alexa speaks it, Teams' Adaptive Card and the
 * MCP `ask` tool show it; the numbers are the card's own, never recomputed from other data.
 */
import type { TCard, TCardColumn, TCardRow } from '@parley/contract';
import {
  CHANGE_SUFFIX,
  CONTRIBUTION_SUFFIX,
  FORECAST_PREFIX,
  isAdditiveMeasure,
  PREVIOUS_PREFIX,
  SHARE_SUFFIX,
} from './card-columns';
import { percentChange } from './format';

/** One item of a ranking: the dimension's value and the measure's. */
export interface SummaryItem {
  name: string;
  value: number;
}

/** What a card says in a sentence or two. */
export interface CardSummary {
  title: string;
  /** The measure the headline is of (the card's first plain measure); null for a card without one. */
  measure: Pick<TCardColumn, 'key' | 'label' | 'format' | 'currency'> | null;
  /**
   * The headline figure: the single value, the total of an additive measure, else null (an
   * average over groups is no figure anyone asked for).
   */
  headline: number | null;
  /** Whether the headline adds the rows up (a total) rather than being the one value. */
  total: boolean;
  /** Against the comparison period: its value and the percent change (12.5 = +12.5 %), null without one. */
  comparison: { previous: number; change: number | null } | null;
  /** The grouping of a ranking and its first items by the measure, largest first (at most `top`). */
  ranking: { label: string; items: SummaryItem[]; count: number } | null;
  /** The card's period: its words ("last month") and dates, with the comparison's dates. */
  period: TCard['period'] | null;
}

const DERIVED_SUFFIXES = [CHANGE_SUFFIX, SHARE_SUFFIX, CONTRIBUTION_SUFFIX, '__low', '__high'];

/** A measure the user asked for, not one the card derived from it (previous, change, share, forecast). */
export function isPlainMeasure(column: TCardColumn): boolean {
  if (column.kind !== 'measure') return false;
  if (column.key.startsWith(PREVIOUS_PREFIX) || column.key.startsWith(FORECAST_PREFIX)) return false;
  return !DERIVED_SUFFIXES.some((s) => column.key.endsWith(s));
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function sum(rows: readonly TCardRow[], key: string): number | null {
  let total = 0;
  let seen = false;
  for (const row of rows) {
    const v = num(row[key]);
    if (v === null) continue;
    total += v;
    seen = true;
  }
  return seen ? total : null;
}

/** The card's headline, comparison and the first `top` items of its ranking (default 3). */
export function cardSummary(card: TCard, options: { top?: number } = {}): CardSummary {
  const measure = card.columns.find(isPlainMeasure) ?? null;
  const rows = card.table;
  const base = { title: card.title, period: card.period ?? null };
  if (!measure || rows.length === 0) {
    return { ...base, measure, headline: null, total: false, comparison: null, ranking: null };
  }
  const additive = measure.additive ?? isAdditiveMeasure(measure);
  const single = rows.length === 1;
  const headline = single ? num(rows[0]![measure.key]) : additive ? sum(rows, measure.key) : null;
  const previousKey = `${PREVIOUS_PREFIX}${measure.key}`;
  const previous = headline === null ? null : single ? num(rows[0]![previousKey]) : sum(rows, previousKey);
  const comparison =
    previous === null || headline === null ? null : { previous, change: percentChange(headline, previous) };
  return {
    ...base,
    measure,
    headline,
    total: !single && headline !== null,
    comparison,
    ranking: ranking(card, measure.key, options.top ?? 3),
  };
}

/** The first items by the measure when the card groups by a dimension (a time series ranks nothing). */
function ranking(card: TCard, measureKey: string, top: number): CardSummary['ranking'] {
  const dimension = card.columns.find((c) => c.kind === 'dimension');
  if (!dimension || card.columns.some((c) => c.kind === 'time') || card.table.length < 2) return null;
  const items = card.table
    .map((row) => ({ name: String(row[dimension.key] ?? ''), value: num(row[measureKey]) }))
    .filter((i): i is SummaryItem => i.value !== null && i.name !== '')
    .sort((a, b) => b.value - a.value);
  return { label: dimension.label, items: items.slice(0, top), count: items.length };
}
