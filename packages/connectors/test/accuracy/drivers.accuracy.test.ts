/**
 * Drivers accuracy over the demo dataset (today = 2026-11-20, weeks from Monday). Each case is a
 * SemanticQuery with `analysis: drivers` (the parser's part is tested on its own); the engine's
 * per-dimension queries run on DuckDB and the card is checked against hand-written SQL over the
 * raw tables: the total, every shown value's current and previous numbers, its contribution, that
 * each dimension's contributions add up to 100 %, and — where the dimension splits the measure
 * into disjoint parts — that its rows' changes add up to the total change.
 */
import type { TQueryFilter, TSemanticQuery } from '@parley/contract';
import { buildDriversCard, getDemoModel, planDrivers } from '@parley/engine';
import { getTestDemoPath, TEST_END_DATE } from '@parley/testing/fixtures/demo-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TQueryValue } from '../../src/connector';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

const CONTEXT = { dialect: 'duckdb' as const, today: TEST_END_DATE, weekStart: 'monday' as const };
const OPTIONS = { timeoutMs: 30_000, maxRows: 5_000 };

/** A measure written by hand against the raw tables. */
interface THandMeasure {
  name: string;
  field: 'order_date' | 'date';
  from: string;
  date: string;
  where: string;
  /** Aggregates of one period given its date condition; a ratio has [numerator, denominator]. */
  parts: ((cond: string) => string)[];
}

const OI =
  'order_items oi JOIN orders o ON o.order_id = oi.order_id JOIN products p ON p.product_id = oi.product_id JOIN customers c ON c.customer_id = o.customer_id';
const ORD = 'orders o JOIN customers c ON c.customer_id = o.customer_id';
const ORD_P = `order_items oi JOIN orders o ON o.order_id = oi.order_id JOIN customers c ON c.customer_id = o.customer_id JOIN products p ON p.product_id = oi.product_id`;
const sum = (expr: string) => (cond: string) => `SUM(CASE WHEN ${cond} THEN ${expr} END)`;
const distinct = (expr: string) => (cond: string) => `COUNT(DISTINCT CASE WHEN ${cond} THEN ${expr} END)`;
const REV = 'oi.quantity * oi.unit_price - oi.discount';
const DONE = "o.status = 'completed'";

const M: Record<string, THandMeasure> = {
  revenue: {
    name: 'revenue',
    field: 'order_date',
    from: OI,
    date: 'o.order_date',
    where: DONE,
    parts: [sum(REV)],
  },
  units_sold: {
    name: 'units_sold',
    field: 'order_date',
    from: OI,
    date: 'o.order_date',
    where: DONE,
    parts: [sum('oi.quantity')],
  },
  gross_margin: {
    name: 'gross_margin',
    field: 'order_date',
    from: OI,
    date: 'o.order_date',
    where: DONE,
    parts: [sum('oi.quantity * (oi.unit_price - p.unit_cost) - oi.discount')],
  },
  orders: {
    name: 'orders',
    field: 'order_date',
    from: ORD,
    date: 'o.order_date',
    where: DONE,
    parts: [distinct('o.order_id')],
  },
  customers: {
    name: 'customers',
    field: 'order_date',
    from: ORD,
    date: 'o.order_date',
    where: DONE,
    parts: [distinct('o.customer_id')],
  },
  average_order_value: {
    name: 'average_order_value',
    field: 'order_date',
    from: OI,
    date: 'o.order_date',
    where: DONE,
    parts: [sum(REV), distinct('o.order_id')],
  },
  sessions: {
    name: 'sessions',
    field: 'date',
    from: 'web_traffic w',
    date: 'w.date',
    where: 'TRUE',
    parts: [sum('w.sessions')],
  },
  conversions: {
    name: 'conversions',
    field: 'date',
    from: 'web_traffic w',
    date: 'w.date',
    where: 'TRUE',
    parts: [sum('w.conversions')],
  },
  pageviews: {
    name: 'pageviews',
    field: 'date',
    from: 'web_traffic w',
    date: 'w.date',
    where: 'TRUE',
    parts: [sum('w.pageviews')],
  },
  conversion_rate: {
    name: 'conversion_rate',
    field: 'date',
    from: 'web_traffic w',
    date: 'w.date',
    where: 'TRUE',
    parts: [sum('w.conversions'), sum('w.sessions')],
  },
};

