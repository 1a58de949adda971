/**
 * A forecast's history and projection (see forecast.ts): which buckets of the history query's
 * rows are complete, the series the model is fitted on, and the fitted model's future points.
 */
import type { TTimeGrain } from '@parley/contract';
import type { TResolvedRange } from '../../dates/date-range';
import { addDays, addUnits } from '../../dates/date-range';
import { fitHoltWinters, forecastHoltWinters, type THoltWintersFit } from './holt-winters';

/**
 * Row key of each bucket's first date with data. The first bucket of a data set that begins
 * mid-month is a partial month: it reads as a dip and drags the fit, so it is left out like the
 * running one. Only the data itself knows where it begins (a low value is no criterion).
 */
export const FIRST_DAY_KEY = '_first_day';

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};
const toDay = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The last day of the bucket starting on `start`. */
export function bucketEnd(start: string, grain: TTimeGrain): string {
  return grain === 'day' ? start : addDays(addUnits(start, grain, 1), -1);
}

export interface THistory {
  /** The complete buckets, gaps filled, in order. */
  history: { at: string; value: number }[];
  /** Buckets of the rows left out: running, cut by the range, or the data's partial first one. */
  dropped: string[];
  /** The data's first bucket when its data begins after the bucket's start. */
  partialStart: string | null;
  /** The first day with data in the data's first bucket. */
  startsAt: string | undefined;
}

/** History: complete buckets only. */
export function readHistory(
  rows: Record<string, unknown>[],
  keys: { time: string; value: string },
  grain: TTimeGrain,
  range: TResolvedRange | null,
  today: string,
  summable: boolean,
): THistory {
  const values = new Map<string, number | null>();
  const firstDays = new Map<string, string>();
  for (const r of rows) {
    const at = toDay(r[keys.time]);
    values.set(at, toNumber(r[keys.value]));
    if (r[FIRST_DAY_KEY] != null) firstDays.set(at, toDay(r[FIRST_DAY_KEY]));
  }
  const dropped: string[] = [];
  const buckets = [...values.keys()].sort();
  // The data's first bucket, when its first day comes after the bucket's start (data from 15 Nov).
  const startsAt = buckets.length > 0 ? firstDays.get(buckets[0]) : undefined;
  // A bucket that begins before the range is cut by the range instead (its first day is the range's).
  const partialStart =
    startsAt !== undefined && startsAt > buckets[0] && (!range || buckets[0] >= range.from)
      ? buckets[0]
      : null;
  const complete = buckets.filter((d) => {
    const ok =
      d !== partialStart &&
      bucketEnd(d, grain) < today &&
      (!range || (d >= range.from && bucketEnd(d, grain) <= range.to));
    if (!ok) dropped.push(d);
    return ok;
  });
  // Missing buckets between the first and the last are no activity for sums and counts.
  const history: { at: string; value: number }[] = [];
  if (complete.length > 0) {
    const last = complete[complete.length - 1];
    let previous: number | null = null;
    for (let d = complete[0]; d <= last; d = addUnits(d, grain, 1)) {
      const v = values.get(d) ?? null;
      const value: number | null = v ?? (summable ? 0 : previous);
      if (value !== null) history.push({ at: d, value });
      previous = value;
    }
  }
  return { history, dropped, partialStart, startsAt };
}

export interface TProjection {
  fit: THoltWintersFit;
  /** Buckets from the last history bucket to each future one. */
  steps: number[];
  points: { value: number; low: number; high: number }[];
}

/** Fits the history and forecasts each future bucket, rounded to cents. */
export function projectFuture(
  history: { at: string; value: number }[],
  future: string[],
  grain: TTimeGrain,
  season: number | null,
  summable: boolean,
): TProjection {
  const lastAt = history[history.length - 1].at;
  const steps = future.map((d) => {
    let step = 0;
    for (let at = lastAt; at < d && step <= 5000; at = addUnits(at, grain, 1)) step++;
    return step;
  });
  const fit = fitHoltWinters(
    history.map((p) => p.value),
    season,
  );
  const nonNegative = summable && history.every((p) => p.value >= 0);
  const points = forecastHoltWinters(fit, steps).map((p) => {
    // Sums and counts of non-negative history cannot go below zero.
    const value = nonNegative ? Math.max(0, p.value) : p.value;
    const low = nonNegative ? Math.max(0, p.low) : p.low;
    return { value: round2(value), low: round2(Math.min(low, value)), high: round2(Math.max(p.high, value)) };
  });
  return { fit, steps, points };
}
