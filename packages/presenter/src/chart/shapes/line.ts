/**
 * The line shape (line, area): a line per series; the stretch into a short bucket (running, or cut
 * by the period) is dashed and shaded, so it never reads as a drop.
 */
import type { ChartOption, Series, ShapeContext } from '../types';
import {
  baseSeries,
  type CartesianPlan,
  type CartesianShape,
  cartesianOption,
  neighbour,
  planCartesian,
} from './cartesian';

export function lineOption(ctx: ShapeContext<CartesianShape>): ChartOption {
  const plan = planCartesian(ctx, true);
  const out = plan.series.flatMap((s) => lineSeries(plan, s));
  // On lines, the stretch into a short bucket is shaded too, so it never reads as a drop (bars
  // are drawn lighter themselves).
  const { short, cats } = plan;
  if (short.size > 0 && out[0]) {
    out[0].markArea = {
      silent: true,
      itemStyle: { color: 'rgba(113, 113, 122, 0.07)' },
      data: [...short].map((i) => [{ xAxis: cats.labels[neighbour(i)] }, { xAxis: cats.labels[i] }]),
    };
  }
  return cartesianOption(plan, out);
}

/** A series' line, and the dashed line across its short buckets when it has some. */
function lineSeries(plan: CartesianPlan, s: Series): Record<string, unknown>[] {
  const { short, stackable, cats, long } = plan;
  const view = plan.input.view;
  const dashed = s.previous;
  // A short bucket: the solid line stops one bucket before it, a dashed one carries on.
  const cut = short.size > 0 && !stackable;
  const out: Record<string, unknown>[] = [
    {
      ...baseSeries(plan, s),
      data: cut ? s.values.map((v, i) => (short.has(i) ? null : v)) : s.values,
      smooth: false,
      showSymbol: cats.raw.length <= 40,
      symbolSize: 5,
      lineStyle: { width: dashed ? 1.5 : 2, color: s.color, ...(dashed ? { type: 'dashed' } : {}) },
      ...(long ? { sampling: 'lttb' } : {}),
      ...(view === 'area' ? { areaStyle: { opacity: stackable ? 0.55 : 0.18 } } : {}),
    },
  ];
  if (cut) {
    out.push({
      id: `${s.id}:running`,
      name: s.name,
      type: 'line',
      data: s.values.map((v, i) => ([...short].some((k) => k === i || neighbour(k) === i) ? v : null)),
      itemStyle: { color: s.color },
      symbol: 'emptyCircle',
      symbolSize: 6,
      lineStyle: { width: 2, type: 'dashed', color: s.color, opacity: 0.7 },
      ...(view === 'area' ? { areaStyle: { opacity: 0.08 } } : {}),
      tooltip: { show: false },
      z: 1,
    });
  }
  return out;
}
