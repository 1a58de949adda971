/**
 * What a report says, computed (issue 17): from the user's source over the reporting period, the
 * headline measures and their trend, what drove the change (the engine's drivers), anomalies of
 * the daily series (robust: median and MAD around each weekday's median), a seasonal forecast of
 * the next period (the engine's Holt-Winters), concentration (top values' share, HHI), and
 * calendar effects (public holidays of the locations of operation, `date-holidays`, offline).
 * Every query is an ordinary SemanticQuery answered by the AnswerService, so there is one SQL
 * generator; a section the data cannot support says why instead of being filled.
 */
import type {
  TCard,
  TCardRow,
  TOpportunityProfile,
  TReportFrequency,
  TReportName,
  TSemanticQuery,
  TStrategyProfile,
} from '@parley/contract';
import { REPORT_FREQUENCY_MONTHS } from '@parley/contract';
import {
  addDays,
  addMonths,
  changeKey,
  contributionKey,
  DRIVER_DIMENSION_KEY,
  DRIVER_VALUE_KEY,
  findMeasureTime,
  forecastHighKey,
  forecastKey,
  forecastLowKey,
  forecastMethod,
  getBaseMeasures,
  getCardWords,
  isDimensionAvailable,
  isDriversRestRow,
  previousKey,
  type TMeasure,
  type TSemanticModel,
} from '@parley/engine';
import {
  buildChartOption,
  type ChartOption,
  formatChange,
  formatDate,
  formatDateRange,
  formatNumber,
  formatShare,
} from '@parley/presenter';
import Holidays from 'date-holidays';
import { linearRegression, median, medianAbsoluteDeviation } from 'simple-statistics';
import type { AnswerService, AnswerSource } from '../answers/answers.service';
import { type ReportTexts, reportTexts } from './report-texts';

/** Robust z-score beyond which a day is an anomaly (Iglewicz & Hoaglin's 3.5). */
export const ANOMALY_Z = 3.5;
/** Days of history the anomaly and calendar sections need. */
export const MIN_DAILY_HISTORY = 28;
/** Months of history the forecast is fitted on. */
export const FORECAST_HISTORY_MONTHS = 24;
/** Values a breakdown needs before its concentration is read (HHI bands). */
const MIN_CONCENTRATION_VALUES = 10;
/** Anomalies listed at most. */
const MAX_ANOMALIES = 8;
/** Dimensions a concentration section looks at, in this order when the source has them. */
const CONCENTRATION_PREFERENCE = [
  'customer',
  'product',
  'country',
  'region',
  'category',
  'segment',
  'brand',
  'channel',
];
const CONCENTRATION_DIMENSIONS = 3;

/** A table of the document: header and formatted cells. */
export interface ReportTable {
  columns: string[];
  /** Which columns are numbers (right-aligned). */
  numeric: boolean[];
  rows: string[][];
}

/** One section of the document. `unsupported` replaces content the data cannot support. */
export interface ReportSection {
  id: string;
  heading: string;
  paragraphs: string[];
  table?: ReportTable;
  chart?: ChartOption;
  unsupported?: string;
}

export interface ReportDocument {
  title: string;
  subtitle: string;
  /** What the profile frames the report by (quoted back, not analysed). */
  framing: string[];
  sections: ReportSection[];
  /** The executive summary's template lines, one per section that had something to say. */
  summary: string[];
  /** Every number the text was written from: what an LLM may narrate. */
  facts: Record<string, unknown>;
}

export interface ReportInput {
  report: TReportName;
  profile: TStrategyProfile | TOpportunityProfile;
  frequency: TReportFrequency;
  reportingPeriod: number;
  /** The owner's date (their zone). */
  today: string;
  timezone: string | null;
  language: string;
}

/** Asks one SemanticQuery of the source: its card, or the text that says why there is none. */
type Ask = (query: TSemanticQuery) => Promise<{ card: TCard | null; text: string | null }>;

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};
const day = (v: unknown) => String(v).slice(0, 10);
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The report's period: the `months` full calendar months before the owner's current month. */
export function reportRange(today: string, months: number): { from: string; to: string } {
  const monthStart = `${today.slice(0, 7)}-01`;
  return { from: addMonths(monthStart, -months), to: addDays(monthStart, -1) };
}

