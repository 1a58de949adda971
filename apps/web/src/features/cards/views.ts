import type { TCard, TCardChart } from '@parley/contract';

/** Screens narrower than this show the card text as its own view (spec 2 §9). */
export const TEXT_VIEW_BREAKPOINT = 996;

export type ChartViewType = 'bar' | 'bar-stacked' | 'line' | 'area' | 'pie' | 'donut';
export type ViewType = ChartViewType | 'table' | 'image' | 'insights' | 'text';

/** A chart spec's view name: its type in lower case, bar flagged stacked being bar-stacked. */
export function chartViewType(spec: TCardChart): ChartViewType {
  const type = spec.chart.type.toLowerCase() as TCardChart['chart']['type'];
  return type === 'bar' && spec.chart.stacked ? 'bar-stacked' : type;
}

export function isChartView(view: ViewType): view is ChartViewType {
  return view !== 'table' && view !== 'image' && view !== 'insights' && view !== 'text';
}

/**
 * The carousel's views (spec 2 §2): each chart type of the card, the table, the image (only with a
 * url), insights, and text only on narrow screens (wider ones show it with the text toggle).
 */
export function buildViews(card: TCard, viewportWidth: number): ViewType[] {
  const views: ViewType[] = [];
  const add = (v: ViewType) => {
    if (!views.includes(v)) views.push(v);
  };
  if (card.table.length > 0) for (const spec of card.chart) add(chartViewType(spec));
  if (card.table.length > 0) add('table');
  if (card.image?.url) add('image');
  if (card.insights.length > 0) add('insights');
  if (card.text.trim() !== '' && (viewportWidth < TEXT_VIEW_BREAKPOINT || views.length === 0)) add('text');
  return views;
}

/** The view after `current`, wrapping to the first. */
export function nextView(views: readonly ViewType[], current: ViewType): ViewType {
  if (views.length === 0) return current;
  const i = views.indexOf(current);
  return views[(i + 1) % views.length];
}

/** The chart spec drawn for a chart view. */
export function chartSpecFor(card: TCard, view: ChartViewType): TCardChart | undefined {
  return card.chart.find((spec) => chartViewType(spec) === view);
}

const SPLIT_VIEWS: readonly ViewType[] = ['pie', 'donut', 'bar', 'bar-stacked', 'line'];

/** Split view (text beside the chart) applies when the grid width is above 2 and the view is pie, donut, bar or line. */
export function isSplitView(gridWidth: number, view: ViewType): boolean {
  return gridWidth > 2 && SPLIT_VIEWS.includes(view);
}
