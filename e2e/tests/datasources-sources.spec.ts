/// <reference lib="dom" />
// The API data sources as a user meets them: Cloudflare D1 and Formbricks connected
// through their forms, Google Analytics 4 through Google's consent screen (the local stand-in's,
// declined once, then allowed), an account picked on each, and one question asked of each with
// the number checked against the stand-in's own data: D1 by SQL sent to its REST API, Formbricks
// by reading its responses from its API, GA4 from the fixture the stand-in serves. The stand-ins
// are started with the server (peers/sources.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatNumber } from '@parley/presenter';
import { buildGa4Fixture } from '@parley/testing/standins/ga4-standin';
import type { Locator, Page } from '@playwright/test';
import type { TSourcesStandIns } from '../peers/sources';
import { askOnSource, DEMO, dialog, expect, signIn, test, toast } from './fixtures';
import { expectSettled } from './settled';
import { sourceCard, submitSourceForm } from './source-forms';

test.describe.configure({ mode: 'serial' });

const dataDir = () => process.env.E2E_DATA_DIR!;
/** Written by peers/sources.ts when the server starts. */
const STANDINS_FILE = 'sources-standins.json';
const standIns = (): TSourcesStandIns =>
  JSON.parse(readFileSync(join(dataDir(), STANDINS_FILE), 'utf8')) as TSourcesStandIns;

/** The ids the app gave the three sources this file connects. */
const ids = { d1: '', formbricks: '', ga4: '' };
const NAMES = { d1: 'Northwind on D1', formbricks: 'Customer feedback', ga4: 'Google Analytics' };

