/**
 * The drivers card's layout (see drivers.ts): its row keys, its table of contributions, its
 * columns and its text. drivers.ts plans the split queries, ranks the splits and assembles the
 * card from these steps.
 */
import type { TCardColumn, TCardRow, TSemanticQuery } from '@parley/contract';
import {
  CONTRIBUTION_SUFFIX,
  cardChange,
  escapeHtml,
  type FormatOptions,
  formatDateRange,
  formatNumber,
  formatShare,
  formatValue,
} from '@parley/presenter';
import type { TAgainst, TCardWords } from '../../card/words';
import { changeKey, previousKey } from '../../compiler/columns';
import type { TResolvedRange } from '../../dates/date-range';
import type { TMeasure, TSemanticModel } from '../../model/semantic-model';

/** Row key of a value's share of the total change, in percent (DESIGN §6). */
export function contributionKey(measureLabel: string): string {
  return `${measureLabel}${CONTRIBUTION_SUFFIX}`;
}

/** Row keys of the drivers table's first two columns: which dimension, and which of its values. */
export const DRIVER_DIMENSION_KEY = 'Dimension';
export const DRIVER_VALUE_KEY = 'Value';
/**
 * Row key that marks the summed rest of a dimension ("Other (392)"), holding how many values it
 * sums: readers (the reports) tell it from real values by this, never by its translated label.
 * Not a column, so tables and charts do not show it.
 */
export const DRIVER_REST_KEY = '_rest';
/** Whether a drivers card row is a dimension's summed rest rather than one of its values. */
export function isDriversRestRow(row: TCardRow): boolean {
  return typeof row[DRIVER_REST_KEY] === 'number';
}
/** Values shown per dimension; the rest are summed into one "Other" row so shares still add up. */
export const DRIVER_ROWS_PER_DIMENSION = 8;

/** One value's change and its share of the dimension's total change. */
export interface TContribution {
  value: string;
  current: number;
  previous: number;
  /** The value's part of the total change, in the measure's units. */
  delta: number;
  /** Percent of the total change; null when the total change is 0. */
  contribution: number | null;
}

/** A dimension's split, scored by how much of the change it explains. */
export interface TRankedSplit {
  dimension: string;
  label: string;
  score: number;
  contributions: TContribution[];
}

export const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};
const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;
export const pct = (cur: number, prev: number): number | null =>
  prev === 0 ? null : round(((cur - prev) / Math.abs(prev)) * 100, 2);
const b = (text: string): string => `<b>${escapeHtml(text)}</b>`;

/** "+$1.2K" / "−$300": a change in the measure's units with its sign. */
function signed(delta: number, fmt: (v: number) => string): string {
  return `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${fmt(Math.abs(delta))}`;
}

/**
 * The change and level formats of a measure: rates read with two decimals and their changes in
 * percentage points (2.19% → 2.31%, +0.12 pp).
 */
export function driverFormats(
  m: TMeasure,
  format: FormatOptions,
): { fmt: (v: number) => string; fmtLevel: (v: number) => string } {
  const rate = m.format === 'percent';
  const fmt = (v: number): string =>
    rate
      ? `${formatNumber(v * 100, 'number', { locale: format.locale, decimals: 2 })} pp`
      : formatValue(v, m.format, format);
  const fmtLevel = (v: number): string =>
    formatValue(v, m.format, rate ? { ...format, decimals: 2 } : format);
  return { fmt, fmtLevel };
}

/**
 * The table: each ranked dimension's top values, then an "Other" row summing the rest. A ratio's
 * per-value rates do not add up, so its remainder row shows only the contribution.
 */
export function driversTable(
  ranked: TRankedSplit[],
  label: string,
  ratio: boolean,
  words: TCardWords,
): TCardRow[] {
  const table: TCardRow[] = [];
  for (const split of ranked) {
    const top = split.contributions.slice(0, DRIVER_ROWS_PER_DIMENSION);
    const rest = split.contributions.slice(DRIVER_ROWS_PER_DIMENSION);
    for (const c of top)
      table.push(driverRow(label, split.label, c.value, c.current, c.previous, c.contribution));
    if (rest.length > 0) {
      const share = rest.every((c) => c.contribution === null)
        ? null
        : rest.reduce((a, c) => a + (c.contribution ?? 0), 0);
      const other = words.other(rest.length);
      const cur = ratio ? null : rest.reduce((a, c) => a + c.current, 0);
      const prev = ratio ? null : rest.reduce((a, c) => a + c.previous, 0);
      table.push({
        ...driverRow(label, split.label, other, cur, prev, share),
        [DRIVER_REST_KEY]: rest.length,
      });
    }
  }
  return table;
}

function driverRow(
  label: string,
  dim: string,
  value: string,
  cur: number | null,
  prev: number | null,
  share: number | null,
): TCardRow {
  return {
    [DRIVER_DIMENSION_KEY]: dim,
    [DRIVER_VALUE_KEY]: value,
    [label]: cur,
    [previousKey(label)]: prev,
    [changeKey(label)]: cur === null || prev === null ? null : pct(cur, prev),
    [contributionKey(label)]: share === null ? null : round(share, 2),
  };
}

