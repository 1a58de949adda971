/** The types the chart builder shares between its steps and its shapes. */
import type { TCard, TCardChart, TCardColumn, TCardRow } from '@parley/contract';
import type { ChartSize } from './style';

/** A chart view: a chart spec's type in lower case, bar flagged stacked being bar-stacked. */
export type ChartViewType = 'bar' | 'bar-stacked' | 'line' | 'area' | 'pie' | 'donut';

export interface ChartOptionInput {
  card: TCard;
  spec: TCardChart;
  view: ChartViewType;
  locale: string;
  /** Label of the merged pie slice and series. */
  otherLabel: string;
  /** Label prefix of comparison series ("Previous"). */
  previousLabel: string;
  /** Added to a bucket that is still running ("so far"). */
  soFarLabel?: string;
  /** Added to a bucket the period cuts short ("partial"): a week that began before it. */
  partialLabel?: string;
  /** Label of the stacked total in the tooltip ("Total"). */
  totalLabel?: string;
  /** The room the chart has; without it the chart is drawn for a full-width card. */
  size?: ChartSize;
}

// A loose option type: the pure builder must not pull the ECharts runtime into unit tests or chunks.
export type ChartOption = Record<string, unknown>;

/** The shape of an answer as a chart sees it. */
export type ChartShape =
  /** One row, x a measure: the value and its previous period's, side by side. */
  | { kind: 'periods' }
  /** History plus forecast buckets with their low/high bounds (a forecast answer). */
  | { kind: 'forecast'; measure: string; forecast: string; low: string; high: string }
  /** Each value's share of a total change (a drivers answer): diverging bars around zero. */
  | { kind: 'contributions'; dimension: string | null }
  /** A second category pivoted into series (time × dimension, or two dimensions). */
  | { kind: 'pivot'; series: string }
  /** One category axis, a series per measure (and per previous-period measure). */
  | { kind: 'simple' };

/** A drawn series of an axis chart. */
export interface Series {
  /** Stable id (the row key or pivot value). */
  id: string;
  name: string;
  values: (number | null)[];
  color: string;
  /** A previous-period series: drawn lighter (bars) or dashed (lines). */
  previous?: boolean;
  /** The merged "Other" series. */
  other?: boolean;
}

/** The category axis of an axis chart. */
export interface Categories {
  /** Raw values (ISO dates or names) in axis order. */
  raw: string[];
  /** Labels as shown on the axis, "(so far)" on a running bucket, "(partial)" on a cut one. */
  labels: string[];
  /** Indexes of the buckets that hold less than a whole bucket (first and/or last). */
  short: number[];
}

/** What ECharts hands a tooltip formatter for one series at one category. */
export interface TooltipParam {
  seriesId?: string;
  seriesName?: string;
  value?: unknown;
  color?: string;
  dataIndex: number;
  name?: string;
}

/** An answer shape of one kind. */
export type ShapeOf<K extends ChartShape['kind']> = Extract<ChartShape, { kind: K }>;

/** What a chart shape is drawn from: the input, the answer's shape, the rows (time runs in order) and the x column. */
export interface ShapeContext<S extends ChartShape = ChartShape> {
  input: ChartOptionInput;
  shape: S;
  rows: TCardRow[];
  xCol: TCardColumn;
}

/**
 * What a chart leaves out of sight, for the card to say: names past the scroll ("5 more —
 * scroll"), values past the series cap left out ("top 8 of 12") or merged ("Other").
 */
export interface ChartNote {
  kind: 'scroll' | 'top' | 'other';
  shown: number;
  total: number;
}
