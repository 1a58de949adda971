import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { buildChartOption } from './chart-options';

const rows = Array.from({ length: 300 }, (_, i) => ({
  Day: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
  Revenue: i,
  Previous_Revenue: i / 2,
}));
const card: TCard = {
  title: 'Revenue by day',
  text: '',
  date: '',
  table: rows,
  columns: [
    { key: 'Day', label: 'Day', kind: 'time', format: 'date' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [{ chart: { type: 'line' }, x: 'Day', y: ['Revenue'] }],
  insights: [],
};
const base = { card, spec: card.chart[0], locale: 'en-US', otherLabel: 'Other', previousLabel: 'Previous' };

describe('buildChartOption', () => {
  it('samples long line series with LTTB and adds a dashed comparison series', () => {
    const option = buildChartOption({ ...base, view: 'line' });
    const series = option.series as Record<string, unknown>[];
    expect(series).toHaveLength(2);
    expect(series[0]).toMatchObject({ type: 'line', sampling: 'lttb' });
    expect(series[1]).toMatchObject({ name: 'Previous Revenue', lineStyle: { type: 'dashed' } });
  });
  it('stacks bars and fills areas', () => {
    const bars = buildChartOption({ ...base, view: 'bar-stacked' }).series as Record<string, unknown>[];
    expect(bars[0]).toMatchObject({ type: 'bar', stack: 'total' });
    const area = buildChartOption({ ...base, view: 'area' }).series as Record<string, unknown>[];
    expect(area[0]).toHaveProperty('areaStyle');
  });
  it('formats the value axis by the measure format', () => {
    const option = buildChartOption({ ...base, view: 'bar' });
    const formatter = (option.yAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel
      .formatter;
    expect(formatter(25_000)).toBe('$25K');
  });
  it('draws donuts with a hole and merges small slices', () => {
    const option = buildChartOption({ ...base, view: 'donut' });
    const [pie] = option.series as { radius: unknown; data: { name: string }[] }[];
    expect(pie.radius).toEqual(['45%', '72%']);
    expect(pie.data).toHaveLength(10);
    expect(pie.data[9].name).toBe('Other');
  });
});
