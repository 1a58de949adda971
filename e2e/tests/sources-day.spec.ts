/// <reference lib="dom" />
// Data sources that explain themselves: a refused PostgreSQL connection says the database does
// not exist, an uploaded CSV (Northwind's orders) shows what was understood, the source is renamed
// and the new name shows on the screen and in the conversation's picker, and deactivating a source
// that collection cards read asks first, naming the collections.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { testDatabaseUrl } from '@parley/testing';
import { datasetDir } from '@parley/testing/datasets';
import type { Locator, Page } from '@playwright/test';
import { createCollection } from './collection-helpers';
import { dialog, expect, signIn, test } from './fixtures';
import { PG } from './pg-helpers';
import { fillPostgresForm, openAddSource, sourceCard, submitSourceForm } from './source-forms';

test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/parley/shots/sources';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page | Locator, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' });

let ordersId = '';

test('a PostgreSQL connection to a database that does not exist says so', async ({ page }) => {
  test.skip(!testDatabaseUrl(), 'needs PostgreSQL: set TEST_DATABASE_URL');
  await signIn(page);
  await page.goto('/user/datasources');
  await openAddSource(page, 'POSTGRESQL');
  await fillPostgresForm(page, {
    name: 'Shop',
    host: PG.host,
    port: PG.port,
    database: 'parley_day_missing',
    user: PG.admin,
    password: 'not-shown-anywhere',
  });
  expect((await submitSourceForm(page)).status()).toBe(400);
  const error = page.getByTestId('ds-form-error');
  await expect(error).toHaveText(
    'Invalid configuration provided. The database “parley_day_missing” does not exist.',
  );
  await expect(error).not.toContainText('not-shown-anywhere');
  await shot(dialog(page, 'ds-add-modal'), 'connection-error');

  // The database that exists connects; its account list is named for PostgreSQL: schemas.
  await page.getByTestId('ds-postgresql-database').fill('postgres');
  await page.getByTestId('ds-form-submit').click();
  await expect(dialog(page, 'ds-add-modal')).toBeHidden();
  const card = sourceCard(page, 'Shop');
  await expect(card.getByTestId('ds-accounts-title')).toHaveText('Schemas');
  await expect(card.getByTestId('ds-add-account')).toHaveText('Add schema');
  await expect(card.getByTestId('ds-account-selected')).toBeVisible();
  await shot(card, 'postgres-schemas');
  await card.getByTestId('ds-delete').click();
  await page.getByTestId('ds-delete-confirm').click();
  await expect(card).toHaveCount(0);
});

test('an upload shows what was understood: rows, columns, dates and measures', async ({ page }) => {
  await signIn(page);
  await page.goto('/user/datasources');
  await page.getByTestId('ds-add').click();
  await page.getByTestId('ds-type-FILE').click();
  await page.getByTestId('ds-file-input').setInputFiles(join(datasetDir('northwind'), 'orders.csv'));
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/datasource/upload'));
  await page.getByTestId('ds-upload-submit').click();
  const answer = await uploaded;
  expect(answer.status()).toBe(200);
  ordersId = ((await answer.json()) as { datasource_id: string }).datasource_id;

  const summary = page.getByTestId('ds-upload-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('ds-summary-size')).toHaveText('830 rows · 14 columns');
  await expect(page.getByTestId('ds-summary-dates')).toHaveText(
    'Dates from Jul 4, 1996 to May 6, 1998 (order_date)',
  );
  const measures = page.getByTestId('ds-summary-measures');
  await expect(measures).toContainText('Freight');
  await expect(measures).toContainText('Orders');
  const columns = page.getByTestId('ds-summary-columns');
  await expect(columns.getByRole('row').filter({ hasText: 'order_date' })).toContainText('date');
  await expect(columns.getByRole('row').filter({ hasText: 'ship_country' })).toContainText('text');
  await shot(dialog(page, 'ds-add-modal'), 'upload-summary');
  await page.getByTestId('ds-summary-done').click();
  await expect(dialog(page, 'ds-add-modal')).toBeHidden();
  await expect(sourceCard(page, 'orders')).toBeVisible();
});

test('a source is renamed, and the new name shows where the source is chosen', async ({ page }) => {
  await signIn(page);
  await page.goto('/user/datasources');
  const card = sourceCard(page, 'orders');
  await card.getByTestId('ds-rename').click();
  const modal = dialog(page, 'ds-rename-modal');
  await expect(modal).toBeVisible();
  const input = page.getByTestId('ds-rename-input');
  await input.fill('   ');
  await expect(page.getByTestId('ds-rename-save')).toBeDisabled();
  await input.fill('Northwind orders');
  await shot(modal, 'rename');
  await page.getByTestId('ds-rename-save').click();
  await expect(modal).toBeHidden();
  await expect(sourceCard(page, 'Northwind orders')).toBeVisible();
  await expect(sourceCard(page, 'orders')).toHaveCount(0);
  await page.goto('/conversation');
  await expect(
    page.getByTestId('source-select').locator('option', { hasText: 'Northwind orders' }),
  ).toHaveCount(1);
});

test('deactivating a source that collection cards read asks first, naming the collections', async ({
  page,
}) => {
  await signIn(page);
  for (const [name, phrases] of [
    ['Shipping', ['freight by month', 'orders by ship country']],
    ['Board', ['total freight']],
  ] as const)
    await createCollection(
      page,
      name,
      phrases.map((phrase) => ({ phrase, data_adapter: ordersId })),
    );
  await page.goto('/user/datasources');
  const card = sourceCard(page, 'Northwind orders');
  await card.getByTestId('ds-deactivate').click();
  const modal = dialog(page, 'ds-deactivate-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('ds-usage-text')).toHaveText(
    '3 cards in 2 collections use this source: Board, Shipping.',
  );
  await expect(page.getByTestId('ds-usage-list')).toContainText('Shipping · 2 cards');
  // Nothing changed yet: the source is active until the user confirms.
  await expect(card.getByTestId('ds-card-status')).toHaveText('Active');
  await shot(modal, 'deactivate-asks');
  await page.getByTestId('ds-deactivate-confirm').click();
  await expect(modal).toBeHidden();
  await expect(card.getByTestId('ds-card-status')).toHaveText('Inactive');
  await expect(card.getByTestId('ds-accounts-title')).toHaveCount(0);
  await shot(page, 'datasources-after');
});