/** The columns: Dimension, Value, the measure now and before, its change and each value's share. */
export function driversColumns(m: TMeasure, label: string, shown: string, words: TCardWords): TCardColumn[] {
  return [
    { key: DRIVER_DIMENSION_KEY, label: words.columns.dimension, kind: 'dimension', format: 'number' },
    { key: DRIVER_VALUE_KEY, label: words.columns.value, kind: 'dimension', format: 'number' },
    { key: label, label: shown, kind: 'measure', format: m.format },
    { key: previousKey(label), label: words.columns.previous(shown), kind: 'measure', format: m.format },
    { key: changeKey(label), label: words.columns.change(shown), kind: 'measure', format: 'percent' },
    // Already a percentage (45.2 = 45.2 %) like M__change, hence not the fraction format `percent`.
    {
      key: contributionKey(label),
      label: words.columns.contribution(shown),
      kind: 'measure',
      format: 'number',
    },
  ];
}

export interface TDriversTextInput {
  query: TSemanticQuery;
  model: TSemanticModel;
  ranked: TRankedSplit[];
  words: TCardWords;
  format: FormatOptions;
  fmt: (v: number) => string;
  fmtLevel: (v: number) => string;
  shown: string;
  when: string;
  against: TAgainst;
  current: number;
  previous: number;
  /** No rows in any split and nothing in either period. */
  empty: boolean;
  range: TResolvedRange;
  comparison: { from: string; to: string };
}

/** The card's text (headline, biggest movers, what was understood) and its insights. */
export function driversText(input: TDriversTextInput): { text: string; insights: string[] } {
  const { words, format, fmt, shown, when, against, current, previous } = input;
  const delta = current - previous;
  const change = pct(current, previous);
  let headline = words.drivers.headline({
    labelEsc: escapeHtml(shown),
    dir: delta > 0 ? 'up' : delta < 0 ? 'down' : 'unchanged',
    deltaHtml: delta !== 0 ? b(fmt(Math.abs(delta))) : null,
    // Its table's rounding of a change (cardChange), so the headline and the rows agree.
    changeHtml: change !== null && delta !== 0 ? b(cardChange(change, format.locale).text) : null,
    whenEsc: escapeHtml(when),
    against,
    previousHtml: b(input.fmtLevel(previous)),
    currentHtml: b(input.fmtLevel(current)),
  });
  if (input.empty) headline = words.drivers.empty(escapeHtml(shown), escapeHtml(when), against);

  const movers = driversMovers(input.ranked, delta, words, format, fmt);
  const understood = words.drivers.understood(
    escapeHtml(words.describe({ ...input.query, compare: undefined, analysis: undefined }, input.model)),
    escapeHtml(formatDateRange(input.range.from, input.range.to, format.locale)),
    against,
    escapeHtml(formatDateRange(input.comparison.from, input.comparison.to, format.locale)),
  );

  const insights = input.ranked.slice(0, 4).flatMap((split) => {
    const first = split.contributions[0];
    if (!first || first.contribution === null) return [];
    return [
      words.drivers.insight(
        escapeHtml(split.label),
        b(first.value),
        escapeHtml(signed(first.delta, fmt)),
        b(formatShare(first.contribution, format.locale)),
      ),
    ];
  });
  return { text: `<p>${headline}${movers}</p><p>${understood}</p>`, insights };
}

/** The sentence naming the top dimension's biggest movers, an offsetting value and the runner-up. */
function driversMovers(
  ranked: TRankedSplit[],
  delta: number,
  words: TCardWords,
  format: FormatOptions,
  fmt: (v: number) => string,
): string {
  const top = ranked[0];
  let movers = '';
  if (top && delta !== 0) {
    const leaders = top.contributions
      .filter((c) => c.contribution !== null && c.contribution > 0)
      .slice(0, 2);
    if (leaders.length > 0) {
      const explained = leaders.reduce((a, c) => a + (c.contribution ?? 0), 0);
      const names = leaders.map((c) => `${b(c.value)} (${escapeHtml(signed(c.delta, fmt))})`);
      movers = words.drivers.movers(escapeHtml(top.label), names, b(formatShare(explained, format.locale)));
      // Over 100 % means other values moved the other way: name the biggest of them.
      const offset = top.contributions.find((c) => c.contribution !== null && c.contribution < 0);
      movers += offset ? words.drivers.offset(b(offset.value), escapeHtml(signed(offset.delta, fmt))) : '.';
      const second = ranked[1]?.contributions.find((c) => (c.contribution ?? 0) > 0);
      if (second)
        movers += words.drivers.second(
          escapeHtml(ranked[1].label),
          b(second.value),
          b(formatShare(second.contribution!, format.locale)),
        );
    }
  }
  return movers;
}
