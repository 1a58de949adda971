/**
 * Insights computed from the result rows (DESIGN §6): the total and its change, the top and
 * bottom contributors, the biggest movers, the trend and its slope, and outliers. Every
 * string is HTML with data values escaped; nothing is invented.
 */
import type { TCardColumn, TCardRow, TTimeGrain } from '@parley/contract';
import {
  cardChange,
  escapeHtml,
  type FormatOptions,
  formatDate,
  formatShare,
  formatValue,
  percentChange,
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
  /** What a group's share is of; null when the groups do not add up to one whole. */
  share: TShareBasis | null;
  previousKey: string | null;
  changeKey: string | null;
  grainWord: string | null;
  /** What the previous values are (the comparison period), when there are any. */
  against: TAgainst | null;
  /** The card's language. */
  words: TCardWords;
}

/**
 * The total a group's share is taken of: the whole question's (a top N's rows are a part of it),
 * or, when the source returned only the groups kept, theirs — `shown` says how many. `part`: the
 * rows are only some of the groups (the card column's `part`).
 */
export interface TShareBasis {
  total: number;
  shown: number | null;
  part: TCardColumn['part'] | null;
}

const b = (text: string): string => `<b>${escapeHtml(text)}</b>`;

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** What every insight step reads: the input, the measure's values, and how numbers and dates are written. */
interface TInsightContext {
  input: TInsightInput;
  /** The measure's value per row (null when not a finite number). */
  values: (number | null)[];
  /** The values that are numbers. */
  present: number[];
  w: TCardWords['insights'];
  /** The measure's label, escaped. */
  label: string;
  grain: TTimeGrain | null;
  fmt: (v: number | null) => string;
  when: (v: unknown) => string;
}

/** Insight HTML strings, most important first. */
export function computeInsights(input: TInsightInput): string[] {
  const { rows, measure, format, words } = input;
  const values = rows.map((r) => num(r[measure.key]));
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return rows.length === 0 ? [words.text.noData] : [];
  // Time buckets read as the user writes dates ("Mar 2026", "1 Mar 2026"), never ISO.
  const grain = input.grainWord as TTimeGrain | null;
  const ctx: TInsightContext = {
    input,
    values,
    present,
    w: words.insights,
    label: escapeHtml(measure.label),
    grain,
    fmt: (v) => formatValue(v, measure.format, format),
    when: (v) => formatDate(String(v), format.locale, grain ?? undefined),
  };
  return [
    ...totalInsights(ctx),
    ...contributorInsights(ctx),
    ...moverInsights(ctx),
    ...trendInsights(ctx),
    ...outlierInsights(ctx),
  ];
}

/**
 * The total and its change (several rows of an additive measure), or a single row's change. A top
 * N's rows add up to their own total, named as such, followed by their share of the whole.
 */
function totalInsights({ input, present, w, label, fmt }: TInsightContext): string[] {
  const { rows } = input;
  const locale = input.format.locale;
  const part = input.share?.part ?? null;
  if ((input.additive || part) && rows.length > 1) {
    const total = present.reduce((a, v) => a + v, 0);
    let change: Parameters<typeof w.total>[2] = null;
    if (input.previousKey) {
      const prev = rows.reduce((a, r) => a + (num(r[input.previousKey!]) ?? 0), 0);
      // The table's totals row writes the same change of the same totals.
      const pct = percentChange(total, prev);
      change = {
        changeEsc: escapeHtml(cardChange(pct, locale, { current: total, previous: prev }).signed),
        against: input.against,
        prevEsc: escapeHtml(fmt(prev)),
      };
    }
    const out = [w.total(label, b(fmt(total)), change, part?.shown ?? null)];
    if (part && part.whole !== null && part.whole > 0) {
      const share = b(formatShare((total / part.whole) * 100, locale));
      out.push(w.partOfWhole(part.shown, share, label, b(fmt(part.whole))));
    }
    return out;
  }
  if (rows.length === 1 && input.changeKey) {
    const change = num(rows[0][input.changeKey]);
    const prev = num(rows[0][input.previousKey!]);
    const shown = cardChange(change, locale, { current: present[0], previous: prev }).signed;
    return [w.single(label, change, b(shown), b(fmt(prev)), b(fmt(present[0])))];
  }
  return [];
}

