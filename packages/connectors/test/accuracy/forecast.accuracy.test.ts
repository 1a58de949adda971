/**
 * Forecast accuracy over the demo dataset (today = 2026-11-20, a Friday; weeks from Monday). Each
 * case is a SemanticQuery with `analysis: forecast` (the parser's part is tested on its own). The
 * card's history rows must equal hand-written SQL over the complete buckets, its forecast rows must
 * be exactly the asked future buckets with low ≤ forecast ≤ high, and the text must name the
 * method; too short a history must be refused with a reason.
 */
import type { TDateRange, TQueryFilter, TSemanticQuery, TTimeGrain } from '@parley/contract';
import { buildForecastAnswer, getDemoModel, planForecast } from '@parley/engine';
import { getTestDemoPath, TEST_END_DATE } from '@parley/testing/fixtures/demo-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TQueryValue } from '../../src/connector';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

const CONTEXT = { dialect: 'duckdb' as const, today: TEST_END_DATE, weekStart: 'monday' as const };
const OPTIONS = { timeoutMs: 30_000, maxRows: 5_000 };

const OI = 'FROM order_items oi JOIN orders o ON o.order_id = oi.order_id';
const OIP = `${OI} JOIN products p ON p.product_id = oi.product_id`;
const REV = 'SUM(oi.quantity * oi.unit_price - oi.discount)';
const DONE = "o.status = 'completed'";

/** A measure by hand: its FROM, its date column and its aggregate (WHERE kept apart). */
const M = {
  revenue: { field: 'order_date', from: OI, date: 'o.order_date', where: DONE, agg: REV },
  orders: {
    field: 'order_date',
    from: 'FROM orders o',
    date: 'o.order_date',
    where: DONE,
    agg: 'COUNT(DISTINCT o.order_id)',
  },
  units_sold: { field: 'order_date', from: OI, date: 'o.order_date', where: DONE, agg: 'SUM(oi.quantity)' },
  gross_margin: {
    field: 'order_date',
    from: OIP,
    date: 'o.order_date',
    where: DONE,
    agg: 'SUM(oi.quantity * (oi.unit_price - p.unit_cost) - oi.discount)',
  },
  customers: {
    field: 'order_date',
    from: 'FROM orders o',
    date: 'o.order_date',
    where: DONE,
    agg: 'COUNT(DISTINCT o.customer_id)',
  },
  average_order_value: {
    field: 'order_date',
    from: OI,
    date: 'o.order_date',
    where: DONE,
    agg: `${REV} * 1.0 / COUNT(DISTINCT o.order_id)`,
  },
  sessions: { field: 'date', from: 'FROM web_traffic', date: 'date', where: 'TRUE', agg: 'SUM(sessions)' },
  conversions: {
    field: 'date',
    from: 'FROM web_traffic',
    date: 'date',
    where: 'TRUE',
    agg: 'SUM(conversions)',
  },
  pageviews: { field: 'date', from: 'FROM web_traffic', date: 'date', where: 'TRUE', agg: 'SUM(pageviews)' },
  conversion_rate: {
    field: 'date',
    from: 'FROM web_traffic',
    date: 'date',
    where: 'TRUE',
    agg: 'SUM(conversions) * 1.0 / SUM(sessions)',
  },
} as const;

interface TForecastCase {
  measure: keyof typeof M;
  grain: TTimeGrain;
  range: TDateRange;
  horizon: number;
  filters?: TQueryFilter[];
  where?: string;
  /** The complete buckets of history, first and last bucket start, by hand; 'refuse' expects a reason instead. */
  history: [string, string] | 'refuse';
  /** The asked future bucket starts, by hand. */
  future?: string[];
  /** Words the text must contain (the method). */
  method?: string;
}

