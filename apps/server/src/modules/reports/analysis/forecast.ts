/** Section 5, the outlook: a seasonal forecast of the next period (the engine's Holt-Winters). */
import { REPORT_FREQUENCY_MONTHS } from '@parley/contract';
import {
  addDays,
  addMonths,
  forecastHighKey,
  forecastKey,
  forecastLowKey,
  forecastMethod,
} from '@parley/engine';
import { formatDate, formatDateRange } from '@parley/presenter';
import { chartOf, day, num, type ReportSection, round, type SectionContext } from './document';

/** Months of history the forecast is fitted on. */
export const FORECAST_HISTORY_MONTHS = 24;

export async function forecastSection(ctx: SectionContext): Promise<ReportSection> {
  const { t, locale, label, primary, shown, fmt } = ctx;
  const horizon = REPORT_FREQUENCY_MONTHS[ctx.input.frequency];
  const forecast = await ctx.ask({
    measures: [primary.name],
    dimensions: [],
    // Two years: two seasons for Holt-Winters, and no half month where the data begins.
    timeDimension: {
      field: ctx.time,
      grain: 'month',
      range: { kind: 'last', unit: 'month', n: FORECAST_HISTORY_MONTHS },
    },
    filters: [],
    analysis: { kind: 'forecast', horizon },
  });
  const section: ReportSection = { id: 'forecast', heading: t.forecast.heading, paragraphs: [] };
  const future = (forecast.card?.table ?? []).filter((r) => num(r[forecastKey(label)]) !== null);
  if (!forecast.card || future.length === 0) {
    section.unsupported = forecast.text ?? t.forecast.none;
    return section;
  }
  // The card's history rows are the buckets the model was fitted on: they name its method.
  const fitted = forecast.card.table.filter((r) => num(r[label]) !== null).length;
  const method = forecastMethod('month', fitted, ctx.catalogue.language);
  const points = future.map((r) => ({
    at: day(r[forecast.card!.columns[0]!.key]),
    value: num(r[forecastKey(label)])!,
    low: num(r[forecastLowKey(label)])!,
    high: num(r[forecastHighKey(label)])!,
  }));
  ctx.facts.forecast = {
    method,
    points: points.map((p) => ({
      at: p.at,
      value: round(p.value),
      low: round(p.low),
      high: round(p.high),
    })),
  };
  const total = points.reduce((a, p) => a + p.value, 0);
  const when =
    points.length === 1
      ? formatDate(points[0]!.at, locale, 'month')
      : formatDateRange(points[0]!.at, addDays(addMonths(points[points.length - 1]!.at, 1), -1), locale);
  section.paragraphs.push(t.forecast.lead(shown, when, fmt(primary, total), method));
  ctx.summary.push(t.lines.outlook(fmt(primary, total), when));
  section.table = {
    columns: [t.forecast.month, t.forecast.expected, t.forecast.low, t.forecast.high],
    numeric: [false, true, true, true],
    rows: points.map((p) => [
      formatDate(p.at, locale, 'month'),
      fmt(primary, p.value),
      fmt(primary, p.low),
      fmt(primary, p.high),
    ]),
  };
  section.chart = chartOf(forecast.card, locale, t);
  return section;
}
