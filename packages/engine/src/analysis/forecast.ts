/**
 * Forecast ("forecast revenue next quarter", "orders next 3 months", DESIGN §6 "Question kinds"):
 * the measure's history at the time grain (one ordinary compiled query) plus `horizon` future
 * buckets from an additive Holt-Winters model fitted on that history, with 95 % bounds.
 *
 * Which buckets: only complete buckets are history — the running one (this month so far) and a
 * bucket the range cuts would drag the fit down. The future buckets are the `horizon` full buckets
 * after the current one, mirroring DESIGN §6's "last N months = the N full months before this
 * month": on 20 Nov, "next 3 months" is Dec, Jan, Feb, and "next 7 days" starts tomorrow. The
 * running bucket is forecast too (it lies between history and future) but is not shown.
 */
import type { TCard, TCardColumn, TCardRow, TSemanticQuery, TTimeGrain } from '@parley/contract';
import { escapeHtml, formatDate, formatValue } from '@parley/presenter';
import { getGrainLabel } from '../compiler/columns';
import { compileQuery, type TCompiledQuery, type TCompileOptions } from '../compiler/compile';
import { addDays, addUnits, startOfUnit, type TWeekStart } from '../dates/date-range';
import { getMeasure, ModelError, type TSemanticModel } from '../model/semantic-model';
import { describeQuery } from '../parser/describe';
import { assertNever, textFormat } from '../util';
import { fitHoltWinters, forecastHoltWinters, minimumHistory } from './holt-winters';

export function forecastKey(measureLabel: string): string {
  return `Forecast_${measureLabel}`;
}
export function forecastLowKey(measureLabel: string): string {
  return `Forecast_${measureLabel}__low`;
}
export function forecastHighKey(measureLabel: string): string {
  return `Forecast_${measureLabel}__high`;
}

/** Grain of a forecast when the query names none. */
export const DEFAULT_FORECAST_GRAIN: TTimeGrain = 'month';

/** Season length by grain; weeks are seasonal only with two full years of history. */
export function seasonLength(grain: TTimeGrain, points: number): number | null {
  switch (grain) {
    case 'day':
      return 7;
    case 'week':
      return points >= 104 ? 52 : null;
    case 'month':
      return 12;
    case 'quarter':
      return 4;
    case 'year':
      return null;
    default:
      return assertNever(grain);
  }
}

/** The history query: the measure at the grain over the asked range, without any breakdown. */
export function planForecast(
  query: TSemanticQuery,
  model: TSemanticModel,
  options: TCompileOptions,
): TCompiledQuery {
  const time = query.timeDimension;
  if (!time)
    throw new ModelError(`${getMeasure(model, query.measures[0]).label} has no date to forecast by.`);
  return compileQuery(
    {
      measures: [query.measures[0]],
      dimensions: [],
      timeDimension: { field: time.field, grain: time.grain ?? DEFAULT_FORECAST_GRAIN, range: time.range },
      filters: query.filters,
    },
    model,
    options,
  );
}

/** The last day of the bucket starting on `start`. */
function bucketEnd(start: string, grain: TTimeGrain): string {
  return grain === 'day' ? start : addDays(addUnits(start, grain, 1), -1);
}

/** The `horizon` buckets after the one containing `today` (see the module comment). */
export function futureBuckets(
  today: string,
  grain: TTimeGrain,
  horizon: number,
  weekStart: TWeekStart,
): string[] {
  const current = startOfUnit(today, grain, weekStart);
  return Array.from({ length: horizon }, (_, i) => addUnits(current, grain, i + 1));
}

export interface TForecastInput {
  query: TSemanticQuery;
  model: TSemanticModel;
  compiled: TCompiledQuery;
  rows: Record<string, unknown>[];
  readAt: string;
  today: string;
  weekStart: TWeekStart;
  locale?: string;
}

/** A forecast card, or a reason (shown like a question back) when there is too little history. */
export type TForecastAnswer = { kind: 'card'; card: TCard } | { kind: 'refuse'; text: string };

const GRAIN_PLURAL: Record<TTimeGrain, string> = {
  day: 'days',
  week: 'weeks',
  month: 'months',
  quarter: 'quarters',
  year: 'years',
};

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};
const toDay = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
const round2 = (v: number): number => Math.round(v * 100) / 100;