const MONTHS_DEC_FEB = ['2026-12-01', '2027-01-01', '2027-02-01'];
const CASES: TForecastCase[] = [
  {
    measure: 'revenue',
    grain: 'month',
    range: { kind: 'last', unit: 'month', n: 24 },
    horizon: 3,
    history: ['2024-11-01', '2026-10-01'],
    future: MONTHS_DEC_FEB,
    method: 'Holt-Winters additive, season 12, fitted on 24 months',
  },
  {
    measure: 'orders',
    grain: 'month',
    range: { kind: 'last', unit: 'month', n: 24 },
    horizon: 1,
    history: ['2024-11-01', '2026-10-01'],
    future: ['2026-12-01'],
    method: 'season 12',
  },
  {
    measure: 'units_sold',
    grain: 'month',
    range: { kind: 'last', unit: 'month', n: 30 },
    horizon: 6,
    history: ['2024-05-01', '2026-10-01'],
    future: ['2026-12-01', '2027-01-01', '2027-02-01', '2027-03-01', '2027-04-01', '2027-05-01'],
    method: 'fitted on 30 months',
  },
  {
    measure: 'sessions',
    grain: 'month',
    range: { kind: 'last', unit: 'month', n: 24 },
    horizon: 3,
    history: ['2024-11-01', '2026-10-01'],
    future: MONTHS_DEC_FEB,
    method: 'Holt-Winters additive, season 12',
  },
  {
    measure: 'revenue',
    grain: 'day',
    range: { kind: 'last', unit: 'day', n: 56 },
    horizon: 7,
    history: ['2026-09-25', '2026-11-19'],
    future: [
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ],
    method: 'Holt-Winters additive, season 7, fitted on 56 days',
  },
  {
    measure: 'orders',
    grain: 'day',
    range: { kind: 'last', unit: 'day', n: 90 },
    horizon: 14,
    history: ['2026-08-22', '2026-11-19'],
    future: Array.from(
      { length: 14 },
      (_, i) => `2026-${i < 10 ? '11' : '12'}-${String(i < 10 ? 21 + i : i - 9).padStart(2, '0')}`,
    ),
    method: 'season 7',
  },
  {
    measure: 'conversions',
    grain: 'day',
    range: { kind: 'last', unit: 'day', n: 28 },
    horizon: 3,
    history: ['2026-10-23', '2026-11-19'],
    future: ['2026-11-21', '2026-11-22', '2026-11-23'],
    method: 'season 7, fitted on 28 days',
  },
  {
    measure: 'revenue',
    grain: 'week',
    range: { kind: 'last', unit: 'week', n: 20 },
    horizon: 4,
    history: ['2026-06-29', '2026-11-09'],
    future: ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14'],
    method: 'Holt&#39;s linear trend',
  },
  {
    measure: 'sessions',
    grain: 'week',
    range: { kind: 'last', unit: 'week', n: 110 },
    horizon: 2,
    history: ['2024-10-07', '2026-11-09'],
    future: ['2026-11-23', '2026-11-30'],
    method: 'Holt-Winters additive, season 52, fitted on 110 weeks',
  },
  {
    measure: 'revenue',
    grain: 'quarter',
    range: { kind: 'last', unit: 'quarter', n: 8 },
    horizon: 1,
    history: ['2024-10-01', '2026-07-01'],
    future: ['2027-01-01'],
    method: 'Holt-Winters additive, season 4, fitted on 8 quarters',
  },
  {
    measure: 'gross_margin',
    grain: 'month',
    range: { kind: 'between', from: '2024-01-01', to: TEST_END_DATE },
    horizon: 2,
    history: ['2024-01-01', '2026-10-01'],
    future: ['2026-12-01', '2027-01-01'],
    method: 'fitted on 34 months',
  },
  {
    measure: 'customers',
    grain: 'month',
    range: { kind: 'to_date', unit: 'year' },
    horizon: 1,
    history: ['2026-01-01', '2026-10-01'],
    future: ['2026-12-01'],
    method: 'Holt&#39;s linear trend (no season: fewer than two seasons of history)',
  },
  {
    measure: 'revenue',
    grain: 'month',
    range: { kind: 'last', unit: 'month', n: 24 },
    horizon: 3,
    filters: [{ field: 'region', op: 'in', values: ['EMEA'] }],
    where: "o.region = 'EMEA'",
    history: ['2024-11-01', '2026-10-01'],
    future: MONTHS_DEC_FEB,
    method: 'season 12',
  },
  {
    measure: 'pageviews',
    grain: 'month',
    range: { kind: 'last', unit: 'month', n: 35 },
    horizon: 12,
    history: ['2023-12-01', '2026-10-01'],
    future: Array.from({ length: 12 }, (_, i) =>
      i === 0 ? '2026-12-01' : `2027-${String(i).padStart(2, '0')}-01`,
    ),
    method: 'fitted on 35 months',
  },
  {
    measure: 'average_order_value',
    grain: 'month',
    range: { kind: 'last', unit: 'month', n: 24 },
    horizon: 3,
    history: ['2024-11-01', '2026-10-01'],
    future: MONTHS_DEC_FEB,
    method: 'season 12',
  },
  {
    measure: 'conversion_rate',
    grain: 'week',
    range: { kind: 'last', unit: 'week', n: 30 },
    horizon: 4,
    history: ['2026-04-20', '2026-11-09'],
    future: ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14'],
    method: 'Holt&#39;s linear trend',
  },
  {
    measure: 'revenue',
    grain: 'month',
    range: { kind: 'this', unit: 'year' },
    horizon: 3,
    history: ['2026-01-01', '2026-10-01'],
    future: MONTHS_DEC_FEB,
    method: 'The current month (Nov 2026) is still running',
  },
  {
    // The demo data begins on Tuesday 21 Nov 2023: that month and that week are not history.
    measure: 'revenue',
    grain: 'month',
    range: { kind: 'all' },
    horizon: 3,
    history: ['2023-12-01', '2026-10-01'],
    future: MONTHS_DEC_FEB,
    method: 'so its first month (Nov 2023) is incomplete and not part of the history',
  },
  {
    measure: 'sessions',
    grain: 'week',
    range: { kind: 'all' },
    horizon: 1,
    history: ['2023-11-27', '2026-11-09'],
    future: ['2026-11-23'],
    method: 'is incomplete and not part of the history',
  },
  {
    measure: 'revenue',
    grain: 'month',
    range: { kind: 'last', unit: 'month', n: 6 },
    horizon: 3,
    history: 'refuse',
  },
  {
    measure: 'orders',
    grain: 'day',
    range: { kind: 'last', unit: 'day', n: 7 },
    horizon: 3,
    history: 'refuse',
  },
  { measure: 'revenue', grain: 'year', range: { kind: 'all' }, horizon: 1, history: 'refuse' },
];

