/// <reference lib="dom" />
// Data sources as a new user meets them: connect Pagila (a PostgreSQL sample database nobody on
// the project wrote) through the form, pick its schema, ask from the conversation with it chosen
// and check each card against SQL run straight on the database; upload a CSV and do the same;
// deactivate and activate; a wrong password stores nothing; delete.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatNumber } from '@parley/presenter';
import { testDatabaseUrl } from '@parley/testing';
import { createPagilaDatabase, type TPagilaDatabase } from '@parley/testing/fixtures/pagila-fixture';
import type { Page } from '@playwright/test';
import { askOnSource, dialog, expect, expectAccessible, signIn, test, toast } from './fixtures';
import {
  createReader,
  PG,
  READER,
  serverChecksPasswords,
  sqlNumber,
  sqlRows,
  startPasswordRefusingPeer,
} from './pg-helpers';
import { expectSettled } from './settled';
import { fillPostgresForm, openAddSource, sourceCard, submitSourceForm } from './source-forms';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });
// PostgreSQL in tests is TEST_DATABASE_URL's server; without it this file's tests skip.
test.skip(!testDatabaseUrl(), 'needs PostgreSQL: set TEST_DATABASE_URL');

let pagila: TPagilaDatabase;
/** The ids the app gave the two sources this file connects. */
const ids = { pagila: '', file: '' };

test.beforeAll(() => {
  test.setTimeout(180_000);
  pagila = createPagilaDatabase();
  createReader(pagila.config.database);
});

test.afterAll(() => {
  pagila?.drop();
});

const sql = {
  number: (query: string) => sqlNumber(pagila.config.database, query),
  rows: (query: string) => sqlRows(pagila.config.database, query),
};

/** What a card shows for a money value (the presenter's rules, en-US). */
const money = (value: number, decimals?: number) =>
  formatNumber(value, 'currency', { locale: 'en-US', ...(decimals === undefined ? {} : { decimals }) });
const count = (value: number) => formatNumber(value, 'number', { locale: 'en-US' });

/** The data-source ids in the tenant, read the way the app reads them. */
async function credentialIds(page: Page): Promise<string[]> {
  const tenant = await page.request.get('/auth/tenant');
  expect(tenant.status()).toBe(200);
  return Object.keys(((await tenant.json()) as { credentials: Record<string, unknown> }).credentials).sort();
}

