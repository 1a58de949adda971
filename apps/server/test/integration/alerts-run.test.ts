import type { TAlert } from '@parley/contract';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCheck, AlertEvaluator } from '../../src/modules/alerts/alert-check';
import { ALERT_LEASE_MS } from '../../src/modules/alerts/alerts.runner';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';
import { recipients, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const PUBLIC_URL = 'http://parley.test';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const QUERY = {
  measures: ['revenue'],
  dimensions: [],
  filters: [],
  timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
};
const BODY = {
  phrase: 'revenue last month',
  datasource_id: 'demo',
  query: QUERY,
  condition: { kind: 'threshold', op: 'above', value: 100 },
  schedule: 'daily',
};
const PERIOD = (key: string) => ({ key, from: '2026-10-01', to: '2026-10-31', label: 'October 2026' });

/** The evaluator double: answers what the test sets. */
class ScriptedEvaluator implements AlertEvaluator {
  next: AlertCheck = { status: 'not_ready', reason: 'unset' };
  async check(): Promise<AlertCheck> {
    return this.next;
  }
}

const met = (key: string, value = 150): AlertCheck => ({
  status: 'met',
  period: PERIOD(key),
  value,
  previous: 100,
  change: 50,
  groups: [{ name: 'North', value, previous: 100, change: 50 }],
  why: [{ dimension: 'region', label: 'Region', items: [{ name: 'North', change: 40 }] }],
  series: [
    { at: '2026-08-01', value: 90, low: 80, high: 120 },
    { at: '2026-09-01', value: 100, low: 85, high: 125 },
    { at: '2026-10-01', value, low: 90, high: 130 },
  ],
  card: { columns: [], table: [], chart: [] } as never,
});

describe.each(TEST_DATABASES)('alerts on %s', (kind) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let demo: Client;
  const evaluator = new ScriptedEvaluator();
  let now = new Date(TEST_NOW);
  const alertMails = (): ParsedMail[] =>
    smtp.messages.filter((m) => recipients(m).includes(DEMO.email) && (m.subject ?? '').includes('Alert'));

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL }, () => now, {
      worker: false,
      build: { alertEvaluator: evaluator },
    });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const create = async (body: object = BODY) =>
    demo.inject({ method: 'POST', url: '/features/alerts', payload: body });
  const notices = async () =>
    (await demo.inject({ method: 'GET', url: '/features/notifications' }))
      .json()
      .items.filter((i: { kind: string }) => i.kind === 'alert');

  it('creates, lists, edits and deletes; bad input is 400 and stores nothing; another user gets 404', async () => {
    const res = await create();
    expect(res.statusCode, res.body).toBe(200);
    const alert: TAlert = res.json();
    expect(alert).toMatchObject({ phrase: 'revenue last month', paused: false, schedule: 'daily' });
    const bad = await create({ ...BODY, query: { ...QUERY, measures: ['no_such_measure'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/query/);
    const badCondition = await create({ ...BODY, condition: { kind: 'threshold' } });
    expect(badCondition.statusCode).toBe(400);
    const listed: TAlert[] = (await demo.inject({ method: 'GET', url: '/features/alerts' })).json();
    expect(listed.map((a) => a.id)).toEqual([alert.id]);
    const put = await demo.inject({
      method: 'PUT',
      url: '/features/alerts',
      payload: { id: alert.id, paused: true },
    });
    expect(put.json().paused).toBe(true);

    const other = await createUser(t.app);
    const stranger = await signIn(t.app, other.email, other.password);
    const theirs = await stranger.inject({
      method: 'PUT',
      url: '/features/alerts',
      payload: { id: alert.id, paused: false },
    });
    expect(theirs.statusCode).toBe(404);
    const del = await stranger.inject({ method: 'DELETE', url: `/features/alerts?id=${alert.id}` });
    expect(del.statusCode).toBe(404);
    expect((await demo.inject({ method: 'DELETE', url: `/features/alerts?id=${alert.id}` })).statusCode).toBe(
      200,
    );
    expect((await demo.inject({ method: 'GET', url: '/features/alerts' })).json()).toEqual([]);
  });

  it('over the plan limit answers 403 naming it', async () => {
    const user = await createUser(t.app);
    const client = await signIn(t.app, user.email, user.password);
    const { alerts } = (await client.inject({ method: 'GET', url: '/api/v1/subscription' })).json().limits;
    expect(alerts).toBe(25);
    for (let i = 0; i < 25; i++) {
      const ok = await client.inject({ method: 'POST', url: '/features/alerts', payload: BODY });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const over = await client.inject({ method: 'POST', url: '/features/alerts', payload: BODY });
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe('Your Premium plan allows 25 alerts.');
  });

  it('delivers each (alert, period) once with two runners racing, stays quiet while met, fires after clearing', async () => {
    const alert: TAlert = (await create()).json();
    const runner = t.app.services.alertRunner;
    evaluator.next = met('month:2026-10');
    const outcomes = await Promise.all([runner.run(alert.id), runner.run(alert.id)]);
    expect(outcomes.sort()).toEqual(['already', 'delivered']);
    await t.app.services.mail.flush();
    let mine = (await notices()).filter((n: { title: string }) => n.title.includes('revenue last month'));
    expect(mine).toHaveLength(1);
    expect(mine[0].text).toContain('October 2026');
    expect(mine[0].text).toContain('North');
    expect(mine[0].link).toBe('/conversation?q=revenue%20last%20month');

    // The next month still above: not a new alert.
    evaluator.next = met('month:2026-11');
    expect(await runner.run(alert.id)).toBe('quiet');
    evaluator.next = { status: 'clear', period: PERIOD('month:2026-12'), value: 50 };
    expect(await runner.run(alert.id)).toBe('quiet');
    evaluator.next = met('month:2027-01');
    expect(await runner.run(alert.id)).toBe('delivered');
    mine = (await notices()).filter((n: { title: string }) => n.title.includes('revenue last month'));
    expect(mine).toHaveLength(2);

    // The mail: the chart as a CID PNG, the why, a mute link.
    await t.app.services.mail.flush();
    const mail = alertMails().at(-1)!;
    const image = mail.attachments.find((a) => a.cid === 'chart@alert');
    expect(image?.content.subarray(0, 4).equals(PNG)).toBe(true);
    expect(mail.html).toContain('cid:chart@alert');
    expect(mail.text).toContain('Why (Region): North');
    expect(mail.text).toContain(`${PUBLIC_URL}/features/alerts/mute?token=${alert.id}.`);
    await demo.inject({ method: 'DELETE', url: `/features/alerts?id=${alert.id}` });
  });

  it("the planner's sweep delivers a killed run without waiting for its alert's next check", async () => {
    const alert: TAlert = (await create({ ...BODY, phrase: 'swept run', schedule: 'monthly' })).json();
    const runner = t.app.services.alertRunner;
    const found = (await t.app.services.alerts['deps'].repo.findWithOwner(alert.id))!;
    await runner.claim(found, met('month:2026-09') as never, now);
    const told = async () =>
      (await notices()).filter((n: { title: string }) => n.title.includes('swept run')).length;
    // Within the lease the sweep leaves it to its own process.
    await runner.takeOverAll();
    expect(await told()).toBe(0);
    now = new Date(now.getTime() + ALERT_LEASE_MS + 1000);
    await Promise.all([runner.takeOverAll(), runner.takeOverAll()]);
    await runner.takeOverAll();
    await t.app.services.mail.flush();
    expect(await told()).toBe(1);
    expect(alertMails().filter((m) => m.subject?.includes('swept run'))).toHaveLength(1);
    await demo.inject({ method: 'DELETE', url: `/features/alerts?id=${alert.id}` });
  });

  it('a run killed after its claim is taken over past the lease and delivered once', async () => {
    const alert: TAlert = (await create({ ...BODY, phrase: 'killed run' })).json();
    const runner = t.app.services.alertRunner;
    const found = (await t.app.services.alerts['deps'].repo.findWithOwner(alert.id))!;
    // What a process that died after claiming leaves: the claim and its outbox, nothing sent.
    const claimed = await runner.claim(found, met('month:2026-10') as never, now);
    expect(claimed?.status).toBe('claimed');
    evaluator.next = met('month:2026-10');
    expect(await runner.run(alert.id)).toBe('already');
    expect((await notices()).filter((n: { title: string }) => n.title.includes('killed run'))).toHaveLength(
      0,
    );
    now = new Date(now.getTime() + ALERT_LEASE_MS + 1000);
    await Promise.all([runner.run(alert.id), runner.run(alert.id)]);
    await runner.run(alert.id);
    await t.app.services.mail.flush();
    expect((await notices()).filter((n: { title: string }) => n.title.includes('killed run'))).toHaveLength(
      1,
    );
    expect(alertMails().filter((m) => m.subject?.includes('killed run'))).toHaveLength(1);
    await demo.inject({ method: 'DELETE', url: `/features/alerts?id=${alert.id}` });
  });

  it('a failing source gives one notice, then one recovery notice', async () => {
    const alert: TAlert = (await create({ ...BODY, phrase: 'failing source' })).json();
    const runner = t.app.services.alertRunner;
    evaluator.next = { status: 'failed', reason: 'unreachable' };
    for (let i = 0; i < 3; i++) {
      now = new Date(now.getTime() + 3_600_000);
      await Promise.all([runner.run(alert.id), runner.run(alert.id)]);
    }
    evaluator.next = { status: 'clear', period: PERIOD('month:2026-10'), value: 10 };
    await runner.run(alert.id);
    evaluator.next = { status: 'clear', period: PERIOD('month:2026-11'), value: 10 };
    await runner.run(alert.id);
    const titles = (await notices())
      .map((n: { title: string }) => n.title)
      .filter((x: string) => x.includes('failing source'));
    expect(titles.sort()).toEqual([
      'Alert cannot be checked: “failing source”',
      'Alert checked again: “failing source”',
    ]);
  });

  it('the mute link pauses its alert when signed and refuses a tampered one', async () => {
    const alert: TAlert = (await create({ ...BODY, phrase: 'to mute' })).json();
    const url = t.app.services.alerts['deps'].mute.url(alert.id).replace(PUBLIC_URL, '');
    const tampered = await t.app.inject({
      method: 'GET',
      url: `${url.slice(0, -2)}xx`,
      headers: { accept: 'text/html' },
    });
    expect(tampered.statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'GET',
      url: url.replace(alert.id, '00000000-0000-4000-8000-000000000000'),
    });
    expect(other.statusCode).toBe(400);
    expect(
      (await demo.inject({ method: 'GET', url: '/features/alerts' }))
        .json()
        .find((a: TAlert) => a.id === alert.id).paused,
    ).toBe(false);
    const ok = await t.app.inject({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('to mute');
    expect(
      (await demo.inject({ method: 'GET', url: '/features/alerts' }))
        .json()
        .find((a: TAlert) => a.id === alert.id).paused,
    ).toBe(true);
  });
});
