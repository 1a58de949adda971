/** The bar shape (bar, stacked bar): a bar per category and series; a short bucket lighter with a dashed edge. */
import { lighten } from '../style';
import type { ChartOption, ShapeContext } from '../types';
import { baseSeries, type CartesianShape, cartesianOption, planCartesian } from './cartesian';

export function barOption(ctx: ShapeContext<CartesianShape>): ChartOption {
  const plan = planCartesian(ctx, false);
  const { short, horizontal } = plan;
  const out = plan.series.map((s) => ({
    ...baseSeries(plan, s),
    barMaxWidth: horizontal ? 22 : 36,
    // A short bucket is lighter with a dashed edge.
    data: s.values.map((v, i) =>
      short.has(i)
        ? {
            value: v,
            itemStyle: {
              color: lighten(s.color, 0.5),
              borderColor: s.color,
              borderType: 'dashed',
              borderWidth: 1,
            },
          }
        : v,
    ),
  }));
  return cartesianOption(plan, out);
}
