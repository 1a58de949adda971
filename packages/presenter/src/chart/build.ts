/** Builds a card's chart option: works out the answer's shape, then dispatches to the shape that draws it. */

import { chartShape, columnOf } from './shape';
import { CHART_SHAPES, type DrawnShapeName, drawnShape, type ShapeBuilder } from './shapes';
import type { ChartOption, ChartOptionInput } from './types';

/** Builds the ECharts option of a chart view: bar, stacked bar, line, area, pie or donut. */
export function buildChartOption(input: ChartOptionInput): ChartOption {
  const { card, spec, view } = input;
  const drawn = drawnShape(chartShape(card, spec), view);
  const xCol = columnOf(card, spec.x);
  const rows =
    xCol.kind === 'time'
      ? [...card.table].sort((a, b) => String(a[spec.x] ?? '').localeCompare(String(b[spec.x] ?? '')))
      : card.table;
  // Each shape's builder takes the answer shapes it draws; `drawnShape` pairs them.
  const build = CHART_SHAPES[drawn.draw] as ShapeBuilder<DrawnShapeName>;
  return build({ input, shape: drawn.shape, rows, xCol });
}