/** Raw columns of the dimensions checked by hand, by the table alias of each measure's FROM. */
const DIM_COL: Record<string, string> = {
  Region: 'o.region',
  Country: 'o.country',
  Channel: 'o.channel',
  Segment: 'c.segment',
  Category: 'p.category',
  Brand: 'p.brand',
  Product: 'p.name',
  Device: 'w.device',
};
const WEB_DIM_COL: Record<string, string> = {
  Country: 'w.country',
  Channel: 'w.channel',
  Device: 'w.device',
};

interface TPeriod {
  range: NonNullable<TSemanticQuery['timeDimension']>['range'];
  compare?: TSemanticQuery['compare'];
  /** The resolved dates, written by hand from today = 2026-11-20. */
  cur: [string, string];
  prev: [string, string];
}

const P = {
  lastMonth: {
    range: { kind: 'last', unit: 'month', n: 1 },
    cur: ['2026-10-01', '2026-10-31'],
    prev: ['2026-09-01', '2026-09-30'],
  },
  lastQuarter: {
    range: { kind: 'last', unit: 'quarter', n: 1 },
    cur: ['2026-07-01', '2026-09-30'],
    prev: ['2026-04-01', '2026-06-30'],
  },
  q3VsYear: {
    range: { kind: 'quarter', year: 2026, quarter: 3 },
    compare: 'previous_year',
    cur: ['2026-07-01', '2026-09-30'],
    prev: ['2025-07-01', '2025-09-30'],
  },
  last3Months: {
    range: { kind: 'last', unit: 'month', n: 3 },
    cur: ['2026-08-01', '2026-10-31'],
    prev: ['2026-05-01', '2026-07-31'],
  },
  lastWeek: {
    range: { kind: 'last', unit: 'week', n: 1 },
    cur: ['2026-11-09', '2026-11-15'],
    prev: ['2026-11-02', '2026-11-08'],
  },
  march: {
    range: { kind: 'month', year: 2026, month: 3 },
    cur: ['2026-03-01', '2026-03-31'],
    prev: ['2026-02-01', '2026-02-28'],
  },
  last7Days: {
    range: { kind: 'last', unit: 'day', n: 7 },
    cur: ['2026-11-13', '2026-11-19'],
    prev: ['2026-11-06', '2026-11-12'],
  },
  year2025: {
    range: { kind: 'year', year: 2025 },
    cur: ['2025-01-01', '2025-12-31'],
    prev: ['2024-01-01', '2024-12-31'],
  },
  thisMonth: {
    range: { kind: 'this', unit: 'month' },
    cur: ['2026-11-01', '2026-11-20'],
    prev: ['2026-10-01', '2026-10-20'],
  },
  yesterday: {
    range: { kind: 'last', unit: 'day', n: 1 },
    cur: ['2026-11-19', '2026-11-19'],
    prev: ['2026-11-18', '2026-11-18'],
  },
} satisfies Record<string, TPeriod>;

interface TDriversCase {
  measure: keyof typeof M;
  period: TPeriod;
  /** Dimension labels checked against hand-written SQL, and whether each splits the measure into disjoint parts. */
  checks: [label: string, disjoint: boolean][];
  filters?: TQueryFilter[];
  /** The same filter as hand-written SQL. */
  where?: string;
}