/** The measure a report leads with: the first visible money measure, else the first visible one with a date. */
export function pickMeasures(model: TSemanticModel): { primary: TMeasure; headline: TMeasure[] } | null {
  const dated = model.measures.filter(
    (m) => !(m.kind === 'aggregate' && m.hidden) && findMeasureTime(model, m.name) !== null,
  );
  const primary = dated.find((m) => m.format === 'currency') ?? dated[0];
  if (!primary) return null;
  const time = findMeasureTime(model, primary.name)!.name;
  const headline = [
    primary,
    ...dated.filter((m) => m !== primary && findMeasureTime(model, m.name)?.name === time),
  ].slice(0, 4);
  return { primary, headline };
}

/** Dimensions the primary measure can be split by, preferred names first; not those its own condition reads. */
function concentrationDimensions(model: TSemanticModel, measure: TMeasure): string[] {
  const conditioned = new Set(
    getBaseMeasures(model, measure.name).flatMap((b) => (b.where ?? []).map((w) => w.column)),
  );
  const usable = model.dimensions.filter(
    (d) =>
      isDimensionAvailable(model, measure.name, d.name) && !d.sources.some((s) => conditioned.has(s.column)),
  );
  const rank = (name: string) => {
    const i = CONCENTRATION_PREFERENCE.findIndex((p) => name.toLowerCase().includes(p));
    return i === -1 ? CONCENTRATION_PREFERENCE.length : i;
  };
  return usable
    .map((d) => d.name)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, CONCENTRATION_DIMENSIONS);
}

/** Herfindahl–Hirschman index of shares in percent (0–10 000). */
export function hhi(shares: number[]): number {
  return shares.reduce((a, s) => a + s * s, 0);
}

export interface Anomaly {
  date: string;
  value: number;
  expected: number;
  z: number;
}

/**
 * Days far from what their weekday usually is: residual = value − that weekday's median, scored
 * by the residuals' MAD (robust z = 0.6745·r / MAD). A flat series (MAD 0) has no anomalies.
 */
export function findAnomalies(series: { date: string; value: number }[]): Anomaly[] {
  const byWeekday = new Map<number, number[]>();
  for (const p of series) {
    const wd = new Date(`${p.date}T00:00:00Z`).getUTCDay();
    byWeekday.set(wd, [...(byWeekday.get(wd) ?? []), p.value]);
  }
  const expected = new Map([...byWeekday].map(([wd, values]) => [wd, median(values)]));
  const residuals = series.map((p) => p.value - expected.get(new Date(`${p.date}T00:00:00Z`).getUTCDay())!);
  const mad = medianAbsoluteDeviation(residuals);
  if (mad === 0) return [];
  const center = median(residuals);
  return series
    .map((p, i) => ({
      date: p.date,
      value: p.value,
      expected: expected.get(new Date(`${p.date}T00:00:00Z`).getUTCDay())!,
      z: (0.6745 * (residuals[i]! - center)) / mad,
    }))
    .filter((a) => Math.abs(a.z) > ANOMALY_Z)
    .sort((a, b) => Math.abs(b.z) - Math.abs(a.z));
}

/** Public holidays of the countries between two dates: date → holiday names with their country. */
export function publicHolidays(
  countries: string[],
  from: string,
  to: string,
  language: string,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const years = new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))]);
  for (const country of countries) {
    // An unknown country code yields no holidays.
    const hd = new Holidays(country, { languages: [language === 'tr' ? 'tr' : 'en'], types: ['public'] });
    for (const year of years) {
      for (const h of hd.getHolidays(year) ?? []) {
        const date = h.date.slice(0, 10);
        if (h.type !== 'public' || date < from || date > to) continue;
        out.set(date, [...(out.get(date) ?? []), `${h.name} (${country})`]);
      }
    }
  }
  return out;
}

