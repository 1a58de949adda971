import { DuckDBInstance } from '@duckdb/node-api';
import { ensureDemoDataset } from '@parley/connectors';
import {
  MAX_TARGET_CLIENTS,
  REPORT_MESSAGES,
  type TReportEntry,
  type TReportIssue,
  type TReportsResponse,
} from '@parley/contract';
import { formatChange, formatDateRange, formatNumber } from '@parley/presenter';
import { eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { reportIssues, reports, users } from '../../src/db/schema';
import { PgBossQueue } from '../../src/jobs/pg-boss.queue';
import { REPORT_JOB } from '../../src/modules/reports/reports.service';
import { buildServices, type Services } from '../../src/services';
import {
  buildTestApp,
  type Client,
  DEMO,
  signIn,
  TEST_DATABASES,
  TEST_DEMO_DATASET,
  TEST_NOW,
  type TestApp,
} from '../helpers';
import { createUser, fileUpload, uniqueEmail } from '../peers/factories';
import { recipients, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A complete strategy profile; tests take fields out of it. */
const STRATEGY = {
  business_name: 'Northwind Outfitters',
  website_url: 'https://northwind.example',
  company_type: 'Private limited company (Ltd)',
  locations_of_operation: ['GB', 'US', 'DE'],
  business_description: 'Outdoor clothing and equipment sold online.',
  core_services: 'E-commerce retail',
  primary_industry: 'G47 Retail trade',
  secondary_industries: ['C14 Manufacture of wearing apparel'],
  target_client_types: 'Consumers and small businesses',
  target_client_names: ['Germany', 'Acme Corp'],
  target_client_websites: [],
  strategic_priorities: 'Grow EMEA revenue; reduce dependence on the US.',
  goals_okrs: 'Revenue +15% year on year',
  geography_focus: ['EMEA'],
  key_themes: ['competition', 'market_insights'],
  key_themes_other: '',
  focus_functions: ['Strategy', 'Marketing'],
};
const OPPORTUNITY = (() => {
  const { key_themes: _k, key_themes_other: _o, focus_functions: _f, ...rest } = STRATEGY;
  return { ...rest, key_points_of_interest: 'Which regions grow fastest' };
})();

/** Runs what the worker would: due report jobs, then the mail they queued. */
async function work(services: Services): Promise<void> {
  await services.queue.drain(REPORT_JOB);
  await services.mail.flush();
}

/** Revenue and orders of completed orders between two dates, straight from the demo file. */
async function demoTotals(from: string, to: string): Promise<{ revenue: number; orders: number }> {
  await ensureDemoDataset(TEST_DEMO_DATASET);
  const instance = await DuckDBInstance.create(TEST_DEMO_DATASET.path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(`
      SELECT SUM(oi.quantity * oi.unit_price - oi.discount)::DOUBLE AS revenue,
             COUNT(DISTINCT o.order_id)::DOUBLE AS orders
      FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
      WHERE o.status = 'completed' AND o.order_date BETWEEN DATE '${from}' AND DATE '${to}'`);
    const row = reader.getRowObjectsJson()[0] as { revenue: number; orders: number };
    return { revenue: Number(row.revenue), orders: Number(row.orders) };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe.each(TEST_DATABASES)('Intelligence Suite reports on %s', (kind) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let demo: Client;
  const exemptEmail = uniqueEmail('staff');
  let now = new Date(TEST_NOW);

  const mailsTo = (email: string): ParsedMail[] => smtp.messages.filter((m) => recipients(m).includes(email));
  const put = (c: Client, path: string, payload: unknown) =>
    c.inject({ method: 'PUT', url: `/features/deep-research-report${path}`, payload });

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp(
      kind,
      {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'http://parley.test',
        REPORT_COOLDOWN_EXEMPT: ` ${exemptEmail.toUpperCase()} `,
      },
      () => now,
      { worker: false },
    );
    demo = await signIn(t.app, DEMO.email, DEMO.password);
    const tz = await demo.inject({
      method: 'PUT',
      url: '/auth/tenant/timezone',
      payload: { timezone: 'Europe/London' },
    });
    expect(tz.statusCode, tz.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses each invalid profile field with a 400 naming it, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...STRATEGY, business_name: '  ' },
        'Invalid field profile.business_name: Business name is required.',
      ],
      [
        { ...STRATEGY, company_type: undefined },
        'Invalid field profile.company_type: Company type is required.',
      ],
      [
        { ...STRATEGY, locations_of_operation: [] },
        'Invalid field profile.locations_of_operation: Locations of operation is required.',
      ],
      [
        { ...STRATEGY, locations_of_operation: ['Germany'] },
        'Invalid field profile.locations_of_operation: Locations of operation must be ISO 3166-1 alpha-2 country codes.',
      ],
      [
        { ...STRATEGY, business_description: '' },
        'Invalid field profile.business_description: Business description is required.',
      ],
      [{ ...STRATEGY, core_services: '' }, 'Invalid field profile.core_services: Core services is required.'],
      [
        { ...STRATEGY, primary_industry: '' },
        'Invalid field profile.primary_industry: Primary industry is required.',
      ],
      [
        { ...STRATEGY, target_client_types: '' },
        'Invalid field profile.target_client_types: Target client types is required.',
      ],
      [
        { ...STRATEGY, target_client_names: [] },
        'Invalid field profile.target_client_names: Target client names is required.',
      ],
      [
        { ...STRATEGY, target_client_names: ['a', 'b', 'c', 'd', 'e', 'f'] },
        `Invalid field profile.target_client_names: Target client names can hold at most ${MAX_TARGET_CLIENTS} names.`,
      ],
      [
        { ...STRATEGY, strategic_priorities: '' },
        'Invalid field profile.strategic_priorities: Strategic priorities is required.',
      ],
      [{ ...STRATEGY, goals_okrs: '' }, 'Invalid field profile.goals_okrs: Goals / OKRs is required.'],
      [
        { ...STRATEGY, geography_focus: [] },
        'Invalid field profile.geography_focus: Geography focus is required.',
      ],
      [
        { ...STRATEGY, website_url: 'northwind' },
        'Invalid field profile.website_url: Website URL must be a web address starting with http:// or https://.',
      ],
      [
        { ...STRATEGY, key_themes: ['other'], key_themes_other: '' },
        'Invalid field profile.key_themes_other: Other key themes is required when “other” is chosen.',
      ],
    ];
    for (const [profile, message] of cases) {
      const res = await put(demo, '', { report: 'organisation_strategy', profile });
      expect(res.statusCode, JSON.stringify(profile)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const opp = await put(demo, '', {
      report: 'organisation_opportunity',
      profile: { ...OPPORTUNITY, key_points_of_interest: ' ' },
    });
    expect(opp.statusCode).toBe(400);
    expect(opp.json().message).toBe(
      'Invalid field profile.key_points_of_interest: Key points of interest is required.',
    );
    // Wrong types and unknown reports are 400 too, never a 500.
    for (const payload of [
      { report: 'nope', profile: STRATEGY },
      { report: 'organisation_strategy', profile: 'x' },
      { report: 'organisation_strategy', profile: STRATEGY, reporting_period: 4 },
      { report: 'organisation_strategy', profile: STRATEGY, notification_frequency: 'weekly' },
    ]) {
      expect((await put(demo, '', payload)).statusCode).toBe(400);
    }
    const list = (await demo.inject({ method: 'GET', url: '/features/deep-research-reports' })).json();
    expect(list.reports.every((r: TReportEntry) => r.status === null && r.data.profile === null)).toBe(true);
    // "other" with its text is fine.
    const ok = await put(demo, '', {
      report: 'organisation_opportunity',
      profile: OPPORTUNITY,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lists the reports, saves a profile as Created, stops and starts its schedule', async () => {
    const before: TReportsResponse = (
      await demo.inject({ method: 'GET', url: '/features/deep-research-reports' })
    ).json();
    expect(before.config.map((c) => [c.value, c.enabled])).toEqual([
      ['organisation_strategy', true],
      ['organisation_opportunity', true],
      ['employee_growth', true],
    ]);
    expect(before.reports.find((r) => r.feature === 'deep_research_reports/organisation_strategy')).toEqual({
      feature: 'deep_research_reports/organisation_strategy',
      status: null,
      data: { LastIssued: null, profile: null, notification_frequency: 'monthly', reporting_period: 3 },
    });
    // Nothing to run or schedule without a profile.
    const early = await put(demo, '/start', { report: 'organisation_strategy' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(REPORT_MESSAGES.noProfile);

    const saved = await put(demo, '', { report: 'organisation_strategy', profile: STRATEGY });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'Created',
      data: { profile: { business_name: 'Northwind Outfitters' } },
    });
    const stopped = await put(demo, '/stop', { report: 'organisation_strategy' });
    expect(stopped.json().status).toBe('Stopped');
    // Saving the profile again keeps it stopped.
    const resaved = await put(demo, '', {
      report: 'organisation_strategy',
      profile: STRATEGY,
      notification_frequency: 'quarterly',
      reporting_period: 6,
    });
    expect(resaved.json()).toMatchObject({
      status: 'Stopped',
      data: { notification_frequency: 'quarterly', reporting_period: 6 },
    });
    const started = await put(demo, '/start', { report: 'organisation_strategy' });
    expect(started.json().status).toBe('Running');
    await put(demo, '', {
      report: 'organisation_strategy',
      profile: STRATEGY,
      reporting_period: 3,
      notification_frequency: 'monthly',
    });

    // A user without the report's feature gets 403.
    const user = await createUser(t.app, { features: ['DEEP_RESEARCH_REPORTS'] });
    const other = await signIn(t.app, user.email, user.password);
    const list: TReportsResponse = (
      await other.inject({ method: 'GET', url: '/features/deep-research-reports' })
    ).json();
    expect(list.reports).toEqual([]);
    expect(list.config.every((c) => !c.enabled)).toBe(true);
    expect(list.cooldown_exempt).toBe(false);
    expect((await put(other, '', { report: 'organisation_strategy', profile: STRATEGY })).statusCode).toBe(
      403,
    );
  });

  it('Generate mails the report over SMTP with the demo data’s numbers, charts by CID and a PDF; then cools down', async () => {
    now = new Date(TEST_NOW);
    const run = await put(demo, '/run', { report: 'organisation_strategy' });
    expect(run.statusCode, run.body).toBe(200);
    const { id } = run.json();
    await work(t.app.services);

    const [mail, ...more] = mailsTo(DEMO.email).filter((m) =>
      m.subject?.includes('Organisation strategy report'),
    );
    expect(more).toHaveLength(0);
    const period = formatDateRange('2026-08-01', '2026-10-31', 'en-US');
    expect(mail!.subject).toBe(`Parley: Organisation strategy report — Northwind Outfitters · ${period}`);
    // The last 3 full months before November 2026, and the 3 months before them.
    const current = await demoTotals('2026-08-01', '2026-10-31');
    const previous = await demoTotals('2026-05-01', '2026-07-31');
    const money = (v: number) => formatNumber(v, 'currency', { locale: 'en-US', compact: false });
    const change = formatChange(((current.revenue - previous.revenue) / previous.revenue) * 100, 'en-US');
    expect(mail!.text).toContain(
      `Revenue was ${money(current.revenue)} in ${period}, ${change} against the previous period (${money(previous.revenue)}).`,
    );
    expect(mail!.text).toContain(
      `Orders\t${formatNumber(current.orders, 'number', { locale: 'en-US', compact: false })}\t${formatNumber(previous.orders, 'number', { locale: 'en-US', compact: false })}`,
    );
    for (const heading of [
      'Headline measures',
      'Revenue trend',
      'What changed and what drove it',
      'Anomalies',
      'Outlook for the next period',
      'Concentration of Revenue',
      'Calendar effects',
      'Target clients in the data',
    ]) {
      expect(mail!.text).toContain(`\n${heading}\n`);
    }
    // The seasonal forecast of the next month names its method (24 months: two seasons).
    expect(mail!.text).toMatch(
      /For Dec 2026 the model expects Revenue of \$[\d,]+ \(Holt-Winters additive, season 12, 95% prediction interval below\)\./,
    );
    // Germany is a target client and a country of the data: its revenue is reported.
    expect(mail!.text).toMatch(/Germany\tCountry\t\$[\d,]+/);
    // Public holidays of GB, US and DE in the period (e.g. Labor Day, 7 Sep 2026).
    expect(mail!.text).toContain('Columbus Day (US)');
    // Charts are PNGs by CID, never inline SVG or data: URLs; the PDF is attached.
    const pngs = mail!.attachments.filter((a) => a.contentType === 'image/png');
    expect(pngs.length).toBeGreaterThanOrEqual(4);
    for (const png of pngs) {
      expect(png.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(mail!.html).toContain(`src="cid:${png.cid}"`);
    }
    expect(mail!.html).not.toMatch(/<svg|data:/i);
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // A document of several A4 pages, its text in the shipped font (Turkish letters print).
    const raw = pdf!.content.toString('latin1');
    expect(raw.match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(3);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);

    // The issue is listed, newest first, with the document the app shows (charts as SVG).
    const issues: TReportIssue[] = (
      await demo.inject({
        method: 'GET',
        url: '/features/deep-research-report/issues?report=organisation_strategy',
      })
    ).json();
    expect(issues[0]).toMatchObject({ id, report: 'organisation_strategy' });
    expect(issues[0]!.html).toContain('<svg');
    expect(issues[0]!.html).toContain(money(current.revenue));

    // Within 7 days: 429 with the date Generate works again; LastIssued is the run's time.
    now = new Date('2026-11-25T12:00:00Z');
    const again = await put(demo, '/run', { report: 'organisation_strategy' });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(REPORT_MESSAGES.cooldown('2026-11-27'));
    const list: TReportsResponse = (
      await demo.inject({ method: 'GET', url: '/features/deep-research-reports' })
    ).json();
    expect(list.reports.find((r) => r.feature.endsWith('organisation_strategy'))!.data.LastIssued).toBe(
      new Date(TEST_NOW).toISOString(),
    );
    now = new Date('2026-11-27T12:00:01Z');
    expect((await put(demo, '/run', { report: 'organisation_strategy' })).statusCode).toBe(200);
    await work(t.app.services);
    now = new Date(TEST_NOW);
  });

  it('exempts REPORT_COOLDOWN_EXEMPT users from the cooldown', async () => {
    const staff = await createUser(t.app, { email: exemptEmail });
    const c = await signIn(t.app, staff.email, staff.password);
    expect((await put(c, '', { report: 'organisation_opportunity', profile: OPPORTUNITY })).statusCode).toBe(
      200,
    );
    expect((await put(c, '/run', { report: 'organisation_opportunity' })).statusCode).toBe(200);
    expect((await put(c, '/run', { report: 'organisation_opportunity' })).statusCode).toBe(200);
    const list: TReportsResponse = (
      await c.inject({ method: 'GET', url: '/features/deep-research-reports' })
    ).json();
    expect(list.cooldown_exempt).toBe(true);
    await work(t.app.services);
    const mails = mailsTo(staff.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('Key points of interest: Which regions grow fastest');
    expect(mails[0]!.subject).toContain('Organisation opportunity report');

    // In the user's language: a Turkish user gets the report in Turkish, numbers in Turkish format.
    await t.app.database.db.update(users).set({ language: 'tr' }).where(eq(users.id, staff.id));
    expect((await put(c, '/run', { report: 'organisation_opportunity' })).statusCode).toBe(200);
    await work(t.app.services);
    const turkish = mailsTo(staff.email)[2]!;
    expect(turkish.subject).toContain('Kurum fırsat raporu');
    for (const heading of ['Yönetici özeti', 'Temel ölçüler', 'Ne değişti, neden değişti', 'Takvim etkileri'])
      expect(turkish.text).toContain(`\n${heading}\n`);
    // Measures are named in Turkish (the card words), and the forecast's method too.
    expect(turkish.text).toMatch(/Gelir, .+ döneminde \$[\d.]+ oldu/);
    expect(turkish.text).toContain('\nGelir eğilimi\n');
    expect(turkish.text).toContain('Holt-Winters toplamsal, mevsim uzunluğu 12');
    expect(turkish.text).not.toMatch(/Revenue (eğilimi|yoğunlaşması)|\tRevenue\t|Revenue, /);
  });

  it('says so when the source has too little history', async () => {
    const user = await createUser(t.app);
    const c = await signIn(t.app, user.email, user.password);
    const rows = Array.from(
      { length: 12 },
      (_, i) => `2026-10-${String(i + 10).padStart(2, '0')},${100 + i * 3}`,
    );
    const upload = await c.inject({
      method: 'POST',
      url: '/api/v1/datasource/upload',
      ...fileUpload('Shop.csv', `sold_on,amount\n${rows.join('\n')}\n`),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { datasource_id } = upload.json();
    await c.inject({ method: 'POST', url: '/api/v1/datasource/default', payload: { datasource_id } });
    expect((await put(c, '', { report: 'organisation_strategy', profile: STRATEGY })).statusCode).toBe(200);
    expect((await put(c, '/run', { report: 'organisation_strategy' })).statusCode).toBe(200);
    await work(t.app.services);
    const [mail] = mailsTo(user.email);
    expect(mail!.text).toContain(
      'Not enough data: The period has 12 days with data; robust outlier detection needs at least 28, so this section is left out.',
    );
    // The data begins on 10 October, so not even October is a complete month of history.
    expect(mail!.text).toMatch(
      /Outlook for the next period\n-+\nNot enough data: There is too little history to forecast Amount: 0 complete months/,
    );
  });

  it('the schedule fires once per period across two workers', async () => {
    const user = await createUser(t.app);
    const c = await signIn(t.app, user.email, user.password);
    expect((await put(c, '', { report: 'organisation_strategy', profile: STRATEGY })).statusCode).toBe(200);
    expect((await put(c, '/start', { report: 'organisation_strategy' })).statusCode).toBe(200);
    const database: Database =
      kind === 'postgres' ? await openDatabase({ url: t.config.DATABASE_URL, dir: null }) : t.app.database;
    const other = buildServices(t.config, database, t.app.log, () => now, {
      queue: new PgBossQueue(database, t.app.log),
      demoDataset: TEST_DEMO_DATASET,
    });
    try {
      // Nothing is due before 09:00 London time on 1 December.
      expect(await t.app.services.reports.plan(new Date('2026-12-01T08:59:00Z'))).toBe(0);
      now = new Date('2026-12-01T09:00:30Z');
      const planned = await Promise.all([t.app.services.reports.plan(now), other.reports.plan(now)]);
      // Every scheduled report of every test so far is due once: one job each, whoever planned it.
      const scheduled = await t.app.database.db
        .select()
        .from(reports)
        .where(inArray(reports.status, ['Created', 'Running']));
      expect(planned[0] + planned[1]).toBe(scheduled.length);
      // A stray job for the same period (a planner whose job was long archived) races too.
      const [row] = await t.app.database.db.select().from(reports).where(eq(reports.userId, user.id));
      await other.queue.enqueue(REPORT_JOB, { reportId: row!.id, period: 'monthly:2026-12' });
      await Promise.all([work(t.app.services), work(other)]);
      // Planned again the same minute: already moved on to 1 January.
      expect(await t.app.services.reports.plan(now)).toBe(0);
      await Promise.all([work(t.app.services), work(other)]);
      expect(mailsTo(user.email)).toHaveLength(1);
      const issues: TReportIssue[] = (
        await c.inject({
          method: 'GET',
          url: '/features/deep-research-report/issues?report=organisation_strategy',
        })
      ).json();
      expect(issues).toHaveLength(1);
      const rows = await t.app.database.db
        .select()
        .from(reportIssues)
        .where(eq(reportIssues.id, issues[0]!.id));
      expect(rows[0]!.period).toBe('monthly:2026-12');
      // The next month is due once more.
      now = new Date('2027-01-01T09:01:00Z');
      expect(await other.reports.plan(now)).toBe(scheduled.length);
      await work(other);
      expect(mailsTo(user.email)).toHaveLength(2);
    } finally {
      now = new Date(TEST_NOW);
      await other.queue.stop();
      other.mail.close();
      await other.sources.close();
      if (database !== t.app.database) await database.close();
    }
  });
});