const CASES: TDriversCase[] = [
  {
    measure: 'revenue',
    period: P.lastMonth,
    checks: [
      ['Region', true],
      ['Category', true],
    ],
  },
  {
    measure: 'revenue',
    period: P.lastQuarter,
    checks: [
      ['Channel', true],
      ['Segment', true],
    ],
  },
  {
    measure: 'revenue',
    period: P.q3VsYear,
    checks: [
      ['Country', true],
      ['Brand', true],
    ],
  },
  {
    measure: 'revenue',
    period: P.last3Months,
    checks: [
      ['Product', true],
      ['Region', true],
    ],
  },
  { measure: 'revenue', period: P.lastWeek, checks: [['Category', true]] },
  { measure: 'revenue', period: P.march, checks: [['Channel', true]] },
  { measure: 'revenue', period: P.last7Days, checks: [['Segment', true]] },
  {
    measure: 'revenue',
    period: P.year2025,
    checks: [
      ['Region', true],
      ['Category', true],
    ],
  },
  { measure: 'revenue', period: P.thisMonth, checks: [['Country', true]] },
  { measure: 'revenue', period: P.yesterday, checks: [['Channel', true]] },
  {
    measure: 'revenue',
    period: P.lastMonth,
    checks: [
      ['Country', true],
      ['Channel', true],
    ],
    filters: [{ field: 'region', op: 'in', values: ['EMEA'] }],
    where: "o.region = 'EMEA'",
  },
  {
    measure: 'units_sold',
    period: P.lastMonth,
    checks: [
      ['Category', true],
      ['Region', true],
    ],
  },
  { measure: 'units_sold', period: P.q3VsYear, checks: [['Brand', true]] },
  {
    measure: 'gross_margin',
    period: P.lastQuarter,
    checks: [
      ['Category', true],
      ['Segment', true],
    ],
  },
  { measure: 'gross_margin', period: P.last3Months, checks: [['Channel', true]] },
  {
    measure: 'orders',
    period: P.lastMonth,
    checks: [
      ['Region', true],
      ['Channel', true],
    ],
  },
  { measure: 'orders', period: P.lastWeek, checks: [['Segment', true]] },
  { measure: 'orders', period: P.year2025, checks: [['Country', true]] },
  {
    measure: 'orders',
    period: P.lastQuarter,
    checks: [['Region', true]],
    filters: [{ field: 'channel', op: 'in', values: ['Email', 'Social'] }],
    where: "o.channel IN ('Email', 'Social')",
  },
  {
    measure: 'customers',
    period: P.lastMonth,
    checks: [
      ['Segment', true],
      ['Channel', false],
    ],
  },
  { measure: 'customers', period: P.q3VsYear, checks: [['Region', false]] },
  {
    measure: 'average_order_value',
    period: P.lastMonth,
    checks: [
      ['Region', true],
      ['Channel', true],
    ],
  },
  { measure: 'average_order_value', period: P.lastQuarter, checks: [['Segment', true]] },
  { measure: 'average_order_value', period: P.year2025, checks: [['Country', true]] },
  {
    measure: 'sessions',
    period: P.lastMonth,
    checks: [
      ['Device', true],
      ['Channel', true],
    ],
  },
  { measure: 'sessions', period: P.lastWeek, checks: [['Country', true]] },
  { measure: 'sessions', period: P.q3VsYear, checks: [['Device', true]] },
  {
    measure: 'conversions',
    period: P.last3Months,
    checks: [
      ['Channel', true],
      ['Device', true],
    ],
  },
  { measure: 'conversions', period: P.yesterday, checks: [['Country', true]] },
  { measure: 'pageviews', period: P.march, checks: [['Device', true]] },
  {
    measure: 'conversion_rate',
    period: P.lastMonth,
    checks: [
      ['Device', true],
      ['Channel', true],
    ],
  },
  { measure: 'conversion_rate', period: P.year2025, checks: [['Country', true]] },
  {
    measure: 'sessions',
    period: P.last7Days,
    checks: [['Channel', true]],
    filters: [{ field: 'device', op: 'in', values: ['mobile'] }],
    where: "w.device = 'mobile'",
  },
];