/** Fits the history and builds the forecast card. */
export function buildForecastAnswer(input: TForecastInput): TForecastAnswer {
  const { query, model, compiled, today, weekStart } = input;
  const horizon = query.analysis?.kind === 'forecast' ? query.analysis.horizon : 1;
  const skip = query.analysis?.kind === 'forecast' ? (query.analysis.skip ?? 0) : 0;
  const grain = query.timeDimension?.grain ?? DEFAULT_FORECAST_GRAIN;
  const m = getMeasure(model, query.measures[0]);
  const label = m.label;
  const timeKey = getGrainLabel(grain);
  const format = textFormat(input.locale);
  const fmt = (v: number): string => formatValue(v, m.format, format);
  const bucket = (d: string): string => formatDate(d, format.locale, grain);
  const units = GRAIN_PLURAL[grain];
  const summable = m.kind === 'aggregate' && ['sum', 'count', 'count_distinct'].includes(m.agg);

  // History: complete buckets only.
  const values = new Map<string, number | null>();
  for (const r of input.rows) values.set(toDay(r[timeKey]), toNumber(r[label]));
  const range = compiled.range;
  const dropped: string[] = [];
  const complete = [...values.keys()].sort().filter((d) => {
    const ok =
      bucketEnd(d, grain) < today && (!range || (d >= range.from && bucketEnd(d, grain) <= range.to));
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

  const wanted = seasonLength(grain, history.length);
  const season = wanted && history.length >= minimumHistory(wanted) ? wanted : null;
  if (history.length < minimumHistory(season)) {
    const need = wanted
      ? `${minimumHistory(null)} (${minimumHistory(wanted)} for a seasonal model)`
      : String(minimumHistory(null));
    return {
      kind: 'refuse',
      text:
        `There is too little history to forecast ${escapeHtml(label)}: ${history.length} complete ${units}, and a forecast needs at least ${need}. ` +
        `Ask over a longer history, e.g. “forecast ${escapeHtml(label.toLowerCase())} next 3 months based on the last 24 months”.`,
    };
  }

  const future = futureBuckets(today, grain, skip + horizon, weekStart).slice(skip);
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

  const fKey = forecastKey(label);
  const lowKey = forecastLowKey(label);
  const highKey = forecastHighKey(label);
  const table: TCardRow[] = [
    ...history.map((p) => ({
      [timeKey]: p.at,
      [label]: p.value,
      [fKey]: null,
      [lowKey]: null,
      [highKey]: null,
    })),
    ...future.map((d, i) => ({
      [timeKey]: d,
      [label]: null,
      [fKey]: points[i].value,
      [lowKey]: points[i].low,
      [highKey]: points[i].high,
    })),
  ];
  const columns: TCardColumn[] = [
    { key: timeKey, label: timeKey, kind: 'time', format: 'date' },
    { key: label, label, kind: 'measure', format: m.format },
    { key: fKey, label: `Forecast ${label}`, kind: 'measure', format: m.format },
    { key: lowKey, label: `Forecast ${label} (low)`, kind: 'measure', format: m.format },
    { key: highKey, label: `Forecast ${label} (high)`, kind: 'measure', format: m.format },
  ];

  const method = season
    ? `Holt-Winters additive, season ${season}`
    : `Holt's linear trend (no season${wanted ? `: fewer than two seasons of history` : ''})`;
  const span = `${bucket(history[0].at)} – ${bucket(lastAt)}`;
  const first = points[0];
  const last = points[points.length - 1];
  let headline = `${escapeHtml(label)} is forecast at <b>${escapeHtml(fmt(first.value))}</b> for <b>${escapeHtml(bucket(future[0]))}</b> (95% range ${escapeHtml(fmt(first.low))} – ${escapeHtml(fmt(first.high))})`;
  if (future.length > 1)
    headline += ` and <b>${escapeHtml(fmt(last.value))}</b> for <b>${escapeHtml(bucket(future[future.length - 1]))}</b>`;
  if (future.length > 1 && summable)
    headline += `: <b>${escapeHtml(fmt(points.reduce((a, p) => a + p.value, 0)))}</b> over the ${future.length} ${units}`;
  headline += '.';
  let notes = `Method: ${escapeHtml(method)}, fitted on ${history.length} ${units} (${escapeHtml(span)}); bounds are a 95% prediction interval.`;
  const running = startOfUnit(today, grain, weekStart);
  if (dropped.includes(running))
    notes += ` The current ${grain} (${escapeHtml(bucket(running))}) is still running, so it is not part of the history.`;
  else if (steps[0] > 1)
    notes += ` The forecast starts after the current ${grain} (${escapeHtml(bucket(running))}).`;
  const cut = dropped.filter((d) => d !== running);
  if (cut.length > 0)
    notes += ` Incomplete ${cut.length === 1 ? grain : units} at the edge of the range (${cut.map((d) => escapeHtml(bucket(d))).join(', ')}) left out.`;
  const understood = `Understood: forecast of ${escapeHtml(describeQuery({ ...query, analysis: undefined, compare: undefined }, model))}, next ${horizon} ${horizon === 1 ? grain : units}.`;

  const trend = fit.trend * (season ?? 1);
  const insights = [
    `${escapeHtml(label)} ${trend > 0 ? 'trends up' : trend < 0 ? 'trends down' : 'is flat'}: about ${escapeHtml(fmt(Math.abs(fit.trend)))} per ${grain} (level ${escapeHtml(fmt(fit.level))} at ${escapeHtml(bucket(lastAt))}).`,
  ];

  return {
    kind: 'card',
    card: {
      title: `${label} forecast, next ${horizon} ${horizon === 1 ? grain : units}`,
      text: `<p>${headline}</p><p>${notes}</p><p>${understood}</p>`,
      date: input.readAt,
      table,
      columns,
      // History and forecast are separate series; low/high are the band's edges.
      chart: [{ chart: { type: 'line' }, x: timeKey, y: [label, fKey, lowKey, highKey] }],
      insights,
      query: { sql: compiled.sql, semantic: query },
      period: {
        from: history[0].at,
        to: bucketEnd(future[future.length - 1], grain),
        label: `next ${horizon} ${horizon === 1 ? grain : units}`,
        partial: false,
      },
    },
  };
}
