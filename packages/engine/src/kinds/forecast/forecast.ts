/**
 * Forecast ("forecast revenue next quarter", "orders next 3 months", DESIGN §6 "Question kinds"):
 * the measure's history at the time grain (one ordinary compiled query) plus `horizon` future
 * buckets from an additive Holt-Winters model fitted on that history, with 95 % bounds.
 *
 * Which buckets: only complete buckets are history — the running one (this month so far), a
 * bucket the range cuts and the first bucket of data that begins mid-bucket would drag the fit down. The future buckets are the `horizon` full buckets
 * after the current one, mirroring DESIGN §6's "last N months = the N full months before this
 * month": on 20 Nov, "next 3 months" is Dec, Jan, Feb, and "next 7 days" starts tomorrow. The
 * running bucket is forecast too (it lies between history and future) but is not shown.
 */
import type { TCardColumn, TCardRow, TSemanticQuery, TTimeGrain } from '@parley/contract';
import {
  escapeHtml,
  FORECAST_HIGH_SUFFIX,
  FORECAST_LOW_SUFFIX,
  FORECAST_PREFIX,
  formatDate,
  formatValue,
} from '@parley/presenter';
import { getCardWords, type TCalendarSpan, type TCardWords } from '../../card/words';
import { getGrainLabel } from '../../compiler/columns';
import { compileQuery, type TCompiledQuery, type TCompileOptions } from '../../compiler/compile';
import { addUnits, startOfUnit, type TWeekStart } from '../../dates/date-range';
import type { TLanguageCode } from '../../languages';
import {
  findTimeDimension,
  getBaseMeasures,
  getMeasure,
  getReachableTables,
  ModelError,
  type TAggregateMeasure,
  type TMeasure,
  type TSemanticModel,
} from '../../model/semantic-model';
import { assertNever, textFormat } from '../../util';
import type { TKindAnswer } from '../types';
import { bucketEnd, FIRST_DAY_KEY, projectFuture, readHistory } from './forecast-history';
import { minimumHistory } from './holt-winters';

export { FIRST_DAY_KEY } from './forecast-history';

