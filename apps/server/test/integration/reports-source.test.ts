import { randomUUID } from 'node:crypto';
import type { TReportIssue, TReportsResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_JOB } from '../../src/modules/reports/reports.service';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp, uploadFile } from '../helpers';
import { createUser } from '../peers/factories';

const CSV = [
  'region,revenue,sold_on',
  ...Array.from({ length: 300 }, (_, d) => {
    const day = new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
    return `${d % 2 ? 'North' : 'South'},${100 + (d % 17)},${day}`;
  }),
].join('\n');

const BUSINESS = {
  business_name: 'Kestrel Goods',
  website_url: '',
  company_type: 'Private limited company (Ltd)',
  locations_of_operation: ['GB'],
  business_description: 'Homeware sold online.',
  core_services: 'Retail',
  primary_industry: 'G47 Retail trade',
  secondary_industries: [],
  strategic_priorities: 'Grow the North.',
  goals_okrs: 'Revenue +10%',
  geography_focus: ['EMEA'],
};
const STRATEGY = {
  ...BUSINESS,
  target_client_types: 'Households',
  target_client_names: ['North'],
  target_client_websites: [],
  key_themes: [],
  key_themes_other: '',
  focus_functions: [],
};

describe.each(TEST_DATABASES)('the data source a report reads, on %s', (kind) => {
  let t: TestApp;
  const put = (c: Client, path: string, payload: unknown) =>
    c.inject({ method: 'PUT', url: `/features/deep-research-report${path}`, payload });
  const list = async (c: Client): Promise<TReportsResponse> =>
    (await c.inject({ method: 'GET', url: '/features/deep-research-reports' })).json();
  const newUser = async () => {
    const user = await createUser(t.app);
    return signIn(t.app, user.email, user.password);
  };
  const upload = (c: Client, name: string) => uploadFile(c, name, CSV);
  /** Generates the report now and answers the issue the job built. */
  const generate = async (c: Client, report: string): Promise<TReportIssue> => {
    const run = await put(c, '/run', { report });
    expect(run.statusCode, run.body).toBe(200);
    await t.app.services.queue.drain(REPORT_JOB);
    const issues: TReportIssue[] = (
      await c.inject({ method: 'GET', url: `/features/deep-research-report/issues?report=${report}` })
    ).json();
    return issues[0]!;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, undefined, { worker: false });
  }, 120_000);
  afterAll(() => t?.close());

  it("defaults to the user's own source, and the demo only for a user with nothing else", async () => {
    const alice = await newUser();
    expect((await list(alice)).default_datasource_id).toBe('demo');
    const id = await upload(alice, 'Kestrel Sales.csv');
    expect((await list(alice)).default_datasource_id).toBe(id);
  });

  it("refuses another user's source or an unknown one, and changes nothing", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const bobs = await upload(bob, 'Bob.csv');
    const saved = await put(alice, '', { report: 'organisation_strategy', profile: STRATEGY });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const datasource_id of [bobs, randomUUID(), 'not-a-source']) {
      const res = await put(alice, '', {
        report: 'organisation_strategy',
        profile: { ...STRATEGY, business_name: 'Changed', datasource_id },
      });
      expect(res.statusCode, datasource_id).toBe(404);
    }
    const wrongType = await put(alice, '', {
      report: 'organisation_strategy',
      profile: { ...STRATEGY, datasource_id: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/profile\.datasource_id/);
    const entry = (await list(alice)).reports.find((r) => r.feature.endsWith('organisation_strategy'))!;
    expect(entry.data.profile).toMatchObject({ business_name: 'Kestrel Goods' });
    expect(entry.data.profile).not.toHaveProperty('datasource_id');
  });

  it('reads the chosen source and names it; a profile without one reads the own default', async () => {
    const c = await newUser();
    const own = await upload(c, 'Kestrel Sales.csv');
    // Chosen: the demo, although the user has a source of their own.
    const saved = await put(c, '', {
      report: 'organisation_strategy',
      profile: { ...STRATEGY, datasource_id: 'demo' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.profile.datasource_id).toBe('demo');
    const demoIssue = await generate(c, 'organisation_strategy');
    expect(demoIssue.html).toContain('Data source: Demo data.');
    // Saved as before the choice existed: the user's own file, named.
    const opportunity = { ...STRATEGY, key_points_of_interest: 'Regions' } as Record<string, unknown>;
    delete opportunity.key_themes;
    delete opportunity.key_themes_other;
    delete opportunity.focus_functions;
    const old = await put(c, '', { report: 'organisation_opportunity', profile: opportunity });
    expect(old.statusCode, old.body).toBe(200);
    const ownIssue = await generate(c, 'organisation_opportunity');
    expect(ownIssue.html).toContain('Data source: Kestrel Sales.');
    expect(ownIssue.html).toContain('Revenue');
    expect(own).toBeTruthy();
  });

  it('reads the default, named, when the chosen source was deactivated since', async () => {
    const c = await newUser();
    const chosen = await upload(c, 'Kestrel Sales.csv');
    const other = await upload(c, 'Harbour Sales.csv');
    const saved = await put(c, '', {
      report: 'organisation_strategy',
      profile: { ...STRATEGY, datasource_id: chosen },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ref = { type: 'FILE', datasource_id: chosen };
    const off = await c.inject({ method: 'POST', url: '/api/v1/datasource/deactivate', payload: ref });
    expect(off.statusCode, off.body).toBe(200);
    expect((await list(c)).default_datasource_id).toBe(other);
    const issue = await generate(c, 'organisation_strategy');
    expect(issue?.html).toContain('Data source: Harbour Sales.');
  });

  it('has an employee-growth profile of focus functions without target clients', async () => {
    const c = await newUser();
    await upload(c, 'Kestrel Sales.csv');
    const missing = await put(c, '', { report: 'employee_growth', profile: BUSINESS });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Invalid field profile.focus_functions: Focus functions is required.',
    );
    const ok = await put(c, '', {
      report: 'employee_growth',
      profile: { ...BUSINESS, focus_functions: ['People / Talent', 'Operations'] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.profile).not.toHaveProperty('target_client_names');
    const issue = await generate(c, 'employee_growth');
    expect(issue.html).toContain('Focus functions: People / Talent, Operations.');
    expect(issue.html).toContain('Data source: Kestrel Sales.');
    expect(issue.html).not.toContain('Target clients');
  });
});

describe.each(TEST_DATABASES)('a report with no data source to read (no demo), on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind, { DEMO: 'false' }, undefined, { worker: false });
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses Generate with the reason, before the cooldown starts', async () => {
    const user = await createUser(t.app);
    const c = await signIn(t.app, user.email, user.password);
    const list = async (): Promise<TReportsResponse> =>
      (await c.inject({ method: 'GET', url: '/features/deep-research-reports' })).json();
    expect((await list()).default_datasource_id).toBeNull();
    const saved = await c.inject({
      method: 'PUT',
      url: '/features/deep-research-report',
      payload: { report: 'organisation_strategy', profile: STRATEGY },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const run = await c.inject({
      method: 'PUT',
      url: '/features/deep-research-report/run',
      payload: { report: 'organisation_strategy' },
    });
    expect(run.statusCode).toBe(400);
    expect(run.json().message).toMatch(/no data source for this report/);
    const entry = (await list()).reports.find((r) => r.feature.endsWith('organisation_strategy'))!;
    expect(entry.data.LastIssued).toBeNull();
  });
});
