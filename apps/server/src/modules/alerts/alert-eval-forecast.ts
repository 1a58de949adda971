/**
 * outside_forecast (issue 34): the measure's series at the period's grain, Holt-Winters fitted on
 * the complete buckets *before* the period (the engine's fit and season rules), the period
 * forecast one step ahead; its band, scaled by the alert's `band`, says what was expected.
 */
import type { TSemanticQuery } from '@parley/contract';
import {
  addUnits,
  FIRST_DAY_KEY,
  fitHoltWinters,
  forecastHoltWinters,
  forecastModel,
  getGrainLabel,
  getMeasure,
  minimumHistory,
  planForecast,
} from '@parley/engine';
import type { AnswerSource } from '../answers/answers.service';
import type { AlertSeriesPoint } from './alert-check';
import { type ForecastBand, scaleBand } from './alert-eval-conditions';
import { type AlertDay, runCompiled } from './alert-eval-query';
import type { AlertPeriodUnit, ResolvedAlertPeriod } from './alert-periods';

/**
 * Buckets of history read before the period: two seasons and more where the grain has a season
 * (weeks are seasonal only with two years), else well over the 8 points a trend needs.
 */
export const HISTORY_BUCKETS: Record<AlertPeriodUnit, number> = {
  day: 8 * 7,
  week: 2 * 52 + 6,
  month: 3 * 12,
  quarter: 3 * 4,
  year: 12,
};

/** Points of history the notice's chart draws before the period. */
export const SERIES_POINTS = 12;

export type ForecastReading =
  | { kind: 'not_ready'; reason: string }
  | { kind: 'read'; value: number; forecast: ForecastBand; series: AlertSeriesPoint[] };

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};
const toDay = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/**
 * The bucket series from `from` to the period, gaps as no activity for sums and counts (else the
 * value before), a first bucket whose data begins after its start left out (a partial month reads as a dip).
 */
export function bucketSeries(
  rows: Record<string, unknown>[],
  keys: { time: string; value: string },
  unit: AlertPeriodUnit,
  from: string,
  to: string,
  summable: boolean,
): { at: string; value: number }[] {
  const values = new Map<string, number | null>();
  let first: { at: string; day: string } | null = null;
  for (const r of rows) {
    const at = toDay(r[keys.time]);
    values.set(at, toNumber(r[keys.value]));
    const day = r[FIRST_DAY_KEY] == null ? null : toDay(r[FIRST_DAY_KEY]);
    if (day && (!first || at < first.at)) first = { at, day };
  }
  const buckets = [...values.keys()].filter((d) => d >= from && d <= to).sort();
  if (buckets.length === 0) return [];
  const skip = first && first.at === buckets[0] && first.day > buckets[0] ? buckets[0] : null;
  const series: { at: string; value: number }[] = [];
  let previous: number | null = null;
  for (let d = buckets[0]; d <= to; d = addUnits(d, unit, 1)) {
    const v = values.get(d) ?? null;
    const value: number | null = v ?? (summable ? 0 : previous);
    previous = value;
    if (d !== skip && value !== null) series.push({ at: d, value });
  }
  return series;
}

/**
 * The measure's buckets at `unit` from `from` to `to` (the card's filters kept, its groups and range
 * not), through the engine's forecast plan; null where the source takes no SQL.
 */
async function readBuckets(
  source: AnswerSource,
  query: TSemanticQuery,
  field: string,
  span: { unit: AlertPeriodUnit; from: string; to: string; last: string },
  day: AlertDay,
): Promise<{ at: string; value: number }[] | null> {
  const { connector, model } = source;
  if (!connector.dialect) return null;
  const { unit, from, to } = span;
  const compiled = planForecast(
    { ...query, timeDimension: { field, grain: unit, range: { kind: 'between', from, to } } },
    model,
    { dialect: connector.dialect, ...day },
  );
  const { rows } = await runCompiled(source, { kind: 'sql', ...compiled });
  const measure = getMeasure(model, query.measures[0]);
  // Sums and counts: a bucket without rows is no activity (0); others keep the value before.
  const summable = measure.kind === 'aggregate' && ['sum', 'count', 'count_distinct'].includes(measure.agg);
  return bucketSeries(
    rows,
    { time: getGrainLabel(unit), value: measure.label },
    unit,
    from,
    span.last,
    summable,
  );
}

/**
 * The recent series up to the period, for the notice's chart of a threshold or change alert (no
 * band): empty where the source takes no SQL.
 */
export async function readRecentSeries(
  source: AnswerSource,
  query: TSemanticQuery,
  field: string,
  period: ResolvedAlertPeriod,
  day: AlertDay,
): Promise<AlertSeriesPoint[]> {
  const unit = period.unit;
  const from = addUnits(period.from, unit, -SERIES_POINTS);
  const span = { unit, from, to: period.to, last: period.from };
  const series = await readBuckets(source, { ...query, dimensions: [] }, field, span, day);
  return (series ?? []).map((p) => ({ at: p.at, value: p.value }));
}

/** The period's value, its forecast from the history before it, and the recent series with the band. */
export async function readForecast(
  source: AnswerSource,
  query: TSemanticQuery,
  field: string,
  period: ResolvedAlertPeriod,
  day: AlertDay,
  band: number,
): Promise<ForecastReading> {
  const unit = period.unit;
  const from = addUnits(period.from, unit, -HISTORY_BUCKETS[unit]);
  const span = { unit, from, to: period.to, last: period.from };
  const series = await readBuckets(source, query, field, span, day);
  if (!series) return { kind: 'not_ready', reason: 'An expected range needs a data source that takes SQL.' };
  const last = series[series.length - 1];
  if (!last || last.at !== period.from)
    return { kind: 'not_ready', reason: `There is no data for ${period.label} yet.` };
  const history = series.slice(0, -1).map((p) => p.value);
  const { season } = forecastModel(unit, history.length);
  if (history.length < minimumHistory(season))
    return { kind: 'not_ready', reason: `Not enough history before ${period.label} to expect a range.` };
  const [point] = forecastHoltWinters(fitHoltWinters(history, season), [1]);
  const forecast = { expected: point.value, low: point.low, high: point.high };
  const scaled = scaleBand(forecast, band);
  const recent: AlertSeriesPoint[] = series
    .slice(-SERIES_POINTS - 1, -1)
    .map((p) => ({ at: p.at, value: p.value }));
  recent.push({ at: last.at, value: last.value, low: scaled.low, high: scaled.high });
  return { kind: 'read', value: last.value, forecast, series: recent };
}
