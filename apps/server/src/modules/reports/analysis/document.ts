/** The report document's shape, what it is computed from, and the helpers every section reads with. */
import type {
  TCard,
  TEmployeeGrowthProfile,
  TOpportunityProfile,
  TReportFrequency,
  TReportName,
  TSemanticQuery,
  TStrategyProfile,
} from '@parley/contract';
import { addDays, addMonths, type getCardWords, type TMeasure, type TSemanticModel } from '@parley/engine';
import { buildChartOption, type ChartOption } from '@parley/presenter';
import type { ReportTexts, ServerCatalogue } from '../../../i18n';

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
  profile: TStrategyProfile | TOpportunityProfile | TEmployeeGrowthProfile;
  /** The data source the report reads, as the data-sources screen names it. */
  sourceName: string;
  frequency: TReportFrequency;
  reportingPeriod: number;
  /** The owner's date (their zone). */
  today: string;
  timezone: string | null;
  language: string;
}

/** Asks one SemanticQuery of the source: its card, or the text that says why there is none. */
export type Ask = (query: TSemanticQuery) => Promise<{ card: TCard | null; text: string | null }>;

/** A relative range of a query's time dimension. */
export type TimeRange = NonNullable<TSemanticQuery['timeDimension']>['range'];

/**
 * What every section step reads: the input, the source, the words, the measure the report leads
 * with, and the document's facts and summary lines, which the steps add to in section order.
 */
export interface SectionContext {
  input: ReportInput;
  model: TSemanticModel;
  ask: Ask;
  catalogue: ServerCatalogue;
  t: ReportTexts;
  /** The owner's language, as the formatters take it. */
  locale: string;
  words: ReturnType<typeof getCardWords>;
  range: { from: string; to: string };
  previous: { from: string; to: string };
  periodText: string;
  primary: TMeasure;
  headline: TMeasure[];
  /** The primary measure's time dimension. */
  time: string;
  lastMonths: TimeRange;
  /** The primary measure's row key (its model label). */
  label: string;
  /** The primary measure's name as the reader sees it. */
  shown: string;
  fmt: (m: Pick<TMeasure, 'format'>, v: number) => string;
  facts: Record<string, unknown>;
  summary: string[];
  /** Each headline measure's change on the previous period (filled by the headline step). */
  rawChange: Map<string, number | null>;
}

export const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};
export const day = (v: unknown) => String(v).slice(0, 10);
export const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
/** Day of the week of an ISO date (0 = Sunday), in UTC. */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The report's period: the `months` full calendar months before the owner's current month. */
export function reportRange(today: string, months: number): { from: string; to: string } {
  const monthStart = `${today.slice(0, 7)}-01`;
  return { from: addMonths(monthStart, -months), to: addDays(monthStart, -1) };
}

/** Charts in the report (CSS pixels). */
export const REPORT_CHART_SIZE = { width: 680, height: 300 } as const;

/** The chart of a card, drawn as the report shows it. */
export function chartOf(card: TCard, locale: string, t: ReportTexts): ChartOption | undefined {
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
