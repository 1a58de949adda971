/** Builds a card's chart option: works out the answer's shape, then dispatches to the shape that draws it. */

import { chartShape, columnOf } from './shape';
import { CHART_SHAPES, type DrawnShape, type DrawnShapeName, drawnShape, type ShapeBuilder } from './shapes';
import { cartesianNotes, planCartesian } from './shapes/cartesian';
import { contributionNotes } from './shapes/contributions';
import { pieNotes } from './shapes/pie';
import type { ChartNote, ChartOption, ChartOptionInput, ShapeContext } from './types';

/** The shape that draws a view of an answer, and what it is drawn from (time runs in order). */
function drawnContext(input: ChartOptionInput): { drawn: DrawnShape; ctx: Omit<ShapeContext, 'shape'> } {
  const { card, spec, view } = input;
  const drawn = drawnShape(chartShape(card, spec), view);
  const xCol = columnOf(card, spec.x);
  const rows =
    xCol.kind === 'time'
      ? [...card.table].sort((a, b) => String(a[spec.x] ?? '').localeCompare(String(b[spec.x] ?? '')))
      : card.table;
  return { drawn, ctx: { input, rows, xCol } };
}

/** Builds the ECharts option of a chart view: bar, stacked bar, line, area, pie or donut. */
export function buildChartOption(input: ChartOptionInput): ChartOption {
  const { drawn, ctx } = drawnContext(input);
  // Each shape's builder takes the answer shapes it draws; `drawnShape` pairs them.
  const build = CHART_SHAPES[drawn.draw] as ShapeBuilder<DrawnShapeName>;
  return build({ ...ctx, shape: drawn.shape });
}

/** What a chart view leaves out of sight (names past the scroll, values past a cap), for the card to say. */
export function chartNotes(input: ChartOptionInput): ChartNote[] {
  const { drawn, ctx } = drawnContext(input);
  switch (drawn.draw) {
    case 'bar':
    case 'line':
      return cartesianNotes(planCartesian({ ...ctx, shape: drawn.shape }, drawn.draw === 'line'));
    case 'pie':
      return pieNotes({ ...ctx, shape: drawn.shape });
    case 'contributions':
      return contributionNotes({ ...ctx, shape: drawn.shape });
    case 'periods':
    case 'forecast':
      return [];
  }
}
