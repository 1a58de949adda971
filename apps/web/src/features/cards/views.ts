import type { TCard, TCardChart, TCardView } from '@parley/contract';
import { type ChartViewType, chartViewType } from '@parley/presenter';

export { type ChartViewType, chartViewType } from '@parley/presenter';

/** Screens narrower than this show the card text as its own view (spec 2 §9). */
export const TEXT_VIEW_BREAKPOINT = 996;

/** `kpi`: one row of numbers drawn big, with the comparison and change. */
export type ViewType = ChartViewType | 'kpi' | 'table' | 'image' | 'insights' | 'text';

export function isChartView(view: ViewType): view is ChartViewType {
  return view !== 'kpi' && view !== 'table' && view !== 'image' && view !== 'insights' && view !== 'text';
}

/** A single number (or a few, with their comparison): one row and no dimension or time column. */
export function isKpiCard(card: Pick<TCard, 'table' | 'columns'>): boolean {
  return (
    card.table.length === 1 && card.columns.length > 0 && card.columns.every((c) => c.kind === 'measure')
  );
}

/**
 * The carousel's views (spec 2 §2): the big number first for a single number, each
 * chart type of the card, the table, the image (only with a url), insights, and text only on
 * narrow screens (wider ones show it with the text toggle).
 */
export function buildViews(card: TCard, viewportWidth: number): ViewType[] {
  const views: ViewType[] = [];
  const add = (v: ViewType) => {
    if (!views.includes(v)) views.push(v);
  };
  if (isKpiCard(card)) add('kpi');
  if (card.table.length > 0) for (const spec of card.chart) add(chartViewType(spec, card));
  if (card.table.length > 0) add('table');
  if (card.image?.url) add('image');
  if (card.insights.length > 0) add('insights');
  if (card.text.trim() !== '' && (viewportWidth < TEXT_VIEW_BREAKPOINT || views.length === 0)) add('text');
  return views;
}

/**
 * The view a card shows (spec 2 §4): the chosen or remembered one while the answer still has it,
 * else the first available view; null without views.
 */
export function chooseView(
  views: readonly ViewType[],
  preferred: TCardView | ViewType | null,
): ViewType | null {
  if (preferred && (views as readonly string[]).includes(preferred)) return preferred as ViewType;
  return views[0] ?? null;
}

/** The view `step` places away from `current`, wrapping at both ends (next view, the looped carousel). */
export function stepView(
  views: readonly ViewType[],
  current: ViewType | null,
  step: number,
): ViewType | null {
  if (views.length === 0) return null;
  const i = current ? views.indexOf(current) : -1;
  const from = i < 0 ? 0 : i;
  return views[(((from + step) % views.length) + views.length) % views.length];
}

/** The chart spec drawn for a chart view. */
export function chartSpecFor(card: TCard, view: ChartViewType): TCardChart | undefined {
  return card.chart.find((spec) => chartViewType(spec, card) === view);
}

const SPLIT_VIEWS: readonly ViewType[] = ['pie', 'donut', 'bar', 'bar-stacked', 'line'];

/** Split view (text beside the chart) applies when the grid width is above 2 and the view is pie, donut, bar or line. */
export function isSplitView(gridWidth: number, view: ViewType): boolean {
  return gridWidth > 2 && SPLIT_VIEWS.includes(view);
}
