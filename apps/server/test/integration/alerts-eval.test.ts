import { randomUUID } from 'node:crypto';
import { DuckDBInstance } from '@duckdb/node-api';
import { ensureDemoDataset } from '@parley/connectors';
import { DEMO_DATASOURCE_ID, type TAlertCondition, type TSemanticQuery } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { type Actor, actorOfUser } from '../../src/lib/access';
import type { AlertCheck, AlertDefinition } from '../../src/modules/alerts/alert-check';
import { AlertEvaluatorImpl } from '../../src/modules/alerts/alert-evaluator';
import { buildTestApp, DEMO, TEST_DATABASES, TEST_DEMO_DATASET, TEST_NOW, type TestApp } from '../helpers';

/** SQL straight on the demo file: the independent truth the checks are held to. */
async function truth(sql: string): Promise<Record<string, unknown>[]> {
  await ensureDemoDataset(TEST_DEMO_DATASET);
  const instance = await DuckDBInstance.create(TEST_DEMO_DATASET.path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Completed revenue by region between two dates (the demo model's Revenue). */
const revenueByRegion = (from: string, to: string) => `
  SELECT o.region AS region, SUM(oi.quantity * oi.unit_price - oi.discount)::DOUBLE AS revenue
  FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
  WHERE o.status = 'completed' AND o.order_date BETWEEN DATE '${from}' AND DATE '${to}'
  GROUP BY 1`;

const revenue: TSemanticQuery = { measures: ['revenue'], dimensions: [], filters: [] };
const byRegion: TSemanticQuery = { measures: ['revenue'], dimensions: ['region'], filters: [] };

describe.each(TEST_DATABASES)('alert evaluator on the demo data (%s)', (kind) => {
  let t: TestApp;
  let actor: Actor;
  let evaluator: AlertEvaluatorImpl;
  const now = new Date(TEST_NOW);
  let octByRegion: Map<string, number>;
  let sepByRegion: Map<string, number>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const [user] = await t.app.database.db.select().from(users).where(eq(users.email, DEMO.email));
    // A Monday-week reader in UTC: the periods below are the calendar's.
    actor = { ...actorOfUser(user!, 'default'), language: 'en-GB', timezone: 'UTC' };
    evaluator = new AlertEvaluatorImpl({ answers: t.app.services.answers, sources: t.app.services.sources });
    const toMap = (rows: Record<string, unknown>[]) =>
      new Map(rows.map((r) => [String(r.region), Number(r.revenue)] as const));
    octByRegion = toMap(await truth(revenueByRegion('2026-10-01', '2026-10-31')));
    sepByRegion = toMap(await truth(revenueByRegion('2026-09-01', '2026-09-30')));
  }, 120_000);
  afterAll(() => t?.close());

  const alert = (
    condition: TAlertCondition,
    query: TSemanticQuery = revenue,
    schedule: AlertDefinition['schedule'] = 'monthly',
  ): AlertDefinition => ({
    id: randomUUID(),
    userId: actor.userId,
    projectId: actor.projectId,
    phrase: 'revenue',
    datasourceId: DEMO_DATASOURCE_ID,
    query,
    condition,
    schedule,
  });
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, v) => a + v, 0);
  const met = (c: AlertCheck) => {
    if (c.status !== 'met') throw new Error(`expected met, got ${JSON.stringify(c)}`);
    return c;
  };

  it('threshold: met just below October’s revenue, clear just above it; mid-November judges October', async () => {
    const october = sum(octByRegion);
    const above = met(
      await evaluator.check(alert({ kind: 'threshold', op: 'above', value: october - 1 }), actor, now),
    );
    expect(above.period).toMatchObject({ key: 'month:2026-10-01', from: '2026-10-01', to: '2026-10-31' });
    expect(above.value).toBeCloseTo(october, 2);
    expect(above.card.table.length).toBeGreaterThan(0);
    // The mail's chart: the months up to October (no band), its last two the SQL's totals.
    expect(above.series).toHaveLength(13);
    expect(above.series.at(-1)).toEqual({ at: '2026-10-01', value: expect.closeTo(october, 2) });
    expect(above.series.at(-2)?.value).toBeCloseTo(sum(sepByRegion), 2);
    expect(above.series.every((p) => p.low === undefined && p.high === undefined)).toBe(true);
    const clear = await evaluator.check(
      alert({ kind: 'threshold', op: 'above', value: october + 1 }),
      actor,
      now,
    );
    expect(clear).toMatchObject({ status: 'clear', period: { key: 'month:2026-10-01' } });
    // November so far (20 days) is far below October: a threshold it would meet is never judged on it.
    const below = await evaluator.check(
      alert({ kind: 'threshold', op: 'below', value: october * 0.9 }),
      actor,
      now,
    );
    expect(below.status).toBe('clear');
  });

  it('change on a grouped card: exactly the regions that moved more than the size are named', async () => {
    const moves = [...octByRegion.entries()].map(([region, v]) => ({
      region,
      pct: ((v - (sepByRegion.get(region) ?? 0)) / Math.abs(sepByRegion.get(region) ?? 1)) * 100,
    }));
    const sizes = moves.map((m) => Math.abs(m.pct)).sort((a, b) => a - b);
    // Between the two smallest moves: all but the smallest region meet it.
    const size = (sizes[0] + sizes[1]) / 2;
    const expected = moves.filter((m) => Math.abs(m.pct) > size).map((m) => m.region);
    const check = met(
      await evaluator.check(
        alert(
          { kind: 'change', op: 'either', value: size, unit: 'percent', against: 'previous_period' },
          byRegion,
        ),
        actor,
        now,
      ),
    );
    expect(check.groups.map((g) => g.name).sort()).toEqual(expected.sort());
    for (const g of check.groups) expect(g.value).toBeCloseTo(octByRegion.get(g.name)!, 2);
    const none = await evaluator.check(
      alert({ kind: 'change', op: 'either', value: sizes[sizes.length - 1] + 1, unit: 'percent' }, byRegion),
      actor,
      now,
    );
    expect(none.status).toBe('clear');
  });

  it('the why names the region SQL says moved revenue most, largest first', async () => {
    const check = met(
      await evaluator.check(alert({ kind: 'change', op: 'either', value: 0, unit: 'amount' }), actor, now),
    );
    const deltas = [...octByRegion.entries()]
      .map(([region, v]) => ({ region, delta: v - (sepByRegion.get(region) ?? 0) }))
      .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
    const region = check.why.find((w) => w.dimension === 'region');
    expect(region).toBeDefined();
    expect(region!.items[0].name).toBe(deltas[0].region);
    expect(region!.items[0].change).toBeCloseTo(deltas[0].delta, 2);
    expect(region!.items.length).toBeLessThanOrEqual(3);
    const sizes = region!.items.map((i) => Math.abs(i.change));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(check.change).toBeCloseTo(((sum(octByRegion) - sum(sepByRegion)) / sum(sepByRegion)) * 100, 6);
  });

  it('a week: the last complete Monday week, not the running one', async () => {
    const week = await truth(revenueByRegion('2026-11-09', '2026-11-15'));
    const total = week.reduce((a, r) => a + Number(r.revenue), 0);
    const check = met(
      await evaluator.check(
        alert({ kind: 'threshold', op: 'above', value: total - 1 }, revenue, 'weekly'),
        actor,
        now,
      ),
    );
    expect(check.period).toMatchObject({ key: 'week:2026-11-09', to: '2026-11-15' });
    expect(check.value).toBeCloseTo(total, 2);
  });

  it('outside the forecast: met exactly when the period leaves the scaled band', async () => {
    const wide = await evaluator.check(
      alert({ kind: 'outside_forecast', band: 4 }, revenue, 'daily'),
      actor,
      now,
    );
    const narrow = await evaluator.check(
      alert({ kind: 'outside_forecast', band: 0.25 }, revenue, 'daily'),
      actor,
      now,
    );
    // On the demo data 19 Nov 2026 sits above a quarter of the band and inside four times it.
    expect(wide).toMatchObject({ status: 'clear', period: { key: 'day:2026-11-19' } });
    const check = met(narrow);
    const day = await truth(revenueByRegion('2026-11-19', '2026-11-19'));
    const value = day.reduce((a, r) => a + Number(r.revenue), 0);
    expect(check.period.key).toBe('day:2026-11-19');
    expect(check.value).toBeCloseTo(value, 2);
    expect((wide as { value: number }).value).toBeCloseTo(value, 2);
    const last = check.series[check.series.length - 1];
    expect(last.at).toBe('2026-11-19');
    expect(value < last.low! || value > last.high!).toBe(true);
    // The recent points before it, a day apart, none of them the running day.
    expect(check.series).toHaveLength(13);
    expect(check.series[11].at).toBe('2026-11-18');
    expect(check.series.every((p) => p.at < '2026-11-20')).toBe(true);
  });

  it('not enough history → not_ready; a source that is not theirs → failed with its message', async () => {
    const yearly: TSemanticQuery = {
      ...revenue,
      timeDimension: { field: 'order_date', grain: 'year', range: { kind: 'all' } },
    };
    const check = await evaluator.check(alert({ kind: 'outside_forecast' }, yearly, 'on_sync'), actor, now);
    expect(check).toMatchObject({ status: 'not_ready', reason: expect.stringMatching(/history/) });
    const gone = await evaluator.check(
      { ...alert({ kind: 'threshold', op: 'above', value: 1 }), datasourceId: randomUUID() },
      actor,
      now,
    );
    expect(gone.status).toBe('failed');
    expect((gone as { reason: string }).reason.length).toBeGreaterThan(0);
  });
});
