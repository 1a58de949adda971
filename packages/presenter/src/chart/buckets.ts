/** Time buckets and periods as a chart labels them: running and cut buckets, the periods' dates, the category axis. */
import type { TCard, TCardColumn, TCardRow, TTimeGrain } from '@parley/contract';
import { formatDateRange, formatValue } from '../format';
import { grainOf } from './shape';
import type { Categories, ChartOptionInput } from './types';

/** The last day of the bucket starting on `start` (ISO dates). */
export function bucketEnd(start: string, grain: TTimeGrain): string {
  const [y, m, d] = start.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  switch (grain) {
    case 'day':
      break;
    case 'week':
      date.setUTCDate(date.getUTCDate() + 6);
      break;
    case 'month':
      date.setUTCMonth(date.getUTCMonth() + 1, 0);
      break;
    case 'quarter':
      date.setUTCMonth(date.getUTCMonth() + 3, 0);
      break;
    case 'year':
      date.setUTCFullYear(date.getUTCFullYear() + 1, 0, 0);
      break;
  }
  return date.toISOString().slice(0, 10);
}

/** How complete a time bucket is: still running, cut short by the period, or whole (null). */
export type BucketState = 'running' | 'partial' | null;

/**
 * Whether the first or last time bucket holds less than a whole bucket, so it is never
 * read as a drop: the last one is `running` while the period is (this month so far: the bucket
 * reaches the period's end), and either is `partial` when the period cuts it (a week starting
 * before the quarter, or ending after it). A quiet last day with no rows marks nothing.
 */
export function bucketState(
  card: TCard,
  bucket: string | null | undefined,
  position: 'first' | 'last',
): BucketState {
  const grain = grainOf(card);
  const period = card.period;
  if (!period || !grain || typeof bucket !== 'string') return null;
  const start = bucket.slice(0, 10);
  const end = bucketEnd(start, grain);
  if (position === 'first') return start < period.from ? 'partial' : null;
  if (period.partial && end >= period.to) return 'running';
  return end > period.to ? 'partial' : null;
}

/** Whether the last time bucket is still running (the period is partial and the bucket reaches its end). */
export function isPartialBucket(card: TCard, bucket: string | null | undefined): boolean {
  return bucketState(card, bucket, 'last') === 'running';
}

/** The period's dates as a label ("Oct 1 – 31, 2026"), with "(so far)" while it runs. */
export function periodLabel(card: TCard, locale: string, soFar?: string): string | null {
  if (!card.period) return null;
  const label = formatDateRange(card.period.from, card.period.to, locale);
  return card.period.partial && soFar ? `${label} (${soFar})` : label;
}

/** The comparison period's dates as a label. */
export function comparisonLabel(card: TCard, locale: string): string | null {
  const c = card.period?.comparison;
  return c ? formatDateRange(c.from, c.to, locale) : null;
}

/** The category axis: each value's label, with the short first and last buckets marked. */
export function categoriesOf(input: ChartOptionInput, values: unknown[], xCol: TCardColumn): Categories {
  const { card, locale } = input;
  const grain = grainOf(card);
  const raw = values.map((v) => (v === null || v === undefined ? '' : String(v)));
  const labels = raw.map((v) =>
    formatValue(v, xCol.format === 'date' || xCol.kind === 'time' ? 'date' : 'number', { locale, grain }),
  );
  const short: number[] = [];
  const last = raw.length - 1;
  if (xCol.kind !== 'time' || last < 1) return { raw, labels, short };
  const mark = (i: number, state: BucketState) => {
    if (!state) return;
    short.push(i);
    const word = state === 'running' ? input.soFarLabel : input.partialLabel;
    if (word) labels[i] = `${labels[i]} (${word})`;
  };
  mark(0, bucketState(card, raw[0], 'first'));
  mark(last, bucketState(card, raw[last], 'last'));
  return { raw, labels, short };
}

/**
 * The rows with an empty row for every bucket the table skips (the running month between the
 * history and a forecast that starts after it), so the time axis keeps its spacing.
 */
export function withEveryBucket(rows: TCardRow[], key: string, grain: TTimeGrain | undefined): TCardRow[] {
  if (!grain || rows.length < 2) return rows;
  const byStart = new Map(rows.map((r) => [String(r[key] ?? '').slice(0, 10), r]));
  const last = String(rows[rows.length - 1][key] ?? '').slice(0, 10);
  const out: TCardRow[] = [];
  const next = (start: string) => {
    const d = new Date(`${bucketEnd(start, grain)}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  };
  for (let at = String(rows[0][key] ?? '').slice(0, 10); at <= last && out.length < 5000; at = next(at))
    out.push(byStart.get(at) ?? { [key]: at });
  return out;
}
