/**
 * What the bar and line shapes share: a category axis (time or names) against a value axis, one
 * series per measure or per pivoted value, the short first and last buckets drawn apart, many or
 * long category names lying down as horizontal bars that scroll.
 */
import type { TCardColumn } from '@parley/contract';
import { PREVIOUS_PREFIX } from '../../card-columns';
import { axisTooltip, frame, scrollZoom, valueAxis, wantsHorizontal } from '../axis';
import { categoriesOf } from '../buckets';
import { pivotSeries, simpleSeries } from '../series';
import { columnOf } from '../shape';
import { formsWhole } from '../slices';
import {
  AXIS_LINE,
  AXIS_TEXT,
  COMPACT_LABEL_WIDTH,
  COMPACT_VISIBLE_BARS,
  isCompactChart,
  LABEL_WIDTH,
  MAX_VISIBLE_BARS,
  SAMPLING_THRESHOLD,
} from '../style';
import type { Categories, ChartOption, ChartOptionInput, Series, ShapeContext, ShapeOf } from '../types';

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
  };
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

/** The category axis: time labels thinned by ECharts, names cut with "…" (tilted on a narrow chart). */
function categoryAxis(plan: CartesianPlan) {
  const { input, xCol, cats, line, horizontal, compact } = plan;
  // A narrow chart tilts more than a few category names under vertical bars, and lets ECharts
  // skip the ones that would still overlap; a few level ones share the width, cut with "…".
  const tilt = compact && !horizontal && xCol.kind !== 'time' && cats.labels.length > 3;
  const shared = Math.floor(((input.size?.width ?? 180) - 60) / Math.max(1, cats.labels.length));
  const labelWidth = compact
    ? {
        ...COMPACT_LABEL_WIDTH,
        vertical: tilt
          ? COMPACT_LABEL_WIDTH.vertical
          : Math.max(32, Math.min(COMPACT_LABEL_WIDTH.vertical, shared)),
      }
    : LABEL_WIDTH;
  return {
    type: 'category',
    data: cats.labels,
    boundaryGap: !line,
    ...(horizontal ? { inverse: true } : {}),
    axisLabel: {
      color: AXIS_TEXT,
      ...(compact ? { fontSize: 10 } : {}),
      ...(xCol.kind === 'time'
        ? { hideOverlap: true }
        : {
            interval: tilt ? 'auto' : 0,
            width: horizontal ? labelWidth.horizontal : labelWidth.vertical,
            overflow: 'truncate',
            ellipsis: '…',
            ...(tilt ? { rotate: 45, hideOverlap: true } : {}),
          }),
    },
    axisLine: { lineStyle: { color: AXIS_LINE } },
    axisTick: { show: false },
  };
}

/** The option of an axis chart around its drawn series: frame, tooltip, both axes and the slider. */
export function cartesianOption(plan: CartesianPlan, out: Record<string, unknown>[]): ChartOption {
  const { input, series, cats, yCol, line, stackable, horizontal, compact } = plan;
  const visibleBars = compact ? COMPACT_VISIBLE_BARS : MAX_VISIBLE_BARS;
  const scroll = horizontal && cats.labels.length > visibleBars;
  const category = categoryAxis(plan);
  const value = valueAxis(series, stackable, yCol.format, input.locale, compact);
  return {
    ...frame(
      compact,
      series.map((s) => s.name),
      scroll,
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
    ...(scroll ? scrollZoom(visibleBars) : {}),
    series: out,
  };
}