test('connects Pagila through the form, picks its schema and answers with the numbers SQL gives', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/user/datasources');
  await expect(page.getByTestId('page-datasources')).toBeVisible();
  await expect(page.getByTestId('settings-tab-datasources')).toHaveClass(/active/);
  // A new user has the built-in demo only.
  await expect(page.getByTestId('ds-card')).toHaveCount(1);
  await expect(sourceCard(page, 'Demo data').getByTestId('ds-card-default')).toBeVisible();
  await expect(page.getByTestId('ds-active-count')).toHaveText('1 active connection');

  // The add dialog lists the server's types; none is connected yet.
  await page.getByTestId('ds-add').click();
  await expect(page.getByTestId('ds-type-POSTGRESQL')).toBeVisible();
  await expect(page.getByTestId('ds-type-FILE')).toBeVisible();
  await expect(page.getByTestId('ds-type-DEMO')).toHaveCount(0);
  await expect(page.getByTestId('ds-type-connected-POSTGRESQL')).toHaveCount(0);
  await page.screenshot({ path: join(SHOTS, 'datasources-add-dialog.png'), animations: 'disabled' });
  await expectAccessible(page, '[data-testid="ds-add-modal"]');
  await page.getByTestId('ds-type-POSTGRESQL').click();

  // The form: port 5432 by default, the password masked, SSL off; required fields block submit.
  await expect(page.getByTestId('ds-postgresql-port')).toHaveValue('5432');
  await expect(page.getByTestId('ds-postgresql-password')).toHaveAttribute('type', 'password');
  await expect(page.getByTestId('ds-postgresql-ssl')).not.toBeChecked();
  await page.getByTestId('ds-form-submit').click();
  await expect(
    page.getByTestId('ds-postgresql-form').getByText('This field is required.').first(),
  ).toBeVisible();

  await fillPostgresForm(page, {
    name: 'Pagila',
    host: PG.host,
    port: PG.port,
    database: pagila.config.database,
    user: READER.user,
    password: READER.password,
  });
  await page.screenshot({ path: join(SHOTS, 'datasources-postgres-form.png'), animations: 'disabled' });
  await expectAccessible(page, '[data-testid="ds-add-modal"]');
  const createdAnswer = await submitSourceForm(page);
  expect(createdAnswer.status()).toBe(200);
  ids.pagila = ((await createdAnswer.json()) as { datasource_id: string }).datasource_id;
  // The password went to the server once, as typed, and never comes back.
  expect(createdAnswer.request().postDataJSON()).toMatchObject({
    type: 'POSTGRESQL',
    name: 'Pagila',
    config: { port: PG.port, ssl: false, password: READER.password },
  });
  await expect(toast(page, 'Data source saved successfully!')).toBeVisible();
  await expect(dialog(page, 'ds-add-modal')).toBeHidden();
  const card = sourceCard(page, 'Pagila');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('ds-card-type')).toHaveText('PostgreSQL');
  await expect(card.getByTestId('ds-card-status')).toHaveText('Active');
  await expect(page.getByTestId('ds-active-count')).toHaveText('2 active connections');
  expect(JSON.stringify(await (await page.request.get('/auth/tenant')).json())).not.toContain(
    READER.password,
  );

  // Accounts: the server chose `public`; remove it, then pick it again in the account picker.
  await expect(card.getByTestId('ds-account')).toHaveCount(1);
  await expect(card.getByTestId('ds-account').first()).toContainText('public');
  await card.getByTestId('ds-account-remove').click();
  await expect(toast(page, 'Account removed successfully!')).toBeVisible();
  await expect(card.getByTestId('ds-accounts-none')).toBeVisible();
  await card.getByTestId('ds-add-account').click();
  const picker = dialog(page, 'ds-account-picker');
  await expect(picker).toBeVisible();
  await expect(page.getByTestId('ds-account-save')).toBeDisabled();
  await page.getByTestId('ds-account-option-public').check();
  await page.screenshot({ path: join(SHOTS, 'datasources-account-picker.png'), animations: 'disabled' });
  await expectAccessible(page, '[data-testid="ds-account-picker"]');
  await page.getByTestId('ds-account-save').click();
  await expect(picker).toBeHidden();
  await expect(card.getByTestId('ds-account')).toHaveCount(1);
  await expect(card.getByTestId('ds-account-selected')).toHaveText('Selected');

  // The dialog now marks PostgreSQL as connected.
  await page.getByTestId('ds-add').click();
  await expect(page.getByTestId('ds-type-connected-POSTGRESQL')).toHaveText('Connected');
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'ds-add-modal')).toBeHidden();

  // The conversation: the user's newest own source is the default, so Pagila is preselected; ask it
  // three questions.
  await page.goto('/conversation');
  const select = page.getByTestId('source-select');
  await expect(select.locator('option:checked')).toHaveText('Pagila');

  // 1. Total payments in 2022, to the cent.
  const total = sql.number(
    "SELECT sum(amount) FROM payment WHERE payment_date >= '2022-01-01' AND payment_date < '2023-01-01'",
  );
  const q1 = await askOnSource(page, 'total payment amount in 2022', ids.pagila, { table: true });
  expect(Object.values(q1.data.table[0])[0]).toBeCloseTo(total, 2);
  await expect(q1.card.getByTestId('data-table')).toContainText(money(total));

  // 2. Rentals in July 2022.
  const rentals = sql.number(
    "SELECT count(*) FROM rental WHERE rental_date >= '2022-07-01' AND rental_date < '2022-08-01'",
  );
  expect(rentals).toBeGreaterThan(0);
  const q2 = await askOnSource(page, 'number of rentals in july 2022', ids.pagila, { table: true });
  expect(Object.values(q2.data.table[0])[0]).toBe(rentals);
  await expect(q2.card.getByTestId('data-table')).toContainText(count(rentals));

  // 3. Payments by month in 2022: every month's sum, and the table's total.
  const months = sql.rows(
    `SELECT to_char(date_trunc('month', payment_date), 'YYYY-MM'), sum(amount) FROM payment
      WHERE payment_date >= '2022-01-01' AND payment_date < '2023-01-01' GROUP BY 1 ORDER BY 1`,
  );
  expect(months.length).toBeGreaterThan(3);
  const q3 = await askOnSource(page, 'amount by month in 2022', ids.pagila, { table: true });
  const byMonth = q3.data.table.map((row) => {
    const [month, amount] = Object.values(row) as [string, number];
    return [month.slice(0, 7), amount] as const;
  });
  expect(byMonth.map(([m]) => m)).toEqual(months.map(([m]) => m));
  byMonth.forEach(([, amount], i) => {
    expect(amount).toBeCloseTo(Number(months[i][1]), 2);
  });
  const table3 = q3.card.getByTestId('data-table');
  await expect(table3.locator('tbody tr')).toHaveCount(months.length);
  // Totals are written like their column (whole dollars from $1,000 on), as the rows are.
  await expect(table3.locator('tfoot')).toContainText(money(total));
  await expectSettled(q3.card);
  await q3.card.screenshot({
    path: join(SHOTS, 'datasources-card-pagila-by-month.png'),
    animations: 'disabled',
  });
  await page.screenshot({ path: join(SHOTS, 'datasources-conversation-pagila.png'), animations: 'disabled' });
});

