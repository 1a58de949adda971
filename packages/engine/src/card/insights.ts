/**
 * Insights computed from the result rows (DESIGN §6): the total and its change, the top and
 * bottom contributors, the biggest movers, the trend and its slope, and outliers. Every
 * string is HTML with data values escaped; nothing is invented.
 */
import type { TCardColumn, TCardRow, TTimeGrain } from '@parley/contract';
import {
  escapeHtml,
  type FormatOptions,
  formatChange,
  formatDate,
  formatShare,
  formatValue,
} from '@parley/presenter';
import type { TAgainst, TCardWords } from './words';

export interface TInsightInput {
  /** The user's number and date format. */
  format: FormatOptions;
  rows: TCardRow[];
  /** The breakdown column (first dimension), if any. */
  dimension: TCardColumn | null;
  /** The time bucket column, if any. */
  time: TCardColumn | null;
  /** The measure insights are about (the first one). */
  measure: TCardColumn;
  /** Whether the measure can be summed across rows (not a rate or average). */
  additive: boolean;
  previousKey: string | null;
  changeKey: string | null;
  grainWord: string | null;
  /** What the previous values are (the comparison period), when there are any. */
  against: TAgainst | null;
  /** The card's language. */
  words: TCardWords;
}

const b = (text: string): string => `<b>${escapeHtml(text)}</b>`;

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Insight HTML strings, most important first. */
export function computeInsights(input: TInsightInput): string[] {
  const { rows, measure, dimension, time } = input;
  const out: string[] = [];
  const values = rows.map((r) => num(r[measure.key]));
  const present = values.filter((v): v is number => v !== null);
  const { format, words } = input;
  const w = words.insights;
  if (present.length === 0) return rows.length === 0 ? [words.text.noData] : [];
  const locale = format.locale;
  const fmt = (v: number | null): string => formatValue(v, measure.format, format);
  // Time buckets read as the user writes dates ("Mar 2026", "1 Mar 2026"), never ISO.
  const grain = input.grainWord as TTimeGrain | null;
  const when = (v: unknown): string => formatDate(String(v), locale, grain ?? undefined);
  const label = escapeHtml(measure.label);

  // Total and its change.
  if (input.additive && rows.length > 1) {
    const total = present.reduce((a, v) => a + v, 0);
    let change: Parameters<typeof w.total>[2] = null;
    if (input.previousKey) {
      const prev = rows.reduce((a, r) => a + (num(r[input.previousKey!]) ?? 0), 0);
      const pct = prev === 0 ? null : ((total - prev) / Math.abs(prev)) * 100;
      change = {
        changeEsc: escapeHtml(formatChange(pct, locale)),
        against: input.against,
        prevEsc: escapeHtml(fmt(prev)),
      };
    }
    out.push(w.total(label, b(fmt(total)), change));
  } else if (rows.length === 1 && input.changeKey) {
    const change = num(rows[0][input.changeKey]);
    const prev = num(rows[0][input.previousKey!]);
    out.push(w.single(label, change, b(formatChange(change, locale)), b(fmt(prev)), b(fmt(present[0]))));
  }

  // Top and bottom contributors of a breakdown.
  if (dimension && !time && rows.length > 1) {
    const sorted = rows
      .map((r) => ({ name: String(r[dimension.key] ?? '–'), v: num(r[measure.key]) }))
      .filter((x): x is { name: string; v: number } => x.v !== null)
      .sort((x, y) => y.v - x.v);
    const total = sorted.reduce((a, x) => a + x.v, 0);
    const share = (v: number): string | null =>
      input.additive && total > 0 ? escapeHtml(formatShare((v / total) * 100, locale)) : null;
    const top = sorted[0];
    const bottom = sorted[sorted.length - 1];
    out.push(w.highest(b(top.name), label, b(fmt(top.v)), share(top.v)));
    if (sorted.length > 2) out.push(w.lowest(b(bottom.name), b(fmt(bottom.v)), share(bottom.v)));
    if (input.additive && sorted.length >= 5 && total > 0) {
      const top3 = sorted.slice(0, 3).reduce((a, x) => a + x.v, 0);
      out.push(w.top3(b(formatShare((top3 / total) * 100, locale)), label));
    }
  }

  // Biggest movers between the two periods.
  if (dimension && input.changeKey && input.previousKey && rows.length > 1) {
    const moves = rows
      .map((r) => ({
        name: String(r[dimension.key] ?? '–') + (time ? ` (${when(r[time.key])})` : ''),
        diff: (num(r[measure.key]) ?? 0) - (num(r[input.previousKey!]) ?? 0),
        change: num(r[input.changeKey!]),
      }))
      .sort((x, y) => y.diff - x.diff);
    const up = moves[0];
    const down = moves[moves.length - 1];
    if (up && up.diff > 0)
      out.push(
        w.biggestMove(
          true,
          b(up.name),
          escapeHtml(formatChange(up.change, locale)),
          escapeHtml(`+${fmt(up.diff)}`),
        ),
      );
    if (down && down.diff < 0)
      out.push(
        w.biggestMove(
          false,
          b(down.name),
          escapeHtml(formatChange(down.change, locale)),
          escapeHtml(`−${fmt(-down.diff)}`),
        ),
      );
  }

  // Trend and slope of a time series (least squares over the bucket index).
  if (time && !dimension && present.length >= 3) {
    const n = values.length;
    const xs = values.map((_, i) => i);
    const ys = values.map((v) => v ?? 0);
    const mx = (n - 1) / 2;
    const my = ys.reduce((a, v) => a + v, 0) / n;
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < n; i++) {
      sxy += (xs[i] - mx) * (ys[i] - my);
      sxx += (xs[i] - mx) ** 2;
    }
    const slope = sxx === 0 ? 0 : sxy / sxx;
    const relative = my === 0 ? 0 : (slope / Math.abs(my)) * 100;
    if (Math.abs(relative) < 0.5) out.push(w.flat(label));
    else {
      out.push(
        w.trend(
          label,
          slope > 0,
          escapeHtml(`${slope > 0 ? '+' : '−'}${fmt(Math.abs(slope))}`),
          grain,
          escapeHtml(formatChange(relative, locale)),
        ),
      );
    }
    const maxIndex = ys.indexOf(Math.max(...ys));
    const minIndex = ys.indexOf(Math.min(...ys));
    out.push(
      w.peak(
        b(when(rows[maxIndex][time.key])),
        b(fmt(ys[maxIndex])),
        b(when(rows[minIndex][time.key])),
        b(fmt(ys[minIndex])),
      ),
    );
  }

  // Outliers: values more than 2.5 standard deviations from the mean.
  if (present.length >= 8) {
    const mean = present.reduce((a, v) => a + v, 0) / present.length;
    const sd = Math.sqrt(present.reduce((a, v) => a + (v - mean) ** 2, 0) / present.length);
    if (sd > 0) {
      const outliers = rows
        .map((r) => ({ r, v: num(r[measure.key]) }))
        .filter((x): x is { r: TCardRow; v: number } => x.v !== null && Math.abs(x.v - mean) / sd > 2.5)
        .slice(0, 3);
      for (const o of outliers) {
        const name = [dimension ? o.r[dimension.key] : null, time ? when(o.r[time.key]) : null]
          .filter((x) => x !== null)
          .join(', ');
        out.push(w.unusual(b(name), b(fmt(o.v)), o.v > mean, escapeHtml(fmt(mean))));
      }
    }
  }
  return out;
}
