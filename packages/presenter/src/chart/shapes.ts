/**
 * The chart shapes: one line per shape, its builder in `shapes/<shape>.ts`. `drawnShape` says which
 * one draws a chart view of an answer; buildChartOption dispatches through this table.
 */
import { assertNever } from './shape';
import { barOption } from './shapes/bar';
import { contributionsOption } from './shapes/contributions';
import { forecastOption } from './shapes/forecast';
import { lineOption } from './shapes/line';
import { periodsOption } from './shapes/periods';
import { pieOption } from './shapes/pie';
import type { ChartOption, ChartShape, ChartViewType, ShapeContext, ShapeOf } from './types';

/** A drawn shape with the answer shapes it draws. */
export type DrawnShape =
  | { draw: 'periods'; shape: ShapeOf<'periods'> }
  | { draw: 'pie'; shape: ChartShape }
  | { draw: 'forecast'; shape: ShapeOf<'forecast'> }
  | { draw: 'contributions'; shape: ShapeOf<'contributions'> }
  | { draw: 'bar'; shape: ShapeOf<'pivot' | 'simple'> }
  | { draw: 'line'; shape: ShapeOf<'pivot' | 'simple'> };

export type DrawnShapeName = DrawnShape['draw'];

/** The builder of one drawn shape. */
export type ShapeBuilder<K extends DrawnShapeName> = (
  ctx: ShapeContext<Extract<DrawnShape, { draw: K }>['shape']>,
) => ChartOption;

export const CHART_SHAPES: { [K in DrawnShapeName]: ShapeBuilder<K> } = {
  periods: periodsOption,
  pie: pieOption,
  forecast: forecastOption,
  contributions: contributionsOption,
  bar: barOption,
  line: lineOption,
};

/** The family of a chart view: bars, lines or slices. */
function viewFamily(view: ChartViewType): 'bar' | 'line' | 'pie' {
  switch (view) {
    case 'bar':
    case 'bar-stacked':
      return 'bar';
    case 'line':
    case 'area':
      return 'line';
    case 'pie':
    case 'donut':
      return 'pie';
    default:
      return assertNever(view);
  }
}

/**
 * Which shape draws this view of an answer: two periods always as their two bars; a pie or donut
 * view as slices; a forecast or a drivers answer as its own chart; the rest by the view.
 */
export function drawnShape(shape: ChartShape, view: ChartViewType): DrawnShape {
  if (shape.kind === 'periods') return { draw: 'periods', shape };
  const family = viewFamily(view);
  if (family === 'pie') return { draw: 'pie', shape };
  switch (shape.kind) {
    case 'forecast':
      return { draw: 'forecast', shape };
    case 'contributions':
      return { draw: 'contributions', shape };
    case 'pivot':
    case 'simple':
      return { draw: family, shape };
    default:
      return assertNever(shape);
  }
}