/** A CSV with known totals: 240 orders over 2025, four regions, three products. */
function salesCsv(): { text: string; revenue: number; units: number; byRegion: Map<string, number> } {
  const regions = ['North', 'South', 'East', 'West'];
  const products = ['Widget', 'Gadget', 'Gizmo'];
  const lines = ['order_date,region,product,revenue,units'];
  const byRegion = new Map<string, number>();
  let cents = 0;
  let units = 0;
  for (let i = 0; i < 240; i++) {
    const date = new Date(Date.UTC(2025, 0, 1 + Math.floor(i * 1.5)));
    const region = regions[i % 4];
    const revenueCents = 1000 + ((i * 7919) % 90000); // 10.00 … 909.99
    const u = 1 + (i % 9);
    lines.push(
      `${date.toISOString().slice(0, 10)},${region},${products[i % 3]},${(revenueCents / 100).toFixed(2)},${u}`,
    );
    cents += revenueCents;
    units += u;
    byRegion.set(region, (byRegion.get(region) ?? 0) + revenueCents);
  }
  return {
    text: `${lines.join('\n')}\n`,
    revenue: cents / 100,
    units,
    byRegion: new Map([...byRegion].map(([r, c]) => [r, c / 100])),
  };
}

test('uploads a CSV with progress and answers with its totals', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const csv = salesCsv();
  const path = testInfo.outputPath('Regional sales.csv');
  writeFileSync(path, csv.text);
  await signIn(page);
  await page.goto('/user/datasources');
  await openAddSource(page, 'FILE');
  await expect(page.getByTestId('ds-upload-submit')).toBeDisabled();

  // A wrong kind of file is refused before anything is sent.
  await page.getByTestId('ds-file-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByTestId('ds-form-error')).toHaveText(
    'Choose a CSV (.csv) or Parquet (.parquet) file.',
  );
  await expect(page.getByTestId('ds-upload-submit')).toBeDisabled();

  await page.getByTestId('ds-file-input').setInputFiles(path);
  await expect(page.getByTestId('ds-file-chosen')).toContainText('Regional sales.csv');
  // Record every value the progress bar takes (it shows only while the file goes out).
  await page.evaluate(() => {
    const w = window as unknown as { __progress: number[] };
    w.__progress = [];
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="ds-upload-progress"] [role="progressbar"]');
      const v = bar?.getAttribute('aria-valuenow');
      if (v !== null && v !== undefined) w.__progress.push(Number(v));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  // Held until the screenshot has caught the dialog while the upload is under way.
  let release = () => {};
  const shotTaken = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/datasource/upload', async (route) => {
    await shotTaken;
    await route.continue();
  });
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/datasource/upload'));
  await page.getByTestId('ds-upload-submit').click();
  await expect(page.getByTestId('ds-upload-progress')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'datasources-upload-progress.png'), animations: 'disabled' });
  release();
  const upload = await uploaded;
  expect(upload.status()).toBe(200);
  expect(upload.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(upload.request().headers()['x-xsrf-token']).toBeTruthy();
  ids.file = ((await upload.json()) as { datasource_id: string }).datasource_id;
  const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
  // The bar starts at 0 and follows the XMLHttpRequest's upload events to 100, with "Reading the
  // file…" once it is all sent (a file this small goes out in one step; the steps in between are
  // the unit test's business).
  expect(progress[0]).toBe(0);
  expect(progress.at(-1)).toBe(100);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  // What the file was understood as is shown until the user is done with it.
  await expect(page.getByTestId('ds-upload-summary')).toBeVisible();
  await page.getByTestId('ds-summary-done').click();

  await expect(toast(page, 'Data source saved successfully!')).toBeVisible();
  const card = sourceCard(page, 'Regional sales');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('ds-card-type')).toHaveText('File upload');
  await expect(card.getByTestId('ds-card-status')).toHaveText('Active');
  // Files have no accounts; only oauth2 sources can be revoked.
  await expect(card.getByTestId('ds-add-account')).toHaveCount(0);
  await expect(page.getByTestId('ds-revoke')).toHaveCount(0);
  await expect(page.getByTestId('ds-active-count')).toHaveText('3 active connections');
  await expectSettled(page);
  await page.screenshot({ path: join(SHOTS, 'datasources.png'), fullPage: true });
  await expectAccessible(page, '[data-testid="page-datasources"]');

  await page.goto('/conversation');
  await page.getByTestId('source-select').selectOption({ label: 'Regional sales' });
  const q1 = await askOnSource(page, 'total revenue', ids.file, { table: true });
  expect(Object.values(q1.data.table[0])[0]).toBeCloseTo(csv.revenue, 2);
  await expect(q1.card.getByTestId('data-table')).toContainText(money(csv.revenue));

  const q2 = await askOnSource(page, 'revenue by region', ids.file, { table: true });
  const shown = new Map(
    q2.data.table.map((row) => {
      const [region, revenue] = Object.values(row) as [string, number];
      return [region, revenue];
    }),
  );
  expect([...shown.keys()].sort()).toEqual([...csv.byRegion.keys()].sort());
  for (const [region, revenue] of csv.byRegion) expect(shown.get(region)).toBeCloseTo(revenue, 2);
  const table = q2.card.getByTestId('data-table');
  for (const [region, revenue] of csv.byRegion) {
    await expect(table.locator('tbody tr').filter({ hasText: region })).toContainText(money(revenue));
  }
  await expect(table.locator('tfoot')).toContainText(money(csv.revenue));
  await expectSettled(q2.card);
  await q2.card.screenshot({
    path: join(SHOTS, 'datasources-card-file-by-region.png'),
    animations: 'disabled',
  });
  await page.screenshot({ path: join(SHOTS, 'datasources-conversation-file.png'), animations: 'disabled' });
});