/** Top and bottom contributors of a breakdown (no time), and the top three's share. */
function contributorInsights({ input, w, label, fmt }: TInsightContext): string[] {
  const { rows, measure, dimension, time } = input;
  const locale = input.format.locale;
  if (!dimension || time || rows.length <= 1) return [];
  const out: string[] = [];
  const sorted = rows
    .map((r) => ({ name: String(r[dimension.key] ?? '–'), v: num(r[measure.key]) }))
    .filter((x): x is { name: string; v: number } => x.v !== null)
    .sort((x, y) => y.v - x.v);
  const basis = input.share && input.share.total > 0 ? input.share : null;
  const share = (v: number): string | null =>
    basis ? escapeHtml(formatShare((v / basis.total) * 100, locale)) : null;
  const shown = basis?.shown ?? null;
  const top = sorted[0];
  const bottom = sorted[sorted.length - 1];
  out.push(w.highest(b(top.name), label, b(fmt(top.v)), share(top.v), shown));
  if (sorted.length > 2) out.push(w.lowest(b(bottom.name), b(fmt(bottom.v)), share(bottom.v), label, shown));
  if (basis && sorted.length >= 5) {
    const top3 = sorted.slice(0, 3).reduce((a, x) => a + x.v, 0);
    out.push(w.top3(b(formatShare((top3 / basis.total) * 100, locale)), label, shown));
  }
  return out;
}

/** The biggest movers up and down between the two periods. */
function moverInsights({ input, w, fmt, when }: TInsightContext): string[] {
  const { rows, measure, dimension, time, changeKey, previousKey } = input;
  const locale = input.format.locale;
  if (!dimension || !changeKey || !previousKey || rows.length <= 1) return [];
  const out: string[] = [];
  const moves = rows
    .map((r) => ({
      name: String(r[dimension.key] ?? '–') + (time ? ` (${when(r[time.key])})` : ''),
      diff: (num(r[measure.key]) ?? 0) - (num(r[previousKey]) ?? 0),
      change: cardChange(num(r[changeKey]), locale, {
        current: num(r[measure.key]),
        previous: num(r[previousKey]),
      }).signed,
    }))
    .sort((x, y) => y.diff - x.diff);
  const up = moves[0];
  const down = moves[moves.length - 1];
  if (up && up.diff > 0)
    out.push(w.biggestMove(true, b(up.name), escapeHtml(up.change), escapeHtml(`+${fmt(up.diff)}`)));
  if (down && down.diff < 0)
    out.push(w.biggestMove(false, b(down.name), escapeHtml(down.change), escapeHtml(`−${fmt(-down.diff)}`)));
  return out;
}

/** The trend and slope of a time series (least squares over the bucket index), its peak and low. */
function trendInsights({ input, values, present, w, label, grain, fmt, when }: TInsightContext): string[] {
  const { rows, dimension, time } = input;
  if (!time || dimension || present.length < 3) return [];
  const out: string[] = [];
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
        escapeHtml(cardChange(relative, input.format.locale).signed),
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
  return out;
}

/** Outliers: values more than 2.5 standard deviations from the mean (at most three). */
function outlierInsights({ input, present, w, fmt, when }: TInsightContext): string[] {
  const { rows, measure, dimension, time } = input;
  if (present.length < 8) return [];
  const mean = present.reduce((a, v) => a + v, 0) / present.length;
  const sd = Math.sqrt(present.reduce((a, v) => a + (v - mean) ** 2, 0) / present.length);
  if (!(sd > 0)) return [];
  return rows
    .map((r) => ({ r, v: num(r[measure.key]) }))
    .filter((x): x is { r: TCardRow; v: number } => x.v !== null && Math.abs(x.v - mean) / sd > 2.5)
    .slice(0, 3)
    .map((o) => {
      const name = [dimension ? o.r[dimension.key] : null, time ? when(o.r[time.key]) : null]
        .filter((x) => x !== null)
        .join(', ');
      return w.unusual(b(name), b(fmt(o.v)), o.v > mean, escapeHtml(fmt(mean)));
    });
}
