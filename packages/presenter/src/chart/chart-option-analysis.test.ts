/** The chart of a forecast (history, dashed forecast, shaded band) and of drivers (diverging bars). */
import type { TCard, TCardColumn, TCardRow } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { buildChartOption, CHANGE_COLORS, type ChartViewType, chartShape } from '.';

type Series = Record<string, unknown> & { id: string; name: string; data: unknown[] };

function makeCard(table: TCardRow[], columns: TCardColumn[], chart: TCard['chart']): TCard {
  return { title: 'A card', text: '', date: '2026-11-20T10:00:00Z', table, columns, chart, insights: [] };
}

function build(card: TCard, view: ChartViewType = 'line', size?: { compact: boolean }) {
  const option = buildChartOption({
    card,
    spec: card.chart[0],
    view,
    locale: 'en-US',
    otherLabel: 'Other',
    previousLabel: 'Previous',
    size,
  });
  return { option, series: option.series as Series[] };
}

const forecastCard = (() => {
  const history = [100, 120, 110, 130];
  const future = [
    { v: 135, lo: 120, hi: 150 },
    { v: 140, lo: 118, hi: 162 },
  ];
  const months = ['2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01'];
  const table: TCardRow[] = months.map((Month, i) => ({
    Month,
    Revenue: i < 4 ? history[i] : null,
    Forecast_Revenue: i < 4 ? null : future[i - 4].v,
    Forecast_Revenue__low: i < 4 ? null : future[i - 4].lo,
    Forecast_Revenue__high: i < 4 ? null : future[i - 4].hi,
  }));
  return makeCard(
    table,
    [
      { key: 'Month', label: 'Ay', kind: 'time', format: 'date' },
      { key: 'Revenue', label: 'Gelir', kind: 'measure', format: 'currency' },
      { key: 'Forecast_Revenue', label: 'Gelir Tahmini', kind: 'measure', format: 'currency' },
      { key: 'Forecast_Revenue__low', label: 'Gelir Tahmini (alt)', kind: 'measure', format: 'currency' },
      { key: 'Forecast_Revenue__high', label: 'Gelir Tahmini (üst)', kind: 'measure', format: 'currency' },
    ],
    [
      {
        chart: { type: 'line' },
        x: 'Month',
        y: ['Revenue', 'Forecast_Revenue', 'Forecast_Revenue__low', 'Forecast_Revenue__high'],
      },
    ],
  );
})();

describe('a forecast chart', () => {
  it('is recognised by its Forecast_ columns', () => {
    expect(chartShape(forecastCard, forecastCard.chart[0])).toEqual({
      kind: 'forecast',
      measure: 'Revenue',
      forecast: 'Forecast_Revenue',
      low: 'Forecast_Revenue__low',
      high: 'Forecast_Revenue__high',
    });
  });

  it('draws the history solid, the forecast dashed from the last history bucket, the bounds as a band', () => {
    const { option, series } = build(forecastCard);
    const byId = Object.fromEntries(series.map((s) => [s.id, s]));
    expect(Object.keys(byId)).toEqual([
      'Forecast_Revenue__low:base',
      'forecast-band',
      'Revenue',
      'Forecast_Revenue',
    ]);
    const history = byId.Revenue;
    expect(history.data).toEqual([100, 120, 110, 130, null, null]);
    expect((history.lineStyle as { type?: string }).type).toBeUndefined();
    const forecast = byId.Forecast_Revenue;
    // Joined to the last measured month (130), then the forecast values.
    expect(forecast.data).toEqual([null, null, null, 130, 135, 140]);
    expect(forecast.lineStyle).toMatchObject({ type: 'dashed' });
    // The band: a transparent base at the low bound plus the band's height, stacked and shaded.
    const base = byId['Forecast_Revenue__low:base'];
    const band = byId['forecast-band'];
    expect(base.data).toEqual([null, null, null, null, 120, 118]);
    expect(band.data).toEqual([null, null, null, null, 30, 44]);
    expect(base.stack).toBe('forecast-band');
    expect(band.stack).toBe('forecast-band');
    expect(base.areaStyle).toBeUndefined();
    expect(band.areaStyle).toBeTruthy();
    expect(base.lineStyle).toEqual({ opacity: 0 });
    // Named in the card's language, the band from its bounds' labels.
    expect((option.legend as { data: string[] }).data).toEqual([
      'Gelir',
      'Gelir Tahmini',
      'Gelir Tahmini (alt – üst)',
    ]);
    // The value axis reaches the band's top.
    expect((option.yAxis as { max: number }).max).toBeGreaterThanOrEqual(162);
  });

  it('shows each bucket’s own values in the tooltip: history, or forecast with its range', () => {
    const { option } = build(forecastCard);
    const formatter = (option.tooltip as { formatter: (p: { dataIndex: number }[]) => string }).formatter;
    const past = formatter([{ dataIndex: 3 }]);
    expect(past).toContain('Gelir');
    expect(past).toContain('$130');
    expect(past).not.toContain('Tahmini');
    const next = formatter([{ dataIndex: 5 }]);
    expect(next).toContain('Gelir Tahmini');
    expect(next).toContain('$140');
    expect(next).toContain('$118 – $162');
  });

  it('keeps the time axis: months the table skips are empty buckets the dashed line crosses', () => {
    // History to August, the forecast from November (September and October not in the table).
    const skipped = {
      ...forecastCard,
      table: forecastCard.table.map((r, i) =>
        i < 4 ? r : { ...r, Month: ['2026-11-01', '2026-12-01'][i - 4] },
      ),
      query: {
        sql: '',
        semantic: {
          measures: ['revenue'],
          dimensions: [],
          timeDimension: {
            field: 'order_date',
            grain: 'month' as const,
            range: { kind: 'last' as const, unit: 'month' as const, n: 4 },
          },
          filters: [],
        },
      },
    };
    const { option, series } = build(skipped);
    expect((option.xAxis as { data: string[] }).data).toEqual([
      'May 2026',
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
      'Dec 2026',
    ]);
    const forecast = series.find((s) => s.id === 'Forecast_Revenue');
    expect(forecast?.data).toEqual([null, null, null, 130, null, null, 135, 140]);
    expect(series.find((s) => s.id === 'forecast-band')?.data).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      30,
      44,
    ]);
    expect(forecast?.connectNulls).toBe(true);
  });

  it('keeps the band on a compact chart, without a legend', () => {
    const { option, series } = build(forecastCard, 'line', { compact: true });
    expect(series.some((s) => s.id === 'forecast-band')).toBe(true);
    expect(option.legend).toEqual({ show: false });
  });
});