test('deactivates and activates a source, with its badge, the count and the picker following', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/user/datasources');
  const card = sourceCard(page, 'Pagila');
  await expect(page.getByTestId('ds-active-count')).toHaveText('3 active connections');

  await card.getByTestId('ds-deactivate').click();
  await expect(card.getByTestId('ds-card-status')).toHaveText('Inactive');
  await expect(card.getByTestId('ds-activate')).toBeVisible();
  await expect(card.getByTestId('ds-set-default')).toHaveCount(0);
  await expect(page.getByTestId('ds-active-count')).toHaveText('2 active connections');
  await page.screenshot({ path: join(SHOTS, 'datasources-inactive.png'), fullPage: true });

  // An inactive source cannot be asked.
  await page.goto('/conversation');
  await expect(page.getByTestId('source-select').locator('option')).toHaveText([
    'Demo data',
    'Regional sales',
  ]);

  await page.goto('/user/datasources');
  await card.getByTestId('ds-activate').click();
  await expect(card.getByTestId('ds-card-status')).toHaveText('Active');
  await expect(page.getByTestId('ds-active-count')).toHaveText('3 active connections');

  // Set as default: the conversation preselects it; then back to the demo.
  await card.getByTestId('ds-set-default').click();
  await expect(card.getByTestId('ds-card-default')).toHaveText('Default');
  await expect(sourceCard(page, 'Demo data').getByTestId('ds-card-default')).toHaveCount(0);
  await page.goto('/conversation');
  await expect(page.getByTestId('source-select').locator('option:checked')).toHaveText('Pagila');
  await expect(page.getByTestId('source-select').locator('option')).toHaveText([
    'Demo data',
    'Pagila',
    'Regional sales',
  ]);
  await page.goto('/user/datasources');
  await sourceCard(page, 'Demo data').getByTestId('ds-set-default').click();
  await expect(sourceCard(page, 'Demo data').getByTestId('ds-card-default')).toBeVisible();
});

