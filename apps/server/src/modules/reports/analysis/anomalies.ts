/**
 * Section 4, anomalies of the daily series: robust (median and MAD around each weekday's median).
 * The daily series is asked once here; the calendar section reads it too.
 */
import type { TCard } from '@parley/contract';
import { formatChange, formatDate } from '@parley/presenter';
import { median, medianAbsoluteDeviation } from 'simple-statistics';
import { chartOf, day, num, type ReportSection, round, type SectionContext, weekday } from './document';

/** Robust z-score beyond which a day is an anomaly (Iglewicz & Hoaglin's 3.5). */
export const ANOMALY_Z = 3.5;
/** Days of history the anomaly and calendar sections need. */
export const MIN_DAILY_HISTORY = 28;
/** Anomalies listed at most. */
const MAX_ANOMALIES = 8;

export interface Anomaly {
  date: string;
  value: number;
  expected: number;
  z: number;
}

/** The primary measure per day over the period: the card, and its points with a value. */
export interface DailySeries {
  card: TCard | null;
  series: { date: string; value: number }[];
}

/**
 * Days far from what their weekday usually is: residual = value − that weekday's median, scored
 * by the residuals' MAD (robust z = 0.6745·r / MAD). A flat series (MAD 0) has no anomalies.
 */
export function findAnomalies(series: { date: string; value: number }[]): Anomaly[] {
  const byWeekday = new Map<number, number[]>();
  for (const p of series) {
    const wd = weekday(p.date);
    byWeekday.set(wd, [...(byWeekday.get(wd) ?? []), p.value]);
  }
  const expected = new Map([...byWeekday].map(([wd, values]) => [wd, median(values)]));
  const residuals = series.map((p) => p.value - expected.get(weekday(p.date))!);
  const mad = medianAbsoluteDeviation(residuals);
  if (mad === 0) return [];
  const center = median(residuals);
  return series
    .map((p, i) => ({
      date: p.date,
      value: p.value,
      expected: expected.get(weekday(p.date))!,
      z: (0.6745 * (residuals[i]! - center)) / mad,
    }))
    .filter((a) => Math.abs(a.z) > ANOMALY_Z)
    .sort((a, b) => Math.abs(b.z) - Math.abs(a.z));
}

/** Asks the primary measure per day over the period. */
export async function dailySeries(ctx: SectionContext): Promise<DailySeries> {
  const daily = await ctx.ask({
    measures: [ctx.primary.name],
    dimensions: [],
    timeDimension: { field: ctx.time, grain: 'day', range: ctx.lastMonths },
    filters: [],
    chart: 'line',
  });
  const series = (daily.card?.table ?? [])
    .map((r) => ({ date: day(r[daily.card!.columns[0]!.key]), value: num(r[ctx.label]) }))
    .filter((p): p is { date: string; value: number } => p.value !== null);
  return { card: daily.card, series };
}

export function anomaliesSection(ctx: SectionContext, daily: DailySeries): ReportSection {
  const { t, locale, primary, shown, fmt } = ctx;
  const { series } = daily;
  const section: ReportSection = { id: 'anomalies', heading: t.anomalies.heading, paragraphs: [] };
  if (series.length < MIN_DAILY_HISTORY) {
    section.unsupported = t.anomalies.tooShort(series.length, MIN_DAILY_HISTORY);
    return section;
  }
  const anomalies = findAnomalies(series);
  ctx.facts.anomalies = anomalies
    .slice(0, MAX_ANOMALIES)
    .map((a) => ({ date: a.date, value: round(a.value), expected: round(a.expected), z: round(a.z, 1) }));
  section.paragraphs.push(t.anomalies.lead(series.length, anomalies.length, shown));
  ctx.summary.push(
    t.lines.anomalies(anomalies.length, anomalies[0] ? formatDate(anomalies[0].date, locale) : null),
  );
  if (anomalies.length) {
    section.table = {
      columns: [t.anomalies.date, shown, t.anomalies.expected, t.anomalies.deviation],
      numeric: [false, true, true, true],
      rows: anomalies
        .slice(0, MAX_ANOMALIES)
        .map((a) => [
          formatDate(a.date, locale),
          fmt(primary, a.value),
          fmt(primary, a.expected),
          formatChange(
            a.expected === 0 ? null : ((a.value - a.expected) / Math.abs(a.expected)) * 100,
            locale,
          ),
        ]),
    };
  }
  section.chart = chartOf(daily.card!, locale, t);
  return section;
}