const count = (value: number) => formatNumber(value, 'number', { locale: 'en-US' });
const shot = (page: Page | Locator, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled' });

/** One statement through D1's REST API, as Cloudflare answers it: the first value of the first row. */
async function d1Value(sql: string): Promise<number> {
  const { d1 } = standIns();
  const northwind = d1.databases.find((d) => d.name === 'northwind')!;
  const res = await fetch(`${d1.baseUrl}/accounts/${d1.accountId}/d1/database/${northwind.uuid}/raw`, {
    method: 'POST',
    headers: { authorization: `Bearer ${d1.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sql }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { results: { rows: unknown[][] } }[] };
  return Number(body.result[0]!.results.rows[0]![0]);
}

/** Every response of a survey, read from the Formbricks API page by page. */
async function formbricksResponses(surveyId: string): Promise<{ id: string }[]> {
  const { formbricks } = standIns();
  const all: { id: string }[] = [];
  for (let skip = 0; ; skip += 100) {
    const res = await fetch(
      `${formbricks.apiHost}/api/v1/management/responses?surveyId=${surveyId}&limit=100&skip=${skip}`,
      { headers: { 'x-api-key': formbricks.apiKey } },
    );
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: string }[] };
    all.push(...data);
    if (data.length < 100) return all;
  }
}

/** The first and last day of the month before `today` (YYYY-MM-DD). */
function lastMonth(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The picker a new connection opens: choose one account and save it. */
async function pickAccount(page: Page, accountId: string, screenshot?: string): Promise<void> {
  const picker = dialog(page, 'ds-account-picker');
  await expect(picker).toBeVisible();
  await page.getByTestId(`ds-account-option-${accountId}`).check();
  if (screenshot) await shot(page, screenshot);
  await page.getByTestId('ds-account-save').click();
  await expect(picker).toBeHidden();
}

/** Submits the open connection form and answers the new source's id. */
async function submitForm(page: Page): Promise<string> {
  const answer = await submitSourceForm(page);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { datasource_id: string }).datasource_id;
}

/** Through the stand-in's Google pages: the account (when asked for) and then Allow or Cancel. */
async function consent(page: Page, choice: 'allow' | 'deny', screenshot?: string): Promise<void> {
  const account = page.getByTestId('google-account');
  const scope = page.getByTestId('google-scope');
  await expect(account.or(scope)).toBeVisible();
  if (await account.isVisible()) await account.click();
  await expect(scope).toContainText('Google Analytics');
  if (screenshot) await shot(page, screenshot);
  await page.getByTestId(choice === 'allow' ? 'google-allow' : 'google-deny').click();
}

test.afterAll(async ({ browser }) => {
  // The demo user's other specs start from the demo source alone: remove what this file added.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  const tenant = (await (await page.request.get('/auth/tenant')).json()) as {
    credentials: Record<string, unknown>;
  };
  const xsrf = await page.evaluate(() => localStorage.getItem('xsrfToken') ?? '');
  for (const id of Object.keys(tenant.credentials).filter((id) => id !== 'demo'))
    await page.request.delete(`/api/v1/datasource?id=${id}`, { headers: { 'X-XSRF-TOKEN': xsrf } });
  await context.close();
});

test('connects D1 and Formbricks through their forms and Google Analytics through consent', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const s = standIns();
  await signIn(page);
  await page.goto('/user/datasources');
  await expect(page.getByTestId('ds-card')).toHaveCount(1);

  // The dialog offers the three types with their logos.
  await page.getByTestId('ds-add').click();
  await expect(dialog(page, 'ds-add-modal')).toBeVisible();
  for (const [type, logo] of [
    ['CLOUDFLARE_D1', '/logos/cloudflare_d1.svg'],
    ['FORMBRICKS', '/logos/formbricks.svg'],
    ['GOOGLE_ANALYTICS', '/logos/google_analytics.svg'],
  ] as const) {
    const button = page.getByTestId(`ds-type-${type}`);
    await expect(button).toBeVisible();
    const img = button.locator('img');
    await expect(img).toHaveAttribute('src', logo);
    // The logo file is served and drawn.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
  }
  await shot(page, 'sources-add-dialog');

  // Cloudflare D1: a wrong token is refused and nothing is stored; the right one connects.
  await page.getByTestId('ds-type-CLOUDFLARE_D1').click();
  await page.getByTestId('ds-cloudflare_d1-name').fill(NAMES.d1);
  await page.getByTestId('ds-cloudflare_d1-account_id').fill(s.d1.accountId);
  await page.getByTestId('ds-cloudflare_d1-api_token').fill('not-the-token');
  await page.getByTestId('ds-cloudflare_d1-base_url').fill(s.d1.baseUrl);
  expect((await submitSourceForm(page)).status()).toBe(400);
  await expect(page.getByTestId('ds-form-error')).toHaveText(
    'Invalid configuration provided. Authentication failed: Cloudflare D1 refused the API key or token. Check that it is valid and may read this data.',
  );
  await page.getByTestId('ds-cloudflare_d1-api_token').fill(s.d1.token);
  await shot(page, 'sources-d1-form');
  ids.d1 = await submitForm(page);
  await expect(toast(page, 'Data source saved successfully!')).toBeVisible();
  // Databases are D1's accounts: the picker opens on the new source.
  const northwind = s.d1.databases.find((d) => d.name === 'northwind')!;
  await expect(page.getByTestId(`ds-account-option-${northwind.uuid}`)).toBeVisible();
  await expect(dialog(page, 'ds-account-picker')).toContainText('demo');
  await pickAccount(page, northwind.uuid, 'sources-d1-databases');
  await expect(sourceCard(page, NAMES.d1).getByTestId('ds-account')).toContainText('northwind');

  // Formbricks: its surveys are the accounts.
  await page.getByTestId('ds-add').click();
  await page.getByTestId('ds-type-FORMBRICKS').click();
  await page.getByTestId('ds-formbricks-name').fill(NAMES.formbricks);
  await page.getByTestId('ds-formbricks-api_host').fill(s.formbricks.apiHost);
  await page.getByTestId('ds-formbricks-api_key').fill(s.formbricks.apiKey);
  await expect(page.getByTestId('ds-formbricks-api_key')).toHaveAttribute('type', 'password');
  await shot(page, 'sources-formbricks-form');
  ids.formbricks = await submitForm(page);
  const feedback = s.formbricks.surveys[0]!;
  await expect(dialog(page, 'ds-account-picker')).toContainText('Onboarding poll');
  await pickAccount(page, feedback.id, 'sources-formbricks-surveys');
  await expect(sourceCard(page, NAMES.formbricks).getByTestId('ds-account')).toContainText(feedback.name);

  // Google Analytics, declined at the consent screen: back on the screen, told so, nothing stored.
  await page.getByTestId('ds-add').click();
  await page.getByTestId('ds-type-GOOGLE_ANALYTICS').click();
  await page.getByTestId('ds-oauth-continue').click();
  await consent(page, 'deny', 'sources-google-consent');
  await expect(page).toHaveURL(/\/user\/datasources\?error=access_denied$/);
  await expect(page.getByTestId('ds-oauth-error')).toContainText(
    'Google Analytics was not connected: access was declined',
  );
  await expect(page.getByTestId('ds-oauth-error')).toHaveAttribute('data-error', 'access_denied');
  await expect(sourceCard(page, NAMES.ga4)).toHaveCount(0);
  await expect(page.getByTestId('ds-card')).toHaveCount(3);
  await shot(page, 'sources-google-declined');
  await page.getByTestId('ds-oauth-error').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('ds-oauth-error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/datasources$/);

  // Allowed this time: the source is stored and its properties are offered.
  await page.getByTestId('ds-add').click();
  await page.getByTestId('ds-type-GOOGLE_ANALYTICS').click();
  await page.getByTestId('ds-oauth-continue').click();
  await consent(page, 'allow');
  await expect(page).toHaveURL(/\/user\/datasources$/);
  const ga4Card = sourceCard(page, NAMES.ga4);
  await expect(ga4Card).toBeVisible();
  await expect(ga4Card.getByTestId('ds-card-status')).toHaveText('Active');
  await expect(ga4Card.getByTestId('ds-revoke')).toBeVisible();
  const tenant = (await (await page.request.get('/auth/tenant')).json()) as {
    credentials: Record<string, { type: string }>;
  };
  ids.ga4 = Object.entries(tenant.credentials).find(([, c]) => c.type === 'GOOGLE_ANALYTICS')![0];
  expect(JSON.stringify(tenant)).not.toMatch(/token|fbk_/);
  await ga4Card.getByTestId('ds-add-account').click();
  await expect(dialog(page, 'ds-account-picker')).toContainText('Parley Blog');
  await pickAccount(page, '300000001', 'sources-ga4-properties');
  await expect(ga4Card.getByTestId('ds-account')).toContainText('Parley Shop');
  // Only the OAuth source can be revoked.
  await expect(page.getByTestId('ds-revoke')).toHaveCount(1);
  await expect(page.getByTestId('ds-active-count')).toHaveText('4 active connections');
  await expectSettled(page);
  await page.screenshot({ path: test.info().outputPath('sources-screen.png'), fullPage: true });
});

test('answers one question on each source with the stand-in’s own numbers', async ({ page }) => {
  test.setTimeout(180_000);
  const s = standIns();
  expect(ids.d1 && ids.formbricks && ids.ga4).toBeTruthy();
  await signIn(page);
  await page.goto('/conversation');
  const select = page.getByTestId('source-select');

  // D1: orders in 1997, counted by D1 itself.
  await select.selectOption({ label: NAMES.d1 });
  const orders = await d1Value(
    "SELECT COUNT(*) FROM orders WHERE order_date BETWEEN '1997-01-01' AND '1997-12-31'",
  );
  expect(orders).toBeGreaterThan(0);
  const d1 = await askOnSource(page, 'how many orders in 1997', ids.d1);
  expect(Object.values(d1.data.table[0]!)).toContain(orders);
  await expect(d1.card).toContainText(count(orders));
  await shot(d1.card, 'sources-card-d1');

  // Formbricks: the copy is made by the sync job on connect; the card says how fresh it is.
  const feedback = s.formbricks.surveys[0]!;
  const copyDir = join(dataDir(), 'sources', ids.formbricks);
  await expect
    .poll(
      () => existsSync(copyDir) && readdirSync(copyDir).some((f) => f.endsWith(`${feedback.id}.duckdb`)),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  const responses = await formbricksResponses(feedback.id);
  expect(responses.length).toBeGreaterThan(100);
  await select.selectOption({ label: NAMES.formbricks });
  const fb = await askOnSource(page, 'number of responses', ids.formbricks);
  expect(Object.values(fb.data.table[0]!)).toContain(responses.length);
  await expect(fb.card).toContainText(count(responses.length));
  expect(Date.parse(fb.data.synced!)).toBeLessThanOrEqual(Date.now());
  await expect(fb.card.getByTestId('card-synced')).toContainText('Data as of');
  await shot(fb.card, 'sources-card-formbricks');

  // Google Analytics: sessions last month, summed from the fixture the stand-in serves.
  const { from, to } = lastMonth(s.ga4.today);
  const sessions = buildGa4Fixture(s.ga4.today)
    .rows.filter((r) => r.date >= from && r.date <= to)
    .reduce((sum, r) => sum + r.sessions, 0);
  expect(sessions).toBeGreaterThan(0);
  await select.selectOption({ label: NAMES.ga4 });
  const ga4 = await askOnSource(page, 'sessions last month', ids.ga4);
  expect(ga4.data.table).toEqual([{ Sessions: sessions }]);
  await expect(ga4.card).toContainText(count(sessions));
  await shot(ga4.card, 'sources-card-ga4');
  await shot(page, 'sources-conversation');
});

test('deleting the Formbricks source deletes its local copy', async ({ page }) => {
  const copyDir = join(dataDir(), 'sources', ids.formbricks);
  expect(existsSync(copyDir)).toBe(true);
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/user/datasources');
  await sourceCard(page, NAMES.formbricks).getByTestId('ds-delete').click();
  await expect(dialog(page, 'ds-delete-modal')).toContainText(NAMES.formbricks);
  await page.getByTestId('ds-delete-confirm').click();
  await expect(toast(page, 'Data source removed successfully!').first()).toBeVisible();
  await expect(sourceCard(page, NAMES.formbricks)).toHaveCount(0);
  expect(existsSync(copyDir)).toBe(false);
});
