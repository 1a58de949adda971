import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';

/**
 * An alert's day with everything real: the demo user's alert from a card, the planner's tick,
 * the real evaluator judging the last complete month on the demo data, the runner's notice —
 * and the same period never told twice.
 */
const BY_REGION = {
  measures: ['revenue'],
  dimensions: ['region'],
  filters: [],
  timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
};

describe.each(TEST_DATABASES)('an alert on the demo data, end to end, on %s', (kind) => {
  let t: TestApp;
  let demo: Client;
  const now = new Date(TEST_NOW);
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://parley.test' }, () => now, { worker: false });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(() => t?.close());

  const alertNotices = async () =>
    (await demo.inject({ method: 'GET', url: '/features/notifications' }))
      .json()
      .items.filter((i: { kind: string }) => i.kind === 'alert') as {
      title: string;
      text: string;
      link: string;
    }[];

  it('is planned at once, judges October (never the running November), tells once and names the regions', async () => {
    const created = await demo.inject({
      method: 'POST',
      url: '/features/alerts',
      payload: {
        phrase: 'revenue by region last month',
        datasource_id: 'demo',
        query: BY_REGION,
        condition: { kind: 'change', op: 'either', value: 0, unit: 'percent', against: 'previous_period' },
        schedule: 'monthly',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    // The planner's tick finds it due; the runner then judges it as the job would.
    expect(await t.app.services.alerts.plan(now)).toBeGreaterThanOrEqual(1);
    await t.app.services.alertRunner.run(id);
    const told = await alertNotices();
    expect(told).toHaveLength(1);
    expect(`${told[0]!.title} ${told[0]!.text}`).toContain('October 2026');
    expect(told[0]!.text).not.toContain('November');
    // Every region moved, so the notice names a region; a second run of the same period says nothing new.
    expect(told[0]!.text).toMatch(/EMEA|North America|APAC|LATAM/);
    await t.app.services.alertRunner.run(id);
    expect(await alertNotices()).toHaveLength(1);
    const listed = (await demo.inject({ method: 'GET', url: '/features/alerts' })).json();
    expect(listed.find((a: { id: string }) => a.id === id).last_fired_at).not.toBeNull();
  });
});
