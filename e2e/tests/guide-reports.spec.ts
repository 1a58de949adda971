// A new user's first day: the dashboard's Getting started guide ticks its steps from what they
// really did (uploaded a CSV, skipped the assistant), stays dismissed after a reload; the empty
// conversation offers questions about their file; the report profiles read their file by default,
// the opportunity form starts from the strategy profile, and a disabled Generate says why.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dialog, expect, signUpByMail, test } from './fixtures';
import { fillStrategyProfile, generateStrategyReport } from './report-forms';

const SHOTS = '/tmp/parley/shots/guide';
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage, animations: 'disabled' });

const EMAIL = `guide-${Date.now().toString(36)}@example.com`;
const FILE = 'Kestrel Sales';

/** A year of sales by region, up to yesterday. */
function salesCsv(): string {
  const lines = ['sold_on,region,revenue'];
  const today = Date.now();
  for (let d = 365; d >= 1; d--) {
    const day = new Date(today - d * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${day},${d % 2 ? 'North' : 'South'},${(100 + (d % 37)).toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

const step = (page: Page, name: string) => page.getByTestId(`guide-step-${name}`);

test('a new user: Getting started, starters about their file, reports about their business', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUpByMail(page, EMAIL, 'Greta Guide');

  // A new user: nothing of their own yet.
  const guide = page.getByTestId('getting-started');
  await expect(guide).toBeVisible();
  await expect(step(page, 'data-source')).toHaveAttribute('data-status', 'todo');
  await expect(step(page, 'assistant')).toHaveAttribute('data-status', 'todo');
  await expect(step(page, 'all-set')).toHaveAttribute('data-status', 'todo');
  await expect(page.getByTestId('guide-progress')).toHaveText('0 of 3 done');
  await shot(page, 'guide-new-user', false);

  // Step 1 from the guide's own link: upload a CSV.
  await page.getByTestId('guide-add-source').click();
  await expect(page).toHaveURL(/\/user\/datasources$/);
  const path = testInfo.outputPath(`${FILE}.csv`);
  writeFileSync(path, salesCsv());
  await page.getByTestId('ds-add').click();
  await expect(dialog(page, 'ds-add-modal')).toBeVisible();
  await page.getByTestId('ds-type-FILE').click();
  await page.getByTestId('ds-file-input').setInputFiles(path);
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/datasource/upload'));
  await page.getByTestId('ds-upload-submit').click();
  expect((await uploaded).status()).toBe(200);

  // Back by the app's own navigation (no reload): the guide is read again after the upload.
  await expect(page.getByTestId('ds-upload-summary')).toBeVisible();
  await page.getByTestId('ds-summary-done').click();
  await page.getByTestId('nav-dashboard').click();
  await expect(step(page, 'data-source')).toHaveAttribute('data-status', 'done');
  await expect(step(page, 'data-source')).toContainText('Connected: 1 data source of your own.');
  await expect(step(page, 'all-set')).toHaveAttribute('data-status', 'todo');
  await shot(page, 'guide-source-connected', false);

  // Step 2 (linking an assistant, assistants.spec.ts) skipped for now, which makes the user all set.
  await page.getByTestId('guide-skip-assistant').click();
  await expect(step(page, 'assistant')).toHaveAttribute('data-status', 'skipped');
  await expect(step(page, 'all-set')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('guide-progress')).toHaveText('3 of 3 done');
  await shot(page, 'guide-all-set', false);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/features/guide') && r.request().method() === 'PUT',
  );
  await page.getByTestId('guide-dismiss').click();
  expect((await saved).status()).toBe(200);
  await expect(guide).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await expect(page.getByTestId('getting-started')).toHaveCount(0);

  // The empty conversation: starters about the file, and one answers from it.
  await page.getByTestId('nav-conversation').click();
  await expect(page.getByTestId('conversation-empty')).toBeVisible();
  await expect(page.getByTestId('starters-source')).toContainText(`Questions about “${FILE}”`);
  // The file is the default before any click: the picker shows it, as the starters do.
  await expect(page.getByTestId('source-select').locator('option:checked')).toHaveText(FILE);
  const chips = page.getByTestId('suggestion-chip');
  await expect(chips.first()).toBeVisible();
  await expect(chips.filter({ hasText: /Revenue/ }).first()).toBeVisible();
  await expect(chips.filter({ hasText: /Orders|channel/i })).toHaveCount(0);
  await shot(page, 'conversation-starters', false);
  await chips
    .filter({ hasText: /Revenue by region/ })
    .first()
    .click();
  // Answered from the file, which the picker now shows.
  const item = page.getByTestId('conversation-item').last();
  await expect(item.getByTestId('analysis-card')).toBeVisible({ timeout: 30_000 });
  await expect(item.getByTestId('analysis-card')).toContainText('North');
  await expect(page.getByTestId('source-select').locator('option:checked')).toHaveText(FILE);
  await shot(page, 'conversation-starter-answered', false);

  await reportsAboutTheUsersFile(page);
});

/** The Intelligence Suite of the same user: the source select, the prefilled form, the reasons. */
async function reportsAboutTheUsersFile(page: Page): Promise<void> {
  await page.goto('/intelligence-suite');
  const generate = page.getByTestId('report-generate-organisation_strategy');
  await expect(generate).toBeDisabled();
  const why = page.getByTestId('report-why-organisation_strategy');
  await expect(why).toHaveText('Fill in the strategy profile first.');
  await expect(generate).toHaveAttribute('aria-describedby', (await why.getAttribute('id'))!);
  await expect(page.getByTestId('report-source-organisation_strategy')).toHaveText(`Reads: ${FILE}`);
  await page.getByTestId('report-generate-organisation_strategy-why').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Fill in the strategy profile first.');
  await shot(page, 'reports-disabled-why');

  // The strategy form: the source select starts at the user's own file.
  await page.getByTestId('report-edit-organisation_strategy').click();
  await expect(page).toHaveURL(/\/intelligence-suite\/organisation-strategy$/);
  await expect(page.getByTestId('profile-datasource_id')).toHaveValue(FILE);
  await page.getByTestId('profile-datasource_id').click();
  await expect(page.getByRole('option', { name: 'Demo data' })).toBeVisible();
  await expect(page.getByRole('option', { name: FILE })).toBeVisible();
  await page.keyboard.press('Escape');
  await fillStrategyProfile(page, {
    businessName: 'Kestrel Goods',
    locations: ['United Kingdom'],
    description: 'Homeware sold online.',
    coreServices: 'Retail',
    clientTypes: 'Households',
    clientNames: ['North'],
    priorities: 'Grow the North.',
    goals: 'Revenue +10%',
  });
  await shot(page, 'strategy-form-source');
  const saved = page.waitForResponse((r) => r.url().endsWith('/features/deep-research-report'));
  await page.getByTestId('profile-save').click();
  const body = (await (await saved).json()) as { data: { profile: { datasource_id: string } } };
  await expect(page).toHaveURL(/\/intelligence-suite$/);
  expect(body.data.profile.datasource_id).toMatch(/^[0-9a-f-]{36}$/);

  // The opportunity form starts from what the strategy form holds.
  await page.getByTestId('report-edit-organisation_opportunity').click();
  await expect(page.getByTestId('profile-prefilled')).toBeVisible();
  await expect(page.getByTestId('profile-business_name')).toHaveValue('Kestrel Goods');
  await expect(page.getByTestId('profile-goals_okrs')).toHaveValue('Revenue +10%');
  await expect(page.getByTestId('profile-datasource_id')).toHaveValue(FILE);
  await expect(page.getByTestId('profile-key_points_of_interest')).toHaveValue('');
  await shot(page, 'opportunity-form-prefilled');

  // Employee growth has its own form: focus functions, no target clients.
  await page.goto('/intelligence-suite/employee-growth');
  await expect(page.getByTestId('profile-focus_functions')).toBeVisible();
  await expect(page.getByTestId('profile-target_client_names')).toHaveCount(0);
  await expect(page.getByTestId('profile-business_name')).toHaveValue('Kestrel Goods');
  await shot(page, 'employee-growth-form');

  // Generated once: Generate waits out the cooldown and says until when.
  await page.goto('/intelligence-suite');
  await generateStrategyReport(page);
  await page.getByTestId('report-generate-organisation_strategy-why').hover();
  await expect(page.getByRole('tooltip')).toContainText('Cooldown: available again on');
  const issue = page.getByTestId('report-tile-organisation_strategy').getByTestId('report-issue').first();
  await expect(issue).toBeVisible({ timeout: 90_000 });
  await issue.click();
  await expect(page.getByTestId('report-document')).toContainText(`Data source: ${FILE}.`);
  await shot(page, 'report-names-source', false);
}