test('a wrong password shows the server refusal and stores nothing', async ({ page }) => {
  await signIn(page);
  await page.goto('/user/datasources');
  await expect(page.getByTestId('ds-card')).toHaveCount(3);
  const before = await credentialIds(page);

  // Where the server checks passwords, the real one with a wrong password; under trust
  // authentication (which accepts any password) a peer that checks it as PostgreSQL does.
  const real = serverChecksPasswords(pagila.config.database);
  const peer = real ? null : await startPasswordRefusingPeer();
  try {
    await openAddSource(page, 'POSTGRESQL');
    await fillPostgresForm(page, {
      name: 'Pagila again',
      host: PG.host,
      port: peer?.port ?? PG.port,
      database: pagila.config.database,
      user: READER.user,
      password: 'not-the-password',
    });
    expect((await submitSourceForm(page)).status()).toBe(400);
    const refusedText = `Invalid configuration provided. Authentication failed: the server refused the user name or password of “${READER.user}”.`;
    await expect(toast(page, refusedText)).toBeVisible();
    await expect(page.getByTestId('ds-form-error')).toHaveText(refusedText);
    await page.screenshot({ path: join(SHOTS, 'datasources-invalid-config.png'), animations: 'disabled' });

    // A database that does not exist, on the real server: refused the same way.
    await page.getByTestId('ds-postgresql-port').fill(String(PG.port));
    await page.getByTestId('ds-postgresql-database').fill(`${pagila.config.database}_missing`);
    await page.getByTestId('ds-postgresql-password').fill(READER.password);
    expect((await submitSourceForm(page)).status()).toBe(400);
    await expect(page.getByTestId('ds-form-error')).toHaveText(
      `Invalid configuration provided. The database “${pagila.config.database}_missing” does not exist.`,
    );
  } finally {
    await peer?.close();
  }
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'ds-add-modal')).toBeHidden();
  // Nothing was created: the list and the tenant are as they were.
  await expect(page.getByTestId('ds-card')).toHaveCount(3);
  await expect(sourceCard(page, 'Pagila again')).toHaveCount(0);
  expect(await credentialIds(page)).toEqual(before);
  await page.reload();
  await expect(page.getByTestId('ds-card')).toHaveCount(3);
});

test('speaks Turkish', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'tr'));
  await signIn(page);
  await page.goto('/user/datasources');
  await expect(page.locator('h1')).toHaveText('Veri kaynakları');
  await expect(page.getByTestId('ds-active-count')).toHaveText('3 etkin bağlantı');
  await expect(sourceCard(page, 'Demo verisi').getByTestId('ds-card-status')).toHaveText('Etkin');
  await expect(sourceCard(page, 'Pagila').getByTestId('ds-account-selected')).toHaveText('Seçili');
  await page.screenshot({ path: join(SHOTS, 'datasources-tr.png'), fullPage: true });
  await page.goto('/conversation');
  await expect(page.getByTestId('source-picker')).toContainText('Veri kaynağı');
  await expect(page.getByTestId('source-select').locator('option:checked')).toHaveText('Demo verisi');
});

test('deletes connections after a confirmation', async ({ page }) => {
  await signIn(page);
  await page.goto('/user/datasources');
  for (const name of ['Regional sales', 'Pagila']) {
    await sourceCard(page, name).getByTestId('ds-delete').click();
    const confirm = dialog(page, 'ds-delete-modal');
    await expect(confirm).toContainText(name);
    if (name === 'Pagila') {
      // Cancel keeps it.
      await page.getByTestId('ds-delete-cancel').click();
      await expect(confirm).toBeHidden();
      await expect(sourceCard(page, name)).toHaveCount(1);
      await sourceCard(page, name).getByTestId('ds-delete').click();
    }
    await page.getByTestId('ds-delete-confirm').click();
    await expect(toast(page, 'Data source removed successfully!').first()).toBeVisible();
    await expect(sourceCard(page, name)).toHaveCount(0);
  }
  await expect(page.getByTestId('ds-card')).toHaveCount(1);
  await expect(page.getByTestId('ds-active-count')).toHaveText('1 active connection');
  expect(await credentialIds(page)).toEqual(['demo']);
  // The demo is built in: nothing to delete or deactivate.
  await expect(page.getByTestId('ds-delete')).toHaveCount(0);
  await expect(page.getByTestId('ds-deactivate')).toHaveCount(0);
});