describe('a drivers chart', () => {
  const row = (dim: string, value: string, cur: number | null, prev: number | null, share: number) => ({
    Dimension: dim,
    Value: value,
    Revenue: cur,
    Previous_Revenue: prev,
    Revenue__change: null,
    Revenue__contribution: share,
  });
  const card = makeCard(
    [
      row('Region', 'EMEA', 100, 180, 133.33),
      row('Region', 'APAC', 80, 50, -50),
      row('Region', 'Americas', 60, 70, 16.67),
      row('Channel', 'Email', 10, 40, 50),
      row('Channel', 'Other (3)', null, null, 50),
    ],
    [
      { key: 'Dimension', label: 'Dimension', kind: 'dimension', format: 'number' },
      { key: 'Value', label: 'Value', kind: 'dimension', format: 'number' },
      { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
      { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
      { key: 'Revenue__change', label: 'Revenue Change %', kind: 'measure', format: 'percent' },
      { key: 'Revenue__contribution', label: 'Revenue Contribution %', kind: 'measure', format: 'number' },
    ],
    [{ chart: { type: 'bar' }, x: 'Value', y: ['Revenue__contribution'] }],
  );

  it('draws the first dimension’s contributions as horizontal bars around zero, coloured by direction', () => {
    expect(chartShape(card, card.chart[0])).toEqual({ kind: 'contributions', dimension: 'Dimension' });
    const { option, series } = build(card, 'bar');
    const yAxis = option.yAxis as { type: string; data: string[]; inverse: boolean };
    expect(yAxis.type).toBe('category');
    expect(yAxis.data).toEqual(['EMEA', 'APAC', 'Americas']);
    expect(yAxis.inverse).toBe(true);
    expect((option.xAxis as { type: string; min: number }).type).toBe('value');
    expect((option.xAxis as { min: number }).min).toBeLessThanOrEqual(-50);
    const data = series[0].data as { value: number; itemStyle: { color: string } }[];
    expect(data.map((d) => d.value)).toEqual([133.33, -50, 16.67]);
    // EMEA and Americas fell, APAC rose (its contribution to a fall is negative).
    expect(data.map((d) => d.itemStyle.color)).toEqual([
      CHANGE_COLORS.down,
      CHANGE_COLORS.up,
      CHANGE_COLORS.down,
    ]);
    expect(series[0].name).toBe('Region · Revenue Contribution %');
    const label = series[0].label as { formatter: (p: { value: number }) => string };
    expect(label.formatter({ value: 133.33 })).toBe('133.3%');
    const axis = option.xAxis as { axisLabel: { formatter: (v: number) => string } };
    expect(axis.axisLabel.formatter(-50)).toBe('-50%');
  });

  it('greys a remainder row without levels', () => {
    const channel = makeCard(card.table.slice(3), card.columns, card.chart);
    const data = build(channel, 'bar').series[0].data as { itemStyle: { color: string } }[];
    expect(data.map((d) => d.itemStyle.color)).toEqual([CHANGE_COLORS.down, CHANGE_COLORS.other]);
  });
});