const num = (v: TQueryValue | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const close = (a: number, b: number, rel = 1e-9): boolean =>
  Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));
const within = (d: string, [a, b]: [string, string]) => `${d} BETWEEN DATE '${a}' AND DATE '${b}'`;

/** Hand SQL: per value (or overall without a column) each part's current and previous aggregate. */
function handSql(m: THandMeasure, c: TDriversCase, column: string | null): string {
  const cur = within(m.date, c.period.cur);
  const prev = within(m.date, c.period.prev);
  const aggs = m.parts.flatMap((part, i) => [`${part(cur)} AS c${i}`, `${part(prev)} AS p${i}`]);
  const where = `${m.where}${c.where ? ` AND ${c.where}` : ''} AND (${cur} OR ${prev})`;
  return column
    ? `SELECT ${column} AS v, ${aggs.join(', ')} FROM ${m.from === ORD && ['p.category', 'p.brand', 'p.name'].includes(column) ? ORD_P : m.from} WHERE ${where} GROUP BY 1`
    : `SELECT ${aggs.join(', ')} FROM ${m.from} WHERE ${where}`;
}

describe('accuracy: drivers on the demo dataset', () => {
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
    const title = `why ${c.measure} changed ${JSON.stringify(c.period.range)}${c.period.compare ? ` vs ${c.period.compare}` : ''}${c.where ? ` where ${c.where}` : ''}`;
    it(title, async () => {
      const query: TSemanticQuery = {
        measures: [m.name],
        dimensions: [],
        timeDimension: { field: m.field, range: c.period.range },
        compare: c.period.compare ?? 'previous_period',
        filters: c.filters ?? [],
        analysis: { kind: 'drivers' },
      };
      const plan = planDrivers(query, model, CONTEXT);
      expect(plan.total.range).toEqual({ from: c.period.cur[0], to: c.period.cur[1] });
      expect(plan.total.comparison).toMatchObject({ from: c.period.prev[0], to: c.period.prev[1] });
      const total = await connector.query(plan.total.sql, plan.total.params, OPTIONS);
      const splits = await Promise.all(
        plan.splits.map((s) => connector.query(s.compiled.sql, s.compiled.params, OPTIONS)),
      );
      const card = buildDriversCard({
        query,
        model,
        plan,
        totalRows: total.rows,
        splitRows: splits.map((s) => s.rows),
        readAt: `${TEST_END_DATE}T00:00:00.000Z`,
        today: TEST_END_DATE,
      });
      const label = model.measures.find((x) => x.name === m.name)!.label;
      const prevKey = `Previous_${label}`;
      const contribKey = `${label}__contribution`;
      const ratio = m.parts.length === 2;

      // The total against hand SQL.
      const handTotal = (await connector.query(handSql(m, c, null), [], OPTIONS)).rows[0];
      const value = (r: Record<string, TQueryValue>, p: 'c' | 'p'): number =>
        ratio ? num(r[`${p}0`]) / num(r[`${p}1`]) : num(r[`${p}0`]);
      const totalCur = value(handTotal, 'c');
      const totalPrev = value(handTotal, 'p');
      expect(close(num(total.rows[0][label]), totalCur), `total ${total.rows[0][label]} vs ${totalCur}`).toBe(
        true,
      );
      expect(close(num(total.rows[0][prevKey]), totalPrev)).toBe(true);

      // Every dimension's contributions add up to 100 % of the change.
      const byDim = new Map<string, typeof card.table>();
      for (const row of card.table)
        byDim.set(String(row.Dimension), [...(byDim.get(String(row.Dimension)) ?? []), row]);
      expect(byDim.size).toBe(plan.splits.length);
      for (const [dim, rows] of byDim) {
        const shares = rows.map((r) => r[contribKey]);
        if (shares.every((s) => s === null)) continue;
        const sumShares = shares.reduce<number>((a, s) => a + Number(s ?? 0), 0);
        expect(Math.abs(sumShares - 100), `${dim}: contributions add up to ${sumShares}`).toBeLessThan(
          0.01 * rows.length + 1e-6,
        );
      }

      for (const [dimLabel, disjoint] of c.checks) {
        const column = (m.field === 'date' ? WEB_DIM_COL : DIM_COL)[dimLabel];
        const hand = (await connector.query(handSql(m, c, column), [], OPTIONS)).rows;
        const rows = byDim.get(dimLabel);
        expect(rows, `${dimLabel} is split`).toBeDefined();
        // Hand contributions: Δᵢ/ΣΔ (ratios: the exact N/D split of the change).
        const n0 = hand.reduce((a, r) => a + num(r.p0), 0);
        const d1 = hand.reduce((a, r) => a + num(r.c1), 0);
        const d0 = hand.reduce((a, r) => a + num(r.p1), 0);
        const r0 = ratio ? n0 / d0 : 0;
        const delta = (r: Record<string, TQueryValue>): number =>
          ratio
            ? (num(r.c0) - r0 * num(r.c1)) / d1 - (num(r.p0) - r0 * num(r.p1)) / d0
            : num(r.c0) - num(r.p0);
        const sumDelta = hand.reduce((a, r) => a + delta(r), 0);
        const byValue = new Map(hand.map((r) => [String(r.v), r]));
        const shown = rows!.filter((r) => !String(r.Value).startsWith('Other ('));
        for (const row of shown) {
          const h = byValue.get(String(row.Value));
          expect(h, `${dimLabel} ${row.Value} in hand SQL`).toBeDefined();
          const cur = ratio ? (num(h!.c1) === 0 ? null : num(h!.c0) / num(h!.c1)) : num(h!.c0);
          const prev = ratio ? (num(h!.p1) === 0 ? null : num(h!.p0) / num(h!.p1)) : num(h!.p0);
          if (cur !== null)
            expect(close(num(row[label]), cur), `${row.Value}: ${row[label]} vs ${cur}`).toBe(true);
          if (prev !== null) expect(close(num(row[prevKey]), prev), `${row.Value} previous`).toBe(true);
          if (sumDelta !== 0) {
            const want = (delta(h!) / sumDelta) * 100;
            expect(Math.abs(num(row[contribKey]) - want), `${row.Value} contribution`).toBeLessThan(0.006);
          }
        }
        // Biggest absolute contributors first; nothing left out moved more than what is shown.
        const shownDeltas = shown.map((r) => Math.abs(delta(byValue.get(String(r.Value))!)));
        for (let i = 1; i < shownDeltas.length; i++)
          expect(shownDeltas[i]).toBeLessThanOrEqual(shownDeltas[i - 1] * (1 + 1e-9) + 1e-9);
        const shownSet = new Set(shown.map((r) => String(r.Value)));
        const smallest = Math.min(...shownDeltas);
        for (const r of hand)
          if (!shownSet.has(String(r.v)))
            expect(Math.abs(delta(r))).toBeLessThanOrEqual(smallest * (1 + 1e-9) + 1e-9);
        // Disjoint parts: the rows' changes (Other included) add up to the total change.
        if (disjoint) {
          expect(
            close(sumDelta, totalCur - totalPrev, 1e-7),
            `${dimLabel}: ΣΔ ${sumDelta} vs ${totalCur - totalPrev}`,
          ).toBe(true);
          if (!ratio) {
            const cardDelta = rows!.reduce((a, r) => a + num(r[label]) - num(r[prevKey]), 0);
            expect(close(cardDelta, totalCur - totalPrev, 1e-7)).toBe(true);
          }
        }
      }
    });
  }

  it('has at least 30 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });
});