const TRUNC: Record<TTimeGrain, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};
const day = (v: TQueryValue | undefined): string => String(v).slice(0, 10);
const close = (a: number, b: number): boolean =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('accuracy: forecasts on the demo dataset', () => {
  let connector: DuckDbConnector;
  const model = getDemoModel();
  beforeAll(async () => {
    connector = new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() });
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
  });

  for (const c of CASES) {
    const m = M[c.measure];
    it(`forecast ${c.measure} next ${c.horizon} ${c.grain}s from ${JSON.stringify(c.range)}${c.where ? ` where ${c.where}` : ''}`, async () => {
      const query: TSemanticQuery = {
        measures: [c.measure],
        dimensions: [],
        timeDimension: { field: m.field, grain: c.grain, range: c.range },
        filters: c.filters ?? [],
        analysis: { kind: 'forecast', horizon: c.horizon },
      };
      const compiled = planForecast(query, model, CONTEXT);
      const got = await connector.query(compiled.sql, compiled.params, OPTIONS);
      const answer = buildForecastAnswer({
        query,
        model,
        compiled,
        rows: got.rows,
        readAt: `${TEST_END_DATE}T00:00:00.000Z`,
        today: TEST_END_DATE,
        weekStart: 'monday',
        locale: 'en-US',
      });
      if (c.history === 'refuse') {
        expect(answer.kind).toBe('refuse');
        if (answer.kind === 'refuse') expect(answer.text).toMatch(/too little history/);
        return;
      }
      if (answer.kind !== 'card') throw new Error(answer.text);
      const { card } = answer;
      const label = model.measures.find((x) => x.name === c.measure)!.label;
      const timeKey = card.columns[0].key;

      // History rows exactly as hand-written SQL over the complete buckets.
      const [from, to] = c.history;
      const bucket = `CAST(date_trunc('${TRUNC[c.grain]}', ${m.date}) AS DATE)`;
      const want = (
        await connector.query(
          `SELECT ${bucket} AS t, ${m.agg} AS v ${m.from} WHERE ${m.where}${c.where ? ` AND ${c.where}` : ''} AND ${bucket} BETWEEN DATE '${from}' AND DATE '${to}' GROUP BY 1 ORDER BY 1`,
          [],
          OPTIONS,
        )
      ).rows;
      const history = card.table.filter((r) => r[label] !== null);
      expect(history.map((r) => r[timeKey])).toEqual(want.map((r) => day(r.t)));
      history.forEach((r, i) => {
        expect(
          close(r[label] as number, Number(want[i].v)),
          `${r[timeKey]}: ${r[label]} vs ${want[i].v}`,
        ).toBe(true);
        expect(r[`Forecast_${label}`]).toBeNull();
      });

      // Exactly the asked future buckets, bounds ordered, after the history.
      const future = card.table.filter((r) => r[label] === null);
      expect(future.map((r) => r[timeKey])).toEqual(c.future);
      for (const r of future) {
        const f = r[`Forecast_${label}`] as number;
        const low = r[`Forecast_${label}__low`] as number;
        const high = r[`Forecast_${label}__high`] as number;
        expect(Number.isFinite(f) && Number.isFinite(low) && Number.isFinite(high)).toBe(true);
        expect(low).toBeLessThanOrEqual(f);
        expect(f).toBeLessThanOrEqual(high);
      }
      expect(card.text).toContain(c.method);
    });
  }

  it('has at least 15 forecast cases', () => {
    expect(CASES.filter((c) => c.history !== 'refuse').length).toBeGreaterThanOrEqual(15);
  });
});
