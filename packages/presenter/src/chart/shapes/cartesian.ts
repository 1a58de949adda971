/**
 * What the bar and line shapes share: a category axis (time or names) against a value axis, one
 * series per measure or per pivoted value, the short first and last buckets drawn apart, many or
 * long category names lying down as horizontal bars that scroll.
 */
import type { TCardColumn } from '@parley/contract';
import { PREVIOUS_PREFIX } from '../../card-columns';
import { axisTooltip, frame, scrollZoom, valueAxis, wantsHorizontal } from '../axis';
import { categoriesOf } from '../buckets';
import { categoryLabels, visibleBars } from '../labels';
import { pivotSeries, simpleSeries } from '../series';
import { columnOf } from '../shape';
import { formsWhole } from '../slices';
import { AXIS_LINE, AXIS_TEXT, isCompactChart, SAMPLING_THRESHOLD } from '../style';
import type {
  Categories,
  ChartNote,
  ChartOption,
  ChartOptionInput,
  Series,
  ShapeContext,
  ShapeOf,
} from '../types';

/** The answer shapes drawn on a category axis. */
export type CartesianShape = ShapeOf<'pivot' | 'simple'>;

/** An axis chart worked out: its series and categories, and how they are drawn. */
export interface CartesianPlan {
  input: ChartOptionInput;
  xCol: TCardColumn;
  yCol: TCardColumn;
  series: Series[];
  cats: Categories;
  /** Lines (line, area) rather than bars. */
  line: boolean;
  stackable: boolean;
  horizontal: boolean;
  /** More buckets than a line draws point by point: down-sampled. */
  long: boolean;
  compact: boolean;
  /** Buckets holding less than a whole bucket (running, or cut by the period): drawn apart. */
  short: Set<number>;
  /** Values of a second category pivoted into series, before the cap (null: not pivoted). */
  pivoted: number | null;
}

/** The bucket a short bucket's dashed stretch starts from. */
export const neighbour = (i: number) => (i === 0 ? 1 : i - 1);

/** Works out the series, categories and layout of a bar or line chart. */
export function planCartesian(
  { input, shape, rows, xCol }: ShapeContext<CartesianShape>,
  line: boolean,
): CartesianPlan {
  const { card, spec, view } = input;
  const pivot = shape.kind === 'pivot' ? pivotSeries(input, spec.x, shape.series, xCol) : null;
  const series = pivot ? pivot.series : simpleSeries(input, rows);
  const cats = categoriesOf(input, pivot ? pivot.categories : rows.map((r) => r[spec.x]), xCol);
  const yCol = columnOf(card, spec.y.find((y) => !y.startsWith(PREVIOUS_PREFIX)) ?? spec.y[0] ?? '');
  // Pivots stack bars and areas (parts of a whole); lines stay one line per value.
  const stacked = view === 'bar-stacked' || (pivot !== null && view === 'area');
  const stackable = stacked && formsWhole(yCol);
  return {
    input,
    xCol,
    yCol,
    series,
    cats,
    line,
    stackable,
    horizontal: !line && xCol.kind !== 'time' && wantsHorizontal(cats.labels),
    long: cats.raw.length > SAMPLING_THRESHOLD,
    compact: isCompactChart(input.size),
    short: new Set(cats.short),
    pivoted: pivot ? pivot.total : null,
  };
}

/** What an axis chart leaves out of sight: names past the scroll, pivoted values past the cap. */
export function cartesianNotes(plan: CartesianPlan): ChartNote[] {
  const notes: ChartNote[] = [];
  const visible = visibleBars(plan.input.size, plan.compact);
  const total = plan.cats.labels.length;
  if (plan.horizontal && total > visible) notes.push({ kind: 'scroll', shown: visible, total });
  const drawn = plan.series.filter((s) => !s.other).length;
  if (plan.pivoted !== null && plan.pivoted > drawn)
    notes.push({
      kind: plan.series.some((s) => s.other) ? 'other' : 'top',
      shown: drawn,
      total: plan.pivoted,
    });
  return notes;
}

/** What every series of an axis chart has: its id, name, type, colour and stack. */
export function baseSeries(plan: CartesianPlan, s: Series): Record<string, unknown> {
  return {
    id: s.id,
    name: s.name,
    type: plan.line ? 'line' : 'bar',
    itemStyle: { color: s.color },
    emphasis: { focus: 'series' },
    ...(plan.stackable && !s.previous ? { stack: 'total' } : {}),
  };
}

/** The category axis: time labels thinned by ECharts, names fitted to the width (labels.ts). */
function categoryAxis(plan: CartesianPlan) {
  const { input, xCol, cats, line, horizontal, compact } = plan;
  return {
    type: 'category',
    data: cats.labels,
    boundaryGap: !line,
    ...(horizontal ? { inverse: true } : {}),
    // Hovering a name shows the tooltip with it in full (EChart listens for the label's events).
    triggerEvent: true,
    axisLabel: {
      color: AXIS_TEXT,
      ...(compact ? { fontSize: 10 } : {}),
      ...(xCol.kind === 'time'
        ? { hideOverlap: true }
        : categoryLabels({ labels: cats.labels, horizontal, compact, size: input.size })),
    },
    axisLine: { lineStyle: { color: AXIS_LINE } },
    axisTick: { show: false },
  };
}

/** The option of an axis chart around its drawn series: frame, tooltip, both axes and the slider. */
export function cartesianOption(plan: CartesianPlan, out: Record<string, unknown>[]): ChartOption {
  const { input, series, cats, yCol, line, stackable, horizontal, compact } = plan;
  const visible = visibleBars(input.size, compact);
  const scroll = horizontal && cats.labels.length > visible;
  // A stack, or values pivoted into series, cannot be read without naming each colour.
  const legend = series.length > 1 && (stackable || plan.pivoted !== null);
  const category = categoryAxis(plan);
  const value = valueAxis(series, stackable, yCol.format, input.locale, compact);
  return {
    ...frame(
      compact,
      series.map((s) => s.name),
      scroll,
      legend,
    ),
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: line ? 'line' : 'shadow' },
      formatter: axisTooltip(
        cats.labels,
        yCol.format,
        input.locale,
        stackable && series.length > 1 ? (input.totalLabel ?? null) : null,
      ),
    },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    ...(scroll ? scrollZoom(visible) : {}),
    series: out,
  };
}
