/** The chart is chosen by the card's kind; cards stored before cards had one draw as they did. */
import type { TCard, TCardChart, TCardColumn, TCardRow } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { buildChartOption, type ChartViewType, chartShape } from '.';
import { detectedKind } from './shape';

function makeCard(
  table: TCardRow[],
  columns: TCardColumn[],
  chart: TCardChart[],
  kind?: TCard['kind'],
): TCard {
  return {
    title: 'A card',
    text: '',
    date: '2026-11-20T10:00:00Z',
    table,
    columns,
    chart,
    insights: [],
    ...(kind ? { kind } : {}),
  };
}

/** The option as JSON: its formatters are closures, equal only in what they draw. */
function option(card: TCard, view: ChartViewType): string {
  const built = buildChartOption({
    card,
    spec: card.chart[0],
    view,
    locale: 'en-US',
    otherLabel: 'Other',
    previousLabel: 'Previous',
  });
  return JSON.stringify(built);
}

const measure = (key: string): TCardColumn => ({ key, label: key, kind: 'measure', format: 'currency' });

const forecast = (kind?: TCard['kind']): TCard =>
  makeCard(
    ['2026-07-01', '2026-08-01', '2026-09-01'].map((Month, i) => ({
      Month,
      Revenue: i < 2 ? 100 + i : null,
      Forecast_Revenue: i < 2 ? null : 105,
      Forecast_Revenue__low: i < 2 ? null : 95,
      Forecast_Revenue__high: i < 2 ? null : 115,
    })),
    [
      { key: 'Month', label: 'Month', kind: 'time', format: 'date' },
      measure('Revenue'),
      measure('Forecast_Revenue'),
      measure('Forecast_Revenue__low'),
      measure('Forecast_Revenue__high'),
    ],
    [
      {
        chart: { type: 'line' },
        x: 'Month',
        y: ['Revenue', 'Forecast_Revenue', 'Forecast_Revenue__low', 'Forecast_Revenue__high'],
      },
    ],
    kind,
  );

const drivers = (kind?: TCard['kind']): TCard =>
  makeCard(
    [
      { Dimension: 'Region', Value: 'EMEA', Revenue: 100, Previous_Revenue: 180, Revenue__contribution: 80 },
      { Dimension: 'Region', Value: 'APAC', Revenue: 80, Previous_Revenue: 100, Revenue__contribution: 20 },
    ],
    [
      { key: 'Dimension', label: 'Dimension', kind: 'dimension', format: 'number' },
      { key: 'Value', label: 'Value', kind: 'dimension', format: 'number' },
      measure('Revenue'),
      measure('Previous_Revenue'),
      { key: 'Revenue__contribution', label: 'Contribution', kind: 'measure', format: 'number' },
    ],
    [{ chart: { type: 'bar' }, x: 'Value', y: ['Revenue__contribution'] }],
    kind,
  );

const views: ChartViewType[] = ['line', 'area', 'bar', 'bar-stacked', 'pie', 'donut'];

describe('the chart of a card by its kind', () => {
  it('draws a forecast card as a forecast, the same as the card stored without a kind', () => {
    const card = forecast('forecast');
    expect(chartShape(card, card.chart[0]).kind).toBe('forecast');
    for (const view of views) expect(option(card, view)).toEqual(option(forecast(), view));
  });

  it('draws a drivers card as contributions, the same as the card stored without a kind', () => {
    const card = drivers('drivers');
    expect(chartShape(card, card.chart[0])).toEqual({ kind: 'contributions', dimension: 'Dimension' });
    for (const view of views) expect(option(card, view)).toEqual(option(drivers(), view));
  });

  it('draws a plain answer by its result, whatever its column names look like', () => {
    // A model whose measures happen to be named like a forecast's band: the kind says it is plain.
    const card = forecast('aggregate');
    expect(chartShape(card, card.chart[0])).toEqual({ kind: 'simple' });
    const contributions = drivers('aggregate');
    expect(chartShape(contributions, contributions.chart[0])).toEqual({ kind: 'pivot', series: 'Dimension' });
  });
});

describe('a card stored without a kind', () => {
  it('is told by its columns, as before cards carried a kind', () => {
    expect(detectedKind(forecast(), forecast().chart[0])).toBe('forecast');
    expect(detectedKind(drivers(), drivers().chart[0])).toBe('drivers');
    const plain = makeCard(
      [{ Region: 'EMEA', Revenue: 1 }],
      [{ key: 'Region', label: 'Region', kind: 'dimension', format: 'number' }, measure('Revenue')],
      [{ chart: { type: 'bar' }, x: 'Region', y: ['Revenue'] }],
    );
    expect(detectedKind(plain, plain.chart[0])).toBe('aggregate');
    // A forecast without its band is not drawn as one.
    const bandless = makeCard(forecast().table, forecast().columns.slice(0, 3), forecast().chart);
    expect(detectedKind(bandless, bandless.chart[0])).toBe('aggregate');
  });
});
