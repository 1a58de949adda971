import { ZChartType, ZQuestionKind, ZSemanticQuery } from './semantic';
import { z } from './zod';

/** One column of a card's table; `key` is the row key users see ("Region", "Previous_Revenue"). */
export const ZCardColumn = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['dimension', 'time', 'measure']),
  format: z.enum(['number', 'currency', 'percent', 'date']),
  /** ISO 4217 code of a currency column when its model names one (an addition; absent: the app's). */
  currency: z.string().optional(),
  /**
   * Measures only (an addition): whether the values of separate rows add up to one whole — sums
   * and row counts, not averages, rates or distinct counts whose groups may share a member. Pies,
   * donuts and stacks need it; absent on older cards, where the label and format tell.
   */
  additive: z.boolean().optional(),
  /**
   * Measures only (an addition): set when the table holds only some of the question's groups (a
   * top N): how many rows it shows, and the measure's total over all the groups (null when the
   * source did not say). Shares are of `whole` when known, else of the rows shown; absent: the
   * rows are the whole.
   */
  part: z.object({ shown: z.number().int(), whole: z.number().nullable() }).optional(),
});
export type TCardColumn = z.infer<typeof ZCardColumn>;

/** A chart view of the card: x is a row key, y the measure row keys drawn. */
export const ZCardChart = z.object({
  chart: z.object({ type: ZChartType, stacked: z.boolean().optional() }),
  x: z.string(),
  y: z.array(z.string()),
});
export type TCardChart = z.infer<typeof ZCardChart>;

/** Insights are HTML strings; objects with a `context` are the LLM's (DESIGN §6). */
export const ZCardInsight = z.union([z.string(), z.object({ context: z.string(), text: z.string() })]);
export type TCardInsight = z.infer<typeof ZCardInsight>;

export const ZCardRowValue = z.union([z.string(), z.number(), z.null()]);
export type TCardRow = Record<string, z.infer<typeof ZCardRowValue>>;

/** The analysis card — DESIGN §6 CONTRACT. */
export const ZCardPeriod = z.object({
  from: z.string(),
  to: z.string(),
  /** "last month", "this year" — the words of the range, in English for now. */
  label: z.string(),
  /** The period (or its last time bucket) ends after the day the data was read. */
  partial: z.boolean(),
  comparison: z.object({ from: z.string(), to: z.string() }).optional(),
});
export type TCardPeriod = z.infer<typeof ZCardPeriod>;

export const ZCard = z.object({
  title: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  /** ISO time the data was read. */
  date: z.string(),
  table: z.array(z.record(z.string(), ZCardRowValue)),
  columns: z.array(ZCardColumn),
  chart: z.array(ZCardChart),
  insights: z.array(ZCardInsight),
  image: z.object({ url: z.string() }).optional(),
  query: z.object({ sql: z.string(), semantic: ZSemanticQuery }).optional(),
  /**
   * The resolved period of the answer (an addition to DESIGN §6's card, optional so older cards
   * still parse): inclusive ISO dates, the words it was asked with, whether its last bucket is
   * still running (this month so far), and the comparison period's dates.
   */
  period: ZCardPeriod.optional(),
  /**
   * Sources answered from a local copy (Formbricks): the ISO time the copy was last read from
   * the source, so the card can say how fresh its data is (an addition, optional).
   */
  synced: z.string().optional(),
  /**
   * The question kind the card answers (an addition, optional): the presenter draws a forecast or
   * a drivers chart by it. Cards stored before it have none and are drawn by their columns.
   */
  kind: ZQuestionKind.optional(),
  /** The data source answered from (an addition, optional): the card's source chip and its model's alternatives. */
  source: z.object({ id: z.string(), name: z.string() }).optional(),
  /** Answered from a verified question (DESIGN §12): who pinned it and when. */
  verified: z.object({ id: z.string(), author: z.string(), created_at: z.string() }).optional(),
});
export type TCard = z.infer<typeof ZCard>;