/** Builds the report document from the source. */
export async function analyseReport(
  answers: AnswerService,
  source: AnswerSource,
  input: ReportInput,
): Promise<ReportDocument> {
  const locale = input.language;
  const t = reportTexts(locale);
  // Measures and dimensions are named in the report's language, as the cards name them.
  const language = locale === 'tr' ? 'tr' : 'en';
  const words = getCardWords(language);
  const ask: Ask = async (query) => {
    const result = await answers.answerQuery(source, query, '', {
      timezone: input.timezone,
      language: locale,
    });
    const r = result.responses[0];
    return { card: r?.card ?? null, text: r?.text ? stripTags(r.text) : null };
  };
  const range = reportRange(input.today, input.reportingPeriod);
  const previous = reportRange(range.from, input.reportingPeriod);
  const periodText = formatDateRange(range.from, range.to, locale);
  const facts: Record<string, unknown> = {
    period: { from: range.from, to: range.to, months: input.reportingPeriod },
    previous_period: previous,
  };
  const doc: ReportDocument = {
    title: t.title[input.report],
    subtitle: t.subtitle(input.profile.business_name, periodText),
    framing: framing(input, t),
    sections: [],
    summary: [],
    facts,
  };
  const measures = pickMeasures(source.model);
  if (!measures) {
    doc.sections.push({
      id: 'headline',
      heading: t.headline.heading,
      paragraphs: [],
      unsupported: t.noMeasures,
    });
    return doc;
  }
  const { primary, headline } = measures;
  const time = findMeasureTime(source.model, primary.name)!.name;
  const lastMonths = { kind: 'last', unit: 'month', n: input.reportingPeriod } as const;
  const fmt = (m: Pick<TMeasure, 'format'>, v: number) =>
    formatNumber(v, m.format, { locale, compact: false });
  // Row keys are the model's labels; what the reader sees is `shown`.
  const label = primary.label;
  const shown = words.field(label);

  // 1. Headline measures, this period against the one before.
  const head = await ask({
    measures: headline.map((m) => m.name),
    dimensions: [],
    timeDimension: { field: time, range: lastMonths },
    compare: 'previous_period',
    filters: [],
  });
  const headRow = head.card?.table[0];
  const rawChange = new Map<string, number | null>();
  const headFacts: Record<
    string,
    { value: number | null; previous: number | null; change_pct: number | null }
  > = {};
  const headSection: ReportSection = { id: 'headline', heading: t.headline.heading, paragraphs: [] };
  if (!headRow || headline.every((m) => num(headRow[m.label]) === null || num(headRow[m.label]) === 0)) {
    headSection.unsupported = t.headline.empty(periodText);
  } else {
    const rows: string[][] = [];
    for (const m of headline) {
      const value = num(headRow[m.label]);
      const prev = num(headRow[previousKey(m.label)]);
      const change = num(headRow[changeKey(m.label)]);
      headFacts[m.label] = {
        value: value === null ? null : round(value),
        previous: prev === null ? null : round(prev),
        change_pct: change === null ? null : round(change, 1),
      };
      rawChange.set(m.label, change);
      rows.push([
        words.field(m.label),
        value === null ? '–' : fmt(m, value),
        prev === null ? '–' : fmt(m, prev),
        formatChange(change, locale),
      ]);
    }
    headSection.table = {
      columns: [
        t.headline.measure,
        periodText,
        formatDateRange(previous.from, previous.to, locale),
        t.headline.change,
      ],
      numeric: [false, true, true, true],
      rows,
    };
    const p = headFacts[label];
    if (p?.value !== null && p !== undefined)
      headSection.paragraphs.push(
        t.headline.lead(
          shown,
          fmt(primary, p.value!),
          periodText,
          p.change_pct === null ? null : formatChange(rawChange.get(label), locale),
          p.previous === null ? '–' : fmt(primary, p.previous),
        ),
      );
    if (p?.value !== null && p !== undefined)
      doc.summary.push(
        t.lines.growth(
          shown,
          fmt(primary, p.value!),
          periodText,
          p.change_pct === null ? null : formatChange(rawChange.get(label), locale),
        ),
      );
    const others = headline
      .slice(1)
      .filter((m) => headFacts[m.label]?.change_pct !== null && headFacts[m.label] !== undefined);
    if (others.length)
      headSection.paragraphs.push(
        t.headline.others(
          others.map((m) => `${words.field(m.label)} ${formatChange(rawChange.get(m.label), locale)}`),
        ),
      );
  }
  facts.headline = headFacts;
  doc.sections.push(headSection);

  // 2. Trend: weekly over a 3-month period, monthly over longer ones.
  const grain = input.reportingPeriod <= 3 ? 'week' : 'month';
  const trend = await ask({
    measures: [primary.name],
    dimensions: [],
    timeDimension: { field: time, grain, range: lastMonths },
    filters: [],
    chart: 'line',
  });
  const trendSection: ReportSection = { id: 'trend', heading: t.trend.heading(shown), paragraphs: [] };
  const trendPoints = (trend.card?.table ?? [])
    .map((r) => ({ at: day(r[trend.card!.columns[0]!.key]), value: num(r[label]) }))
    .filter((p): p is { at: string; value: number } => p.value !== null)
    // Buckets the period cuts short (a week that began before it) would read as a slump.
    .filter((p) => p.at >= range.from && (grain === 'month' || addDays(p.at, 6) <= range.to));
  if (trendPoints.length < 3) {
    trendSection.unsupported = t.trend.tooShort(trendPoints.length);
  } else {
    const fit = linearRegression(trendPoints.map((p, i) => [i, p.value]));
    const mean = trendPoints.reduce((a, p) => a + p.value, 0) / trendPoints.length;
    const slopePct = mean === 0 ? 0 : (fit.m / mean) * 100;
    const best = trendPoints.reduce((a, p) => (p.value > a.value ? p : a));
    const worst = trendPoints.reduce((a, p) => (p.value < a.value ? p : a));
    facts.trend = {
      grain,
      points: trendPoints.length,
      slope_per_bucket: round(fit.m),
      slope_pct_of_mean: round(slopePct, 1),
      best: { at: best.at, value: round(best.value) },
      worst: { at: worst.at, value: round(worst.value) },
    };
    trendSection.paragraphs.push(
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
    trendSection.chart = chartOf(
      {
        ...trend.card!,
        table: trend.card!.table.filter((r) => kept.has(day(r[trend.card!.columns[0]!.key]))),
      },
      locale,
      t,
    );
  }
  doc.sections.push(trendSection);

  // 3. What changed and what drove it.
  const drivers = await ask({
    measures: [primary.name],
    dimensions: [],
    timeDimension: { field: time, range: lastMonths },
    compare: 'previous_period',
    filters: [],
    analysis: { kind: 'drivers' },
  });
  const driverSection: ReportSection = { id: 'drivers', heading: t.drivers.heading, paragraphs: [] };
  const contribution = contributionKey(label);
  const table = drivers.card?.table ?? [];
  // Per breakdown, the value whose share of the change is furthest from its share of the business
  // before: what over- or under-delivered, not merely what is big.
  const picks: { row: TCardRow; base: number; share: number; excess: number }[] = [];
  for (const dimension of [...new Set(table.map((r) => String(r[DRIVER_DIMENSION_KEY])))]) {
    const rows = table.filter((r) => String(r[DRIVER_DIMENSION_KEY]) === dimension);
    const before = rows.reduce((a, r) => a + (num(r[previousKey(label)]) ?? 0), 0);
    const scored = rows
      .filter((r) => !isDriversRestRow(r) && num(r[contribution]) !== null && before > 0)
      .map((r) => {
        const base = ((num(r[previousKey(label)]) ?? 0) / before) * 100;
        const share = num(r[contribution])!;
        return { row: r, base, share, excess: share - base };
      })
      .sort((a, b) => Math.abs(b.excess) - Math.abs(a.excess));
    if (scored[0]) picks.push(scored[0]);
  }
  picks.sort((a, b) => Math.abs(b.excess) - Math.abs(a.excess));
  if (!drivers.card || picks.length === 0) {
    driverSection.unsupported = drivers.text ?? t.drivers.none;
  } else {
    const top = picks.slice(0, 6);
    facts.drivers = top.map((p) => ({
      dimension: p.row[DRIVER_DIMENSION_KEY],
      value: p.row[DRIVER_VALUE_KEY],
      current: round(num(p.row[label]) ?? 0),
      previous: round(num(p.row[previousKey(label)]) ?? 0),
      change_pct: round(num(p.row[changeKey(label)]) ?? 0, 1),
      share_of_previous_pct: round(p.base, 1),
      share_of_change_pct: round(p.share, 1),
    }));
    const lead = top[0]!;
    driverSection.paragraphs.push(
      t.drivers.lead(
        shown,
        String(lead.row[DRIVER_DIMENSION_KEY]),
        String(lead.row[DRIVER_VALUE_KEY]),
        formatShare(lead.base, locale),
        formatShare(lead.share, locale),
        formatChange(num(lead.row[changeKey(label)]), locale),
        formatChange(rawChange.get(label), locale),
      ),
    );
    doc.summary.push(
      t.lines.driver(
        String(lead.row[DRIVER_VALUE_KEY]),
        String(lead.row[DRIVER_DIMENSION_KEY]),
        formatShare(lead.share, locale),
        formatShare(lead.base, locale),
        lead.excess > 0,
      ),
    );
    if (top.length > 1)
      driverSection.paragraphs.push(
        t.drivers.others(
          top
            .slice(1, 4)
            .map((p) =>
              t.drivers.item(
                String(p.row[DRIVER_DIMENSION_KEY]),
                String(p.row[DRIVER_VALUE_KEY]),
                formatShare(p.base, locale),
                formatShare(p.share, locale),
              ),
            ),
        ),
      );
    driverSection.table = {
      columns: [
        t.drivers.dimension,
        t.drivers.value,
        periodText,
        t.drivers.change,
        t.drivers.base,
        t.drivers.share,
      ],
      numeric: [false, false, true, true, true, true],
      rows: top.map((p) => [
        String(p.row[DRIVER_DIMENSION_KEY]),
        String(p.row[DRIVER_VALUE_KEY]),
        fmt(primary, num(p.row[label]) ?? 0),
        formatChange(num(p.row[changeKey(label)]), locale),
        formatShare(p.base, locale),
        formatShare(p.share, locale),
      ]),
    };
  }
  doc.sections.push(driverSection);

  // 4. Anomalies of the daily series; 6. calendar effects read the same series.
  const daily = await ask({
    measures: [primary.name],
    dimensions: [],
    timeDimension: { field: time, grain: 'day', range: lastMonths },
    filters: [],
    chart: 'line',
  });
  const series = (daily.card?.table ?? [])
    .map((r) => ({ date: day(r[daily.card!.columns[0]!.key]), value: num(r[label]) }))
    .filter((p): p is { date: string; value: number } => p.value !== null);
  const anomalySection: ReportSection = { id: 'anomalies', heading: t.anomalies.heading, paragraphs: [] };
  if (series.length < MIN_DAILY_HISTORY) {
    anomalySection.unsupported = t.anomalies.tooShort(series.length, MIN_DAILY_HISTORY);
  } else {
    const anomalies = findAnomalies(series);
    facts.anomalies = anomalies
      .slice(0, MAX_ANOMALIES)
      .map((a) => ({ date: a.date, value: round(a.value), expected: round(a.expected), z: round(a.z, 1) }));
    anomalySection.paragraphs.push(t.anomalies.lead(series.length, anomalies.length, shown));
    doc.summary.push(
      t.lines.anomalies(anomalies.length, anomalies[0] ? formatDate(anomalies[0].date, locale) : null),
    );
    if (anomalies.length) {
      anomalySection.table = {
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
    anomalySection.chart = chartOf(daily.card!, locale, t);
  }
  doc.sections.push(anomalySection);

  // 5. Seasonal forecast of the next period.
  const horizon = REPORT_FREQUENCY_MONTHS[input.frequency];
  const forecast = await ask({
    measures: [primary.name],
    dimensions: [],
    // Two years: two seasons for Holt-Winters, and no half month where the data begins.
    timeDimension: {
      field: time,
      grain: 'month',
      range: { kind: 'last', unit: 'month', n: FORECAST_HISTORY_MONTHS },
    },
    filters: [],
    analysis: { kind: 'forecast', horizon },
  });
  const forecastSection: ReportSection = { id: 'forecast', heading: t.forecast.heading, paragraphs: [] };
  const future = (forecast.card?.table ?? []).filter((r) => num(r[forecastKey(label)]) !== null);
  if (!forecast.card || future.length === 0) {
    forecastSection.unsupported = forecast.text ?? t.forecast.none;
  } else {
    // The card's history rows are the buckets the model was fitted on: they name its method.
    const fitted = forecast.card.table.filter((r) => num(r[label]) !== null).length;
    const method = forecastMethod('month', fitted, language);
    const points = future.map((r) => ({
      at: day(r[forecast.card!.columns[0]!.key]),
      value: num(r[forecastKey(label)])!,
      low: num(r[forecastLowKey(label)])!,
      high: num(r[forecastHighKey(label)])!,
    }));
    facts.forecast = {
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
    forecastSection.paragraphs.push(t.forecast.lead(shown, when, fmt(primary, total), method));
    doc.summary.push(t.lines.outlook(fmt(primary, total), when));
    forecastSection.table = {
      columns: [t.forecast.month, t.forecast.expected, t.forecast.low, t.forecast.high],
      numeric: [false, true, true, true],
      rows: points.map((p) => [
        formatDate(p.at, locale, 'month'),
        fmt(primary, p.value),
        fmt(primary, p.low),
        fmt(primary, p.high),
      ]),
    };
    forecastSection.chart = chartOf(forecast.card, locale, t);
  }
  doc.sections.push(forecastSection);

  // 6. Concentration: the top values' share of the primary measure.
  const concentrationSection: ReportSection = {
    id: 'concentration',
    heading: t.concentration.heading(shown),
    paragraphs: [],
  };
  const dims = concentrationDimensions(source.model, primary);
  const concentration: Record<string, unknown>[] = [];
  const concRows: string[][] = [];
  let firstCard: TCard | null = null;
  for (const dim of dims) {
    const split = await ask({
      measures: [primary.name],
      dimensions: [dim],
      timeDimension: { field: time, range: lastMonths },
      filters: [],
      order: { field: primary.name, dir: 'desc' },
    });
    const card = split.card;
    if (!card || card.table.length < 2) continue;
    const dimLabel = card.columns[0]!.label;
    const values = card.table
      .map((r) => ({ name: String(r[card.columns[0]!.key]), value: num(r[label]) ?? 0 }))
      .filter((v) => v.value > 0);
    const total = values.reduce((a, v) => a + v.value, 0);
    if (total <= 0) continue;
    const shares = values.map((v) => (v.value / total) * 100).sort((a, b) => b - a);
    const top5 = shares.slice(0, 5).reduce((a, s) => a + s, 0);
    const index = hhi(shares);
    concentration.push({
      dimension: dimLabel,
      values: values.length,
      top: { name: values[0]!.name, share_pct: round(shares[0]!, 1) },
      top5_share_pct: round(top5, 1),
      hhi: Math.round(index),
    });
    concRows.push([
      dimLabel,
      String(values.length),
      `${values[0]!.name} (${formatShare(shares[0], locale)})`,
      formatShare(top5, locale),
      formatNumber(Math.round(index), 'number', { locale }),
      // With a handful of values (3 regions) any split looks concentrated: no reading then.
      values.length >= MIN_CONCENTRATION_VALUES ? t.concentration.level(index) : t.concentration.fewValues,
    ]);
    firstCard ??= {
      ...card,
      table: card.table.slice(0, 12),
      chart: [{ chart: { type: 'bar' }, x: card.columns[0]!.key, y: [label] }],
    };
  }
  if (concentration.length === 0) {
    concentrationSection.unsupported = t.concentration.none;
  } else {
    facts.concentration = concentration;
    const c = concentration[0] as {
      dimension: string;
      top5_share_pct: number;
      top: { name: string; share_pct: number };
      values: number;
    };
    concentrationSection.paragraphs.push(
      t.concentration.lead(
        shown,
        c.dimension,
        c.values,
        formatShare(c.top5_share_pct, locale),
        c.top.name,
        formatShare(c.top.share_pct, locale),
      ),
    );
    // The summary names the most concentrated breakdown when it is at least moderately so.
    const most = (
      concentration as {
        dimension: string;
        values: number;
        hhi: number;
        top: { name: string; share_pct: number };
      }[]
    )
      .filter((c) => c.values >= MIN_CONCENTRATION_VALUES)
      .sort((a, b) => b.hhi - a.hhi)[0];
    if (most && most.hhi >= 1500)
      doc.summary.push(
        t.lines.concentration(
          shown,
          most.dimension,
          t.concentration.level(most.hhi),
          most.top.name,
          formatShare(most.top.share_pct, locale),
        ),
      );
    concentrationSection.table = {
      columns: [
        t.concentration.dimension,
        t.concentration.count,
        t.concentration.top,
        t.concentration.top5,
        'HHI',
        t.concentration.levelHeading,
      ],
      numeric: [false, true, false, true, true, false],
      rows: concRows,
    };
    if (firstCard) concentrationSection.chart = chartOf(firstCard, locale, t);
  }
  doc.sections.push(concentrationSection);

  // 7. Calendar effects: public holidays of the locations of operation.
  const calendarSection: ReportSection = { id: 'calendar', heading: t.calendar.heading, paragraphs: [] };
  const countries = input.profile.locations_of_operation;
  const holidays = publicHolidays(countries, range.from, range.to, locale);
  if (series.length < MIN_DAILY_HISTORY) {
    calendarSection.unsupported = t.anomalies.tooShort(series.length, MIN_DAILY_HISTORY);
  } else if (holidays.size === 0) {
    calendarSection.unsupported = t.calendar.noHolidays(countries.join(', '), periodText);
  } else {
    const normal = series.filter((p) => !holidays.has(p.date));
    const byWeekday = new Map<number, number[]>();
    for (const p of normal) {
      const wd = new Date(`${p.date}T00:00:00Z`).getUTCDay();
      byWeekday.set(wd, [...(byWeekday.get(wd) ?? []), p.value]);
    }
    const effects = series
      .filter((p) => holidays.has(p.date))
      .map((p) => {
        const typical = median(byWeekday.get(new Date(`${p.date}T00:00:00Z`).getUTCDay()) ?? [p.value]);
        return {
          date: p.date,
          names: holidays.get(p.date)!,
          value: p.value,
          typical,
          effect: typical === 0 ? 0 : ((p.value - typical) / typical) * 100,
        };
      });
    if (effects.length === 0) {
      calendarSection.unsupported = t.calendar.noData;
    } else {
      const meanEffect = effects.reduce((a, e) => a + e.effect, 0) / effects.length;
      facts.calendar = {
        countries,
        holidays: effects.map((e) => ({
          date: e.date,
          value: round(e.value),
          typical: round(e.typical),
          effect_pct: round(e.effect, 1),
        })),
        mean_effect_pct: round(meanEffect, 1),
      };
      calendarSection.paragraphs.push(
        t.calendar.lead(effects.length, countries.join(', '), formatChange(meanEffect, locale), shown),
      );
      calendarSection.table = {
        columns: [t.anomalies.date, t.calendar.holiday, shown, t.calendar.typical, t.anomalies.deviation],
        numeric: [false, false, true, true, true],
        rows: effects
          .slice(0, 12)
          .map((e) => [
            formatDate(e.date, locale),
            e.names.join('; '),
            fmt(primary, e.value),
            fmt(primary, e.typical),
            formatChange(e.effect, locale),
          ]),
      };
    }
  }
  doc.sections.push(calendarSection);

  // The profile's own terms against the data: target clients that are values of a dimension.
  const targets = await targetClientShares(
    input.profile.target_client_names,
    source.model,
    primary,
    ask,
    lastMonths,
    time,
  );
  if (targets.length) {
    facts.target_clients = targets.map((x) => ({
      name: x.name,
      dimension: x.dimension,
      value: round(x.value),
    }));
    doc.sections.push({
      id: 'targets',
      heading: t.targets.heading,
      paragraphs: [t.targets.lead(shown)],
      table: {
        columns: [t.targets.client, t.concentration.dimension, shown],
        numeric: [false, false, true],
        rows: targets.map((x) => [x.name, words.field(x.dimension), fmt(primary, x.value)]),
      },
    });
  } else {
    doc.sections.push({
      id: 'targets',
      heading: t.targets.heading,
      paragraphs: [],
      unsupported: t.targets.none(input.profile.target_client_names.join(', ')),
    });
  }
  return doc;
}

/** The target client names found among a dimension's values, with the primary measure over the period. */
async function targetClientShares(
  names: string[],
  model: TSemanticModel,
  primary: TMeasure,
  ask: Ask,
  range: TSemanticQuery['timeDimension'] extends infer R ? (R extends { range: infer X } ? X : never) : never,
  time: string,
): Promise<{ name: string; dimension: string; value: number }[]> {
  const out: { name: string; dimension: string; value: number }[] = [];
  for (const name of names) {
    const wanted = name.trim().toLocaleLowerCase();
    const dim = model.dimensions.find(
      (d) =>
        isDimensionAvailable(model, primary.name, d.name) &&
        d.values.some((v) => v.toLocaleLowerCase() === wanted),
    );
    if (!dim) continue;
    const value = dim.values.find((v) => v.toLocaleLowerCase() === wanted)!;
    const res = await ask({
      measures: [primary.name],
      dimensions: [],
      timeDimension: { field: time, range },
      filters: [{ field: dim.name, op: 'in', values: [value] }],
    });
    const row: TCardRow | undefined = res.card?.table[0];
    out.push({ name: value, dimension: dim.label, value: num(row?.[primary.label]) ?? 0 });
  }
  return out;
}

/** The chart of a card, drawn as the report shows it. */
function chartOf(card: TCard, locale: string, t: ReportTexts): ChartOption | undefined {
  const spec = card.chart[0];
  if (!spec || card.table.length === 0) return undefined;
  return buildChartOption({
    card,
    spec,
    view: spec.chart.type === 'bar' ? 'bar' : 'line',
    locale,
    otherLabel: t.other,
    previousLabel: t.previous,
    size: REPORT_CHART_SIZE,
  });
}

/** Charts in the report (CSS pixels). */
export const REPORT_CHART_SIZE = { width: 680, height: 300 } as const;

/** What the profile frames the report by, in its own words. */
function framing(input: ReportInput, t: ReportTexts): string[] {
  const p = input.profile;
  const lines = [
    t.framing.business(p.business_name, p.primary_industry, p.locations_of_operation.join(', ')),
  ];
  if ('key_points_of_interest' in p) {
    lines.push(
      t.framing.interest(p.key_points_of_interest),
      t.framing.clients(p.target_client_names.join(', ')),
    );
  } else {
    lines.push(t.framing.priorities(p.strategic_priorities), t.framing.goals(p.goals_okrs));
    const themes = p.key_themes.map((k) => (k === 'other' ? p.key_themes_other : t.themes[k]));
    if (themes.length) lines.push(t.framing.themes(themes.join(', ')));
    if (input.report === 'employee_growth')
      lines.push(t.framing.functions(p.focus_functions.join(', ') || '–'), t.framing.noPeopleData);
  }
  return lines;
}
