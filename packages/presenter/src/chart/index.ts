/**
 * ECharts options of a card's chart views, chosen by the shape of the answer: a time
 * or category axis with one series per measure; a second category (time × dimension, or two
 * dimensions) pivoted into series with a legend and a top-N + "Other" cap; many or long category
 * labels as horizontal bars; two periods without a dimension as bars named by their dates; pies
 * with labelled slices. Every number is formatted in the user's locale. Pure (no DOM, no ECharts
 * runtime): the web draws the option on a canvas, the digest mail renders the same one to PNG.
 *
 * The folder: `build.ts` (buildChartOption), `shapes.ts` (one line per chart shape) and
 * `shapes/<shape>.ts` (each shape's builder); the shared steps in `shape.ts` (what an answer
 * looks like to a chart), `buckets.ts`, `series.ts`, `axis.ts` and `style.ts` (colours, limits,
 * size hints). The public names of the package are these.
 */
export { wantsHorizontal } from './axis';
export {
  type BucketState,
  bucketEnd,
  bucketState,
  comparisonLabel,
  isPartialBucket,
  periodLabel,
} from './buckets';
export { buildChartOption, chartNotes } from './build';
export { categoryLabels, visibleBars, wrapLabel } from './labels';
export { chartShape, chartViewType } from './shape';
export { type DrawnShapeName, drawnShape } from './shapes';
export { formsWhole, slicesFit } from './slices';
export {
  CHANGE_COLORS,
  type ChartSize,
  COMPACT_HEIGHT,
  COMPACT_LABEL_WIDTH,
  COMPACT_PIE_SLICES,
  COMPACT_VISIBLE_BARS,
  COMPACT_WIDTH,
  HORIZONTAL_AFTER,
  isCompactChart,
  LABEL_WIDTH,
  LONG_LABEL,
  lighten,
  MAX_PIE_SLICES,
  MAX_SERIES,
  MAX_VISIBLE_BARS,
  OTHER_COLOR,
  PALETTE,
  SAMPLING_THRESHOLD,
} from './style';
export type { ChartNote, ChartOption, ChartOptionInput, ChartShape, ChartViewType } from './types';
