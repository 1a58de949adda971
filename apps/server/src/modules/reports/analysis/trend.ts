/** Section 2, the trend: weekly over a 3-month period, monthly over longer ones (least squares). */
import { addDays } from '@parley/engine';
import { formatDate, formatShare } from '@parley/presenter';
import { linearRegression } from 'simple-statistics';
import { chartOf, day, num, type ReportSection, round, type SectionContext } from './document';

export async function trendSection(ctx: SectionContext): Promise<ReportSection> {
  const { t, locale, label, primary, shown, fmt, range } = ctx;
  const grain = ctx.input.reportingPeriod <= 3 ? 'week' : 'month';
  const trend = await ctx.ask({
    measures: [primary.name],
    dimensions: [],
    timeDimension: { field: ctx.time, grain, range: ctx.lastMonths },
    filters: [],
    chart: 'line',
  });
  const section: ReportSection = { id: 'trend', heading: t.trend.heading(shown), paragraphs: [] };
  const trendPoints = (trend.card?.table ?? [])
    .map((r) => ({ at: day(r[trend.card!.columns[0]!.key]), value: num(r[label]) }))
    .filter((p): p is { at: string; value: number } => p.value !== null)
    // Buckets the period cuts short (a week that began before it) would read as a slump.
    .filter((p) => p.at >= range.from && (grain === 'month' || addDays(p.at, 6) <= range.to));
  if (trendPoints.length < 3) {
    section.unsupported = t.trend.tooShort(trendPoints.length);
    return section;
  }
  const fit = linearRegression(trendPoints.map((p, i) => [i, p.value]));
  const mean = trendPoints.reduce((a, p) => a + p.value, 0) / trendPoints.length;
  const slopePct = mean === 0 ? 0 : (fit.m / mean) * 100;
  const best = trendPoints.reduce((a, p) => (p.value > a.value ? p : a));
  const worst = trendPoints.reduce((a, p) => (p.value < a.value ? p : a));
  ctx.facts.trend = {
    grain,
    points: trendPoints.length,
    slope_per_bucket: round(fit.m),
    slope_pct_of_mean: round(slopePct, 1),
    best: { at: best.at, value: round(best.value) },
    worst: { at: worst.at, value: round(worst.value) },
  };
  section.paragraphs.push(
    t.trend.lead(
      shown,
      grain,
      Math.abs(slopePct) < 0.5 ? 'flat' : slopePct > 0 ? 'up' : 'down',
      fmt(primary, Math.abs(fit.m)),
      formatShare(Math.abs(slopePct), locale),
    ),
    t.trend.extremes(
      grain,
      formatDate(best.at, locale, grain),
      fmt(primary, best.value),
      formatDate(worst.at, locale, grain),
      fmt(primary, worst.value),
    ),
  );
  // The chart shows the buckets the text read: the period's complete ones.
  const kept = new Set(trendPoints.map((p) => p.at));
  section.chart = chartOf(
    {
      ...trend.card!,
      table: trend.card!.table.filter((r) => kept.has(day(r[trend.card!.columns[0]!.key]))),
    },
    locale,
    t,
  );
  return section;
}
