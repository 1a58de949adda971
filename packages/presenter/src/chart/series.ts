/** The series of an axis chart: one per measure (and previous period), or a second category pivoted into series. */
import type { TCardColumn, TCardRow } from '@parley/contract';
import { PREVIOUS_PREFIX } from '../card-columns';
import { comparisonLabel, periodLabel } from './buckets';
import { columnOf, num } from './shape';
import { formsWhole } from './slices';
import { lighten, MAX_SERIES, OTHER_COLOR, PALETTE } from './style';
import type { ChartOptionInput, Series } from './types';

/** Series of a plain chart: one per measure, and one per previous-period measure the card has. */
export function simpleSeries(input: ChartOptionInput, rows: TCardRow[]): Series[] {
  const { card, spec, locale } = input;
  const keys = new Set(card.columns.map((c) => c.key));
  const current = periodLabel(card, locale);
  const previous = comparisonLabel(card, locale);
  const out: Series[] = [];
  const ys = spec.y.filter((y) => !y.startsWith(PREVIOUS_PREFIX));
  ys.forEach((y, i) => {
    const col = columnOf(card, y);
    const color = PALETTE[i % PALETTE.length];
    const prevKey = `${PREVIOUS_PREFIX}${y}`;
    const hasPrev = keys.has(prevKey) || spec.y.includes(prevKey);
    // With a comparison the legend names the two periods by their dates, not "Revenue" twice.
    const named = (period: string | null, fallback: string) =>
      period ? (ys.length > 1 ? `${col.label} · ${period}` : period) : fallback;
    out.push({
      id: y,
      name: hasPrev ? named(current, col.label) : col.label,
      values: rows.map((r) => num(r[y])),
      color,
    });
    if (hasPrev) {
      const prevCol = columnOf(card, prevKey);
      const fallback = prevCol.label === prevKey ? `${input.previousLabel} ${col.label}` : prevCol.label;
      out.push({
        id: prevKey,
        name: named(previous, fallback),
        values: rows.map((r) => num(r[prevKey])),
        color: lighten(color),
        previous: true,
      });
    }
  });
  return out;
}

/** Pivots `series` into one series per value: the largest first, the rest merged into "Other". */
export function pivotSeries(
  input: ChartOptionInput,
  xKey: string,
  seriesKey: string,
  xCol: TCardColumn,
): { categories: unknown[]; series: Series[]; total: number } {
  const { card, spec } = input;
  const measure = spec.y.find((y) => !y.startsWith(PREVIOUS_PREFIX)) ?? spec.y[0];
  const yCol = columnOf(card, measure);
  const cells = new Map<string, Map<string, number | null>>();
  const xOrder: string[] = [];
  const xTotals = new Map<string, number>();
  const sTotals = new Map<string, number>();
  for (const row of card.table) {
    const x = row[xKey] === null || row[xKey] === undefined ? '' : String(row[xKey]);
    const s = row[seriesKey] === null || row[seriesKey] === undefined ? '–' : String(row[seriesKey]);
    const v = num(row[measure]);
    if (!xTotals.has(x)) xOrder.push(x);
    xTotals.set(x, (xTotals.get(x) ?? 0) + Math.abs(v ?? 0));
    sTotals.set(s, (sTotals.get(s) ?? 0) + Math.abs(v ?? 0));
    let byX = cells.get(s);
    if (!byX) {
      byX = new Map();
      cells.set(s, byX);
    }
    byX.set(x, v);
  }
  // Time runs left to right; categories read largest first.
  const categories =
    xCol.kind === 'time'
      ? [...xOrder].sort()
      : [...xOrder].sort((a, b) => (xTotals.get(b) ?? 0) - (xTotals.get(a) ?? 0));
  const ranked = [...sTotals.keys()].sort((a, b) => (sTotals.get(b) ?? 0) - (sTotals.get(a) ?? 0));
  const additive = formsWhole(yCol);
  // Rates and averages do not add up: past the cap they are left out rather than summed.
  const keep = ranked.length > MAX_SERIES ? ranked.slice(0, additive ? MAX_SERIES - 1 : MAX_SERIES) : ranked;
  const rest = ranked.length > MAX_SERIES && additive ? ranked.slice(MAX_SERIES - 1) : [];
  const series: Series[] = keep.map((s, i) => ({
    id: `pivot:${s}`,
    name: s,
    values: categories.map((x) => cells.get(s)?.get(x) ?? null),
    color: PALETTE[i % PALETTE.length],
  }));
  if (rest.length > 0) {
    series.push({
      id: 'pivot:other',
      name: `${input.otherLabel} (${rest.length})`,
      values: categories.map((x) => {
        let sum: number | null = null;
        for (const s of rest) {
          const v = cells.get(s)?.get(x);
          if (typeof v === 'number') sum = (sum ?? 0) + v;
        }
        return sum;
      }),
      color: OTHER_COLOR,
      other: true,
    });
  }
  return { categories, series, total: ranked.length };
}
