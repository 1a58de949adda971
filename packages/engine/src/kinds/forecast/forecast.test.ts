import type { TDateRange, TSemanticQuery, TTimeGrain } from '@parley/contract';
import { ZCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { addUnits } from '../../dates/date-range';
import { getDemoModel } from '../../model/demo-model';
import {
  buildForecastAnswer,
  FIRST_DAY_KEY,
  forecastMethod,
  futureBuckets,
  planForecast,
  seasonLength,
} from './forecast';
import { fitHoltWinters, forecastHoltWinters, minimumHistory } from './holt-winters';

const model = getDemoModel();
const TODAY = '2026-11-20'; // a Friday
const options = { dialect: 'duckdb' as const, today: TODAY, weekStart: 'monday' as const };

const SEASON = [5, -3, 2, 8, -6, 0, 4, -2, -7, 3, 1, -5];
/** A linear trend plus a fixed 12-step season: Holt-Winters should continue it almost exactly. */
const seasonal = (n: number, from = 0): number[] =>
  Array.from({ length: n }, (_, i) => 100 + 2 * (i + from) + SEASON[(i + from) % 12]);

describe('Holt-Winters', () => {
  it('continues a trend + season series and keeps low ≤ forecast ≤ high, widening with the step', () => {
    const fit = fitHoltWinters(seasonal(36), 12);
    const points = forecastHoltWinters(fit, [1, 2, 3, 6, 12]);
    const want = seasonal(12, 36);
    for (const p of points) {
      expect(p.value).toBeCloseTo(want[p.step - 1], 1);
      expect(p.low).toBeLessThanOrEqual(p.value);
      expect(p.value).toBeLessThanOrEqual(p.high);
    }
    expect(points[4].high - points[4].low).toBeGreaterThanOrEqual(points[0].high - points[0].low);
  });

  it('fits Holt’s linear trend without a season', () => {
    const y = Array.from({ length: 10 }, (_, i) => 50 + 3 * i);
    const fit = fitHoltWinters(y, null);
    const [p] = forecastHoltWinters(fit, [2]);
    expect(p.value).toBeCloseTo(50 + 3 * 11, 6);
    expect(fit.sigma).toBeCloseTo(0, 6);
  });

  it('bounds come from the residuals: a noisy series gets a real band', () => {
    // Not periodic in 12, so the season cannot absorb it.
    const y = seasonal(36).map((v, i) => v + ((i * i * 37) % 11) - 5);
    const fit = fitHoltWinters(y, 12);
    expect(fit.sigma).toBeGreaterThan(0.5);
    const [p] = forecastHoltWinters(fit, [1]);
    expect(p.high - p.low).toBeCloseTo(2 * 1.959963984540054 * fit.sigma, 6);
  });

  it('needs two seasons, or 8 points without one', () => {
    expect(minimumHistory(12)).toBe(24);
    expect(minimumHistory(null)).toBe(8);
    expect(() => fitHoltWinters(seasonal(20), 12)).toThrow();
    expect(seasonLength('week', 103)).toBeNull();
    expect(seasonLength('week', 104)).toBe(52);
    expect(seasonLength('day', 30)).toBe(7);
  });
});

describe('futureBuckets', () => {
  it('are the horizon full buckets after the current one', () => {
    expect(futureBuckets(TODAY, 'day', 3, 'monday')).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(futureBuckets(TODAY, 'week', 2, 'monday')).toEqual(['2026-11-23', '2026-11-30']);
    expect(futureBuckets(TODAY, 'week', 2, 'sunday')).toEqual(['2026-11-22', '2026-11-29']);
    expect(futureBuckets(TODAY, 'month', 3, 'monday')).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
    expect(futureBuckets(TODAY, 'quarter', 1, 'monday')).toEqual(['2027-01-01']);
    expect(futureBuckets('2026-12-31', 'month', 1, 'monday')).toEqual(['2027-01-01']);
  });
});

/** Rows as the history query returns them, one per bucket from `from`. */
const rowsOf = (grain: TTimeGrain, from: string, values: number[], key: string): Record<string, unknown>[] =>
  values.map((v, i) => ({ [key]: addUnits(from, grain, i), Revenue: v }));

const forecastQuery = (grain: TTimeGrain, range: TDateRange, horizon: number): TSemanticQuery => ({
  measures: ['revenue'],
  dimensions: [],
  timeDimension: { field: 'order_date', grain, range },
  filters: [],
  analysis: { kind: 'forecast', horizon },
});

function answer(
  query: TSemanticQuery,
  rows: Record<string, unknown>[],
  weekStart: 'monday' | 'sunday' = 'monday',
) {
  const compiled = planForecast(query, model, { ...options, weekStart });
  return buildForecastAnswer({
    query,
    model,
    compiled,
    rows,
    readAt: `${TODAY}T10:00:00.000Z`,
    today: TODAY,
    weekStart,
    locale: 'en-US',
  });
}

describe('buildForecastAnswer', () => {
  it('"next quarter" in November: the months of Q1 after the skipped December', () => {
    const query: TSemanticQuery = {
      ...forecastQuery('month', { kind: 'last', unit: 'month', n: 24 }, 3),
      analysis: { kind: 'forecast', horizon: 3, skip: 1 },
    };
    const result = answer(query, rowsOf('month', '2024-11-01', seasonal(24), 'Month'));
    if (result.kind !== 'card') throw new Error('expected a card');
    const future = result.card.table.filter((r) => r.Forecast_Revenue !== null);
    expect(future.map((r) => r.Month)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01']);
    // Titled by what was asked, in the card's language.
    expect(result.card.title).toBe('Revenue forecast, Q1 2027');
    expect(result.card.period?.label).toBe('Q1 2027');
    const tr = buildForecastAnswer({
      query,
      model,
      compiled: planForecast(query, model, options),
      rows: rowsOf('month', '2024-11-01', seasonal(24), 'Month'),
      readAt: `${TODAY}T10:00:00.000Z`,
      today: TODAY,
      weekStart: 'monday',
      locale: 'tr-TR',
      language: 'tr',
    });
    if (tr.kind !== 'card') throw new Error(tr.text);
    expect(tr.card.title).toBe('Gelir tahmini, 2027 1. çeyrek');
    expect(tr.card.period?.label).toBe('2027 1. çeyrek');
  });

  it('titles a calendar year by the year, and other spans by their length', () => {
    const rows = rowsOf('month', '2024-11-01', seasonal(24), 'Month');
    const year = answer(
      {
        ...forecastQuery('month', { kind: 'last', unit: 'month', n: 24 }, 12),
        analysis: { kind: 'forecast', horizon: 12, skip: 1 },
      },
      rows,
    );
    if (year.kind !== 'card') throw new Error(year.text);
    expect(year.card.title).toBe('Revenue forecast, 2027');
    const three = answer(forecastQuery('month', { kind: 'last', unit: 'month', n: 24 }, 3), rows);
    if (three.kind !== 'card') throw new Error(three.text);
    expect(three.card.title).toBe('Revenue forecast, next 3 months');
  });

  it('monthly: 24 history rows as read, then exactly the asked months with ordered bounds', () => {
    const query = forecastQuery('month', { kind: 'last', unit: 'month', n: 24 }, 3);
    const values = seasonal(24).map((v) => v * 1000);
    const result = answer(query, rowsOf('month', '2024-11-01', values, 'Month'));
    expect(result.kind).toBe('card');
    if (result.kind !== 'card') return;
    const { card } = result;
    expect(ZCard.parse(card)).toBeTruthy();
    expect(card.columns.map((c) => c.key)).toEqual([
      'Month',
      'Revenue',
      'Forecast_Revenue',
      'Forecast_Revenue__low',
      'Forecast_Revenue__high',
    ]);
    const history = card.table.filter((r) => r.Revenue !== null);
    expect(history.map((r) => r.Revenue)).toEqual(values);
    expect(history[0].Month).toBe('2024-11-01');
    expect(history.at(-1)?.Month).toBe('2026-10-01');
    const future = card.table.filter((r) => r.Forecast_Revenue !== null);
    expect(future.map((r) => r.Month)).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
    for (const r of future) {
      expect(r.Forecast_Revenue__low as number).toBeLessThanOrEqual(r.Forecast_Revenue as number);
      expect(r.Forecast_Revenue as number).toBeLessThanOrEqual(r.Forecast_Revenue__high as number);
    }
    // December is step 2 after October: the season's 2nd slot continues the pattern.
    expect(future[0].Forecast_Revenue as number).toBeCloseTo(seasonal(27)[25] * 1000, -2);
    expect(card.text).toContain('Holt-Winters additive, season 12, fitted on 24 months');
    expect(card.text).toContain('The forecast starts after the current month (Nov 2026)');
    expect(card.chart).toEqual([
      {
        chart: { type: 'line' },
        x: 'Month',
        y: ['Revenue', 'Forecast_Revenue', 'Forecast_Revenue__low', 'Forecast_Revenue__high'],
      },
    ]);
  });

  it('leaves the running month out of the history and says so', () => {
    const query = forecastQuery('month', { kind: 'between', from: '2024-01-01', to: TODAY }, 1);
    const values = seasonal(35);
    const result = answer(query, rowsOf('month', '2024-01-01', values, 'Month'));
    if (result.kind !== 'card') throw new Error(result.text);
    const history = result.card.table.filter((r) => r.Revenue !== null);
    expect(history).toHaveLength(34);
    expect(history.at(-1)?.Month).toBe('2026-10-01');
    expect(result.card.text).toContain('The current month (Nov 2026) is still running');
    expect(result.card.table.filter((r) => r.Forecast_Revenue !== null).map((r) => r.Month)).toEqual([
      '2026-12-01',
    ]);
  });

  it('leaves a first month the data covers only partly out of the fit, the history and the counts', () => {
    const query = forecastQuery('month', { kind: 'all' }, 1);
    // The history query itself returns each bucket's first day with data.
    expect(planForecast(query, model, options).sql).toMatch(/MIN\(/);
    // The data begins on 15 Nov 2023: that month is half a month, far below the others.
    const values = seasonal(36);
    const rows = rowsOf('month', '2023-11-01', [values[0] / 2, ...values.slice(1)], 'Month').map((r, i) => ({
      ...r,
      [FIRST_DAY_KEY]: i === 0 ? '2023-11-15' : r.Month,
    }));
    const result = answer(query, rows);
    if (result.kind !== 'card') throw new Error(result.text);
    const history = result.card.table.filter((r) => r.Revenue !== null);
    expect(history[0].Month).toBe('2023-12-01');
    expect(history).toHaveLength(35);
    expect(result.card.text).toContain('fitted on 35 months (Dec 2023 – Oct 2026)');
    expect(result.card.text).toContain(
      'The data begins on Nov 15, 2023, so its first month (Nov 2023) is incomplete',
    );
    // The same history without the half month gives the same forecast.
    const whole = answer(query, rows.slice(1));
    if (whole.kind !== 'card') throw new Error(whole.text);
    const f = (c: typeof whole.card) => c.table.filter((r) => r.Forecast_Revenue !== null);
    expect(f(result.card)).toEqual(f(whole.card));
  });

  it('names the method from the history rows of the card, in each language', () => {
    const query = forecastQuery('month', { kind: 'last', unit: 'month', n: 24 }, 3);
    const result = answer(query, rowsOf('month', '2024-11-01', seasonal(24), 'Month'));
    if (result.kind !== 'card') throw new Error(result.text);
    const n = result.card.table.filter((r) => r.Revenue !== null).length;
    expect(forecastMethod('month', n)).toBe('Holt-Winters additive, season 12');
    expect(result.card.text).toContain(`Method: ${forecastMethod('month', n)}, fitted on 24 months`);
    expect(forecastMethod('month', 23, 'tr')).toBe(
      'Holt doğrusal trend (mevsimsellik yok: iki mevsimden az geçmiş)',
    );
  });

  it('a first month the range cuts is said to be cut by the range, not where the data begins', () => {
    const query = forecastQuery('month', { kind: 'between', from: '2023-11-15', to: TODAY }, 1);
    const rows = rowsOf('month', '2023-11-01', seasonal(37), 'Month').map((r, i) => ({
      ...r,
      [FIRST_DAY_KEY]: i === 0 ? '2023-11-15' : r.Month,
    }));
    const result = answer(query, rows);
    if (result.kind !== 'card') throw new Error(result.text);
    expect(result.card.table.find((r) => r.Revenue !== null)?.Month).toBe('2023-12-01');
    expect(result.card.text).toContain('Incomplete month at the edge of the range (Nov 2023) left out.');
    expect(result.card.text).not.toContain('The data begins');
  });

  it('keeps a first month that starts on its first day', () => {
    const query = forecastQuery('month', { kind: 'all' }, 1);
    const rows = rowsOf('month', '2023-11-01', seasonal(36), 'Month').map((r) => ({
      ...r,
      [FIRST_DAY_KEY]: r.Month,
    }));
    const result = answer(query, rows);
    if (result.kind !== 'card') throw new Error(result.text);
    expect(result.card.table.find((r) => r.Revenue !== null)?.Month).toBe('2023-11-01');
    expect(result.card.text).not.toContain('The data begins');
  });

  it('daily: season 7, next days start tomorrow', () => {
    const query = forecastQuery('day', { kind: 'last', unit: 'day', n: 56 }, 7);
    const week = [10, 12, 11, 13, 20, 25, 9];
    const values = Array.from({ length: 56 }, (_, i) => 100 + week[i % 7] + i * 0.5);
    const result = answer(query, rowsOf('day', '2026-09-25', values, 'Day'));
    if (result.kind !== 'card') throw new Error(result.text);
    expect(result.card.table.filter((r) => r.Forecast_Revenue !== null).map((r) => r.Day)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(result.card.text).toContain('Holt-Winters additive, season 7, fitted on 56 days');
  });

  it('weekly with under two years: Holt’s linear trend, weeks after the current one', () => {
    const query = forecastQuery('week', { kind: 'last', unit: 'week', n: 20 }, 2);
    const values = Array.from({ length: 20 }, (_, i) => 1000 + 10 * i + (i % 3));
    const result = answer(query, rowsOf('week', '2026-06-29', values, 'Week'), 'monday');
    if (result.kind !== 'card') throw new Error(result.text);
    expect(result.card.table.filter((r) => r.Forecast_Revenue !== null).map((r) => r.Week)).toEqual([
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(result.card.text).toContain('Holt&#39;s linear trend');
  });

  it('refuses with a reason when the history is too short', () => {
    const query = forecastQuery('month', { kind: 'last', unit: 'month', n: 6 }, 3);
    const result = answer(query, rowsOf('month', '2026-05-01', [1, 2, 3, 4, 5, 6], 'Month'));
    expect(result.kind).toBe('refuse');
    if (result.kind === 'refuse') {
      expect(result.text).toContain('too little history');
      expect(result.text).toContain('6 complete months');
    }
  });

  it('never forecasts a negative sum, bounds still ordered', () => {
    const query = forecastQuery('month', { kind: 'last', unit: 'month', n: 12 }, 6);
    const values = Array.from({ length: 12 }, (_, i) => 1200 - 100 * i);
    const result = answer(query, rowsOf('month', '2025-11-01', values, 'Month'));
    if (result.kind !== 'card') throw new Error(result.text);
    for (const r of result.card.table.filter((x) => x.Forecast_Revenue !== null)) {
      expect(r.Forecast_Revenue__low as number).toBeGreaterThanOrEqual(0);
      expect(r.Forecast_Revenue__low as number).toBeLessThanOrEqual(r.Forecast_Revenue as number);
      expect(r.Forecast_Revenue as number).toBeLessThanOrEqual(r.Forecast_Revenue__high as number);
    }
  });
});
