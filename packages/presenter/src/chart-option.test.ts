import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { buildChartOption, chartViewType, MAX_PIE_SLICES } from './chart-option';

const card: TCard = {
  title: 'Revenue by Region',
  text: '',
  date: '2026-11-20T12:00:00Z',
  table: Array.from({ length: 12 }, (_, i) => ({
    Region: `R${i}`,
    Revenue: 100 - i,
    Previous_Revenue: 90 - i,
  })),
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Revenue', label: 'Previous_Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [
    { chart: { type: 'bar', stacked: true }, x: 'Region', y: ['Revenue'] },
    { chart: { type: 'pie' }, x: 'Region', y: ['Revenue'] },
  ],
  insights: [],
};
const input = { card, locale: 'en-US', otherLabel: 'Other', previousLabel: 'Previous' };

describe('buildChartOption', () => {
  it('names a stacked bar spec bar-stacked', () => {
    expect(card.chart.map(chartViewType)).toEqual(['bar-stacked', 'pie']);
  });

  it('draws bars with the comparison series and currency axis labels', () => {
    const option = buildChartOption({ ...input, spec: card.chart[0]!, view: 'bar-stacked' });
    const series = option.series as { name: string; stack?: string; data: unknown[] }[];
    expect(series.map((s) => [s.name, s.stack])).toEqual([
      ['Revenue', 'total'],
      ['Previous Revenue', 'previous'],
    ]);
    const yAxis = option.yAxis as { axisLabel: { formatter: (v: number) => string } };
    expect(yAxis.axisLabel.formatter(25_000)).toBe('$25K');
  });

  it('merges pie slices beyond the limit into one', () => {
    const option = buildChartOption({ ...input, spec: card.chart[1]!, view: 'pie' });
    const data = (option.series as { data: { name: string; value: number }[] }[])[0]!.data;
    expect(data).toHaveLength(MAX_PIE_SLICES);
    expect(data.at(-1)).toEqual({ name: 'Other', value: 91 + 90 + 89 });
  });
});