// The row-key conventions live in the presenter, which draws the band from them.
export function forecastKey(measureLabel: string): string {
  return `${FORECAST_PREFIX}${measureLabel}`;
}
export function forecastLowKey(measureLabel: string): string {
  return `${FORECAST_PREFIX}${measureLabel}${FORECAST_LOW_SUFFIX}`;
}
export function forecastHighKey(measureLabel: string): string {
  return `${FORECAST_PREFIX}${measureLabel}${FORECAST_HIGH_SUFFIX}`;
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

const FIRST_DAY_MEASURE = '_forecast_first_day';

/**
 * The model plus a hidden MIN(date) over the measure's own rows (same table, same conditions), so
 * the history query also returns each bucket's first day — one query, no second round trip. Null
 * when the measure spans several fact tables (their stacked aggregates are summed, which a date
 * cannot be); such a history is then read as it comes.
 */
function withFirstDay(model: TSemanticModel, measure: string, timeField: string): TSemanticModel | null {
  const bases = getBaseMeasures(model, measure);
  const base = bases[0];
  if (bases.some((b) => b.table !== base.table)) return null;
  // The date the compiler buckets by: the asked one when reachable, else the measure's own.
  const asked = findTimeDimension(model, timeField);
  const own = base.time ? findTimeDimension(model, base.time) : null;
  const time = asked && getReachableTables(model, base.table).has(asked.table) ? asked : own;
  if (!time) return null;
  const firstDay: TAggregateMeasure = {
    kind: 'aggregate',
    name: FIRST_DAY_MEASURE,
    label: FIRST_DAY_KEY,
    synonyms: [],
    format: 'number',
    table: base.table,
    agg: 'min',
    expr: { table: time.table, col: time.column },
    ...(base.where ? { where: base.where } : {}),
    time: base.time,
    hidden: true,
  };
  return { ...model, measures: [...model.measures, firstDay] };
}

/**
 * The model a history of `points` complete buckets is fitted with: the grain's season when there
 * are two seasons of it, else Holt's linear trend (`wanted` says whether a season was possible).
 */
export function forecastModel(
  grain: TTimeGrain,
  points: number,
): { season: number | null; wanted: number | null } {
  const wanted = seasonLength(grain, points);
  return { season: wanted && points >= minimumHistory(wanted) ? wanted : null, wanted };
}

/**
 * The method's name in a language, as the card's notes give it. A forecast card's history rows
 * are the fitted buckets, so a reader of the card (the reports) names the method from their count.
 */
export function forecastMethod(grain: TTimeGrain, points: number, language?: TLanguageCode): string {
  const { season, wanted } = forecastModel(grain, points);
  return getCardWords(language).forecast.method(season, wanted !== null);
}

/** The history query: the measure at the grain over the asked range, without any breakdown. */
export function planForecast(
  query: TSemanticQuery,
  model: TSemanticModel,
  options: TCompileOptions & { language?: TLanguageCode },
): TCompiledQuery {
  const time = query.timeDimension;
  if (!time) {
    const words = getCardWords(options.language);
    throw new ModelError(words.forecast.noDate(words.field(getMeasure(model, query.measures[0]).label)));
  }
  const extended = withFirstDay(model, query.measures[0], time.field);
  return compileQuery(
    {
      measures: extended ? [query.measures[0], FIRST_DAY_MEASURE] : [query.measures[0]],
      dimensions: [],
      timeDimension: { field: time.field, grain: time.grain ?? DEFAULT_FORECAST_GRAIN, range: time.range },
      filters: query.filters,
    },
    extended ?? model,
    options,
  );
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

/**
 * The calendar quarter or year the future buckets exactly cover ("next quarter" asked in
 * November is Jan–Mar: Q1 2027), so the title says what was asked rather than "next 3 months".
 */
export function calendarSpan(future: string[], grain: TTimeGrain): TCalendarSpan | null {
  if (future.length === 0) return null;
  const year = Number(future[0].slice(0, 4));
  const month = Number(future[0].slice(5, 7));
  const startsYear = month === 1 && future[0].endsWith('-01');
  if ((grain === 'month' && future.length === 12) || (grain === 'quarter' && future.length === 4)) {
    return startsYear ? { kind: 'year', year } : null;
  }
  if (grain === 'month' && future.length === 3 && month % 3 === 1) {
    return { kind: 'quarter', quarter: (month + 2) / 3, year };
  }
  if (grain === 'quarter' && future.length === 1) return { kind: 'quarter', quarter: (month + 2) / 3, year };
  if (grain === 'year' && future.length === 1) return { kind: 'year', year };
  return null;
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
  /** The card's language; English by default. */
  language?: TLanguageCode;
}

/** A forecast card, or a reason (shown like a question back) when there is too little history. */
export type TForecastAnswer = TKindAnswer;

/** Fits the history and builds the forecast card. */
export function buildForecastAnswer(input: TForecastInput): TForecastAnswer {
  const { query, model, compiled, today, weekStart } = input;
  const horizon = query.analysis?.kind === 'forecast' ? query.analysis.horizon : 1;
  const skip = query.analysis?.kind === 'forecast' ? (query.analysis.skip ?? 0) : 0;
  const grain = query.timeDimension?.grain ?? DEFAULT_FORECAST_GRAIN;
  const m = getMeasure(model, query.measures[0]);
  // Row keys are the model's labels; what users read is in the card's language.
  const label = m.label;
  const words = getCardWords(input.language);
  const w = words.forecast;
  const shown = words.field(label);
  const timeKey = getGrainLabel(grain);
  const format = textFormat(input.locale);
  const fmt = (v: number): string => formatValue(v, m.format, format);
  const bucket = (d: string): string => formatDate(d, format.locale, grain);
  const summable = m.kind === 'aggregate' && ['sum', 'count', 'count_distinct'].includes(m.agg);

  const read = readHistory(
    input.rows,
    { time: timeKey, value: label },
    grain,
    compiled.range,
    today,
    summable,
  );
  const { history } = read;
  const { season, wanted } = forecastModel(grain, history.length);
  if (history.length < minimumHistory(season)) {
    return {
      kind: 'refuse',
      text: w.tooLittle(
        escapeHtml(shown),
        history.length,
        grain,
        minimumHistory(null),
        wanted ? minimumHistory(wanted) : null,
      ),
    };
  }

  const future = futureBuckets(today, grain, skip + horizon, weekStart).slice(skip);
  const lastAt = history[history.length - 1].at;
  const { fit, steps, points } = projectFuture(history, future, grain, season, summable);
  const table = forecastTable(history, future, points, timeKey, label);
  const columns = forecastColumns(m, timeKey, label, shown, words);

  const first = points[0];
  const last = points[points.length - 1];
  const headline = w.headline({
    labelEsc: escapeHtml(shown),
    firstHtml: escapeHtml(fmt(first.value)),
    firstBucketHtml: escapeHtml(bucket(future[0])),
    lowEsc: escapeHtml(fmt(first.low)),
    highEsc: escapeHtml(fmt(first.high)),
    last:
      future.length > 1
        ? {
            valueHtml: escapeHtml(fmt(last.value)),
            bucketHtml: escapeHtml(bucket(future[future.length - 1])),
          }
        : null,
    sum:
      future.length > 1 && summable
        ? { valueHtml: escapeHtml(fmt(points.reduce((a, p) => a + p.value, 0))), n: future.length, grain }
        : null,
  });
  const notes = forecastNotes(input, grain, read, steps[0], bucket);
  const understood = w.understood(
    escapeHtml(words.describe({ ...query, analysis: undefined, compare: undefined }, model)),
    horizon,
    grain,
  );

  const asked = calendarSpan(future, grain);
  const trend = fit.trend * (season ?? 1);
  const insights = [
    w.insight(
      escapeHtml(shown),
      trend,
      escapeHtml(fmt(Math.abs(fit.trend))),
      grain,
      escapeHtml(fmt(fit.level)),
      escapeHtml(bucket(lastAt)),
    ),
  ];

  return {
    kind: 'card',
    card: {
      kind: 'forecast',
      title: asked ? w.calendarTitle(shown, asked) : w.title(shown, horizon, grain),
      text: `<p>${headline}</p><p>${notes}</p><p>${understood}</p>`,
      date: input.readAt,
      table,
      columns,
      // History and forecast are separate series; low/high are the band's edges.
      chart: [
        {
          chart: { type: 'line' },
          x: timeKey,
          y: [label, forecastKey(label), forecastLowKey(label), forecastHighKey(label)],
        },
      ],
      insights,
      query: { sql: compiled.sql, semantic: query },
      period: {
        from: history[0].at,
        to: bucketEnd(future[future.length - 1], grain),
        label: asked ? w.calendarPeriod(asked) : w.period(horizon, grain),
        partial: false,
      },
    },
  };
}

/** History rows carry the measure, future rows the forecast and its band. */
function forecastTable(
  history: { at: string; value: number }[],
  future: string[],
  points: { value: number; low: number; high: number }[],
  timeKey: string,
  label: string,
): TCardRow[] {
  const fKey = forecastKey(label);
  const lowKey = forecastLowKey(label);
  const highKey = forecastHighKey(label);
  return [
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
}

function forecastColumns(
  m: TMeasure,
  timeKey: string,
  label: string,
  shown: string,
  words: TCardWords,
): TCardColumn[] {
  return [
    { key: timeKey, label: words.field(timeKey), kind: 'time', format: 'date' },
    { key: label, label: shown, kind: 'measure', format: m.format },
    { key: forecastKey(label), label: words.columns.forecast(shown), kind: 'measure', format: m.format },
    {
      key: forecastLowKey(label),
      label: words.columns.forecastLow(shown),
      kind: 'measure',
      format: m.format,
    },
    {
      key: forecastHighKey(label),
      label: words.columns.forecastHigh(shown),
      kind: 'measure',
      format: m.format,
    },
  ];
}

/** The method, the history it was fitted on, and which buckets were left out and why. */
function forecastNotes(
  input: TForecastInput,
  grain: TTimeGrain,
  read: ReturnType<typeof readHistory>,
  firstStep: number,
  bucket: (d: string) => string,
): string {
  const { today, weekStart } = input;
  const { history, dropped, partialStart, startsAt } = read;
  const w = getCardWords(input.language).forecast;
  const method = forecastMethod(grain, history.length, input.language);
  const span = `${bucket(history[0].at)} – ${bucket(history[history.length - 1].at)}`;
  let notes = w.notes(escapeHtml(method), history.length, grain, escapeHtml(span));
  const running = startOfUnit(today, grain, weekStart);
  if (dropped.includes(running)) notes += w.running(grain, escapeHtml(bucket(running)));
  else if (firstStep > 1) notes += w.startsAfter(grain, escapeHtml(bucket(running)));
  if (partialStart && startsAt) {
    notes += w.partialStart(
      grain,
      escapeHtml(bucket(partialStart)),
      escapeHtml(formatDate(startsAt, textFormat(input.locale).locale)),
    );
  }
  const cut = dropped.filter((d) => d !== running && d !== partialStart);
  if (cut.length > 0) notes += w.cut(cut.length, grain, cut.map((d) => escapeHtml(bucket(d))).join(', '));
  return notes;
}
