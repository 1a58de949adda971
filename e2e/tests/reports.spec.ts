// The Intelligence Suite as a user meets it: fill the organisation strategy profile,
// see the report scheduled (Active), stop and start it, Generate an issue, watch it arrive in the
// tile's past issues and open it in the app; Generate is then disabled with the date it returns.
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';
import { fillStrategyProfile, generateStrategyReport, pick } from './report-forms';

/** A screenshot in the test's output. */
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

test('fills the strategy profile, generates a report and reads it in the app', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByTestId('dashboard-reports-available')).toContainText('3');
  await expect(page.getByTestId('dashboard-reports-active')).toContainText('0');
  await page.getByTestId('dashboard-reports').scrollIntoViewIfNeeded();
  await shot(page, 'dashboard', false);

  await page.goto('/intelligence-suite');
  const tile = page.getByTestId('report-tile-organisation_strategy');
  await expect(page.getByTestId('report-status-organisation_strategy')).toHaveText('Inactive');
  await expect(page.getByTestId('report-generate-organisation_strategy')).toBeDisabled();
  await tile.getByTestId('report-edit-organisation_strategy').click();
  await expect(page).toHaveURL(/\/intelligence-suite\/organisation-strategy$/);

  // Saving an empty form names the required fields and keeps the user on the form.
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Please fill in all the required fields.')).toBeVisible();
  await expect(page.getByText('Business name is required.')).toBeVisible();

  await fillStrategyProfile(page, {
    businessName: 'Northwind Outfitters',
    websiteUrl: 'https://northwind.example',
    locations: ['United Kingdom', 'Germany'],
    description: 'Outdoor clothing and equipment sold online.',
    coreServices: 'E-commerce retail, repairs',
    clientTypes: 'Consumers and small businesses',
    clientNames: ['Germany', 'Acme Corp'],
    priorities: 'Grow EMEA revenue; reduce dependence on the US.',
    goals: 'Revenue +15% year on year',
  });
  await pick(page, 'profile-key_themes', 'Other', 'Other');
  // "other" makes its text required.
  await expect(page.getByTestId('profile-key_themes_other')).toBeVisible();
  await page.getByTestId('profile-key_themes_other').fill('Sustainability');
  await expect(page.getByTestId('profile-schedule')).toHaveText('Every month on day 1 at 9:00');
  await page.getByTestId('profile-business_name').click();
  await shot(page, 'strategy-form');
  await page.getByTestId('profile-save').click();

  await expect(page).toHaveURL(/\/intelligence-suite$/);
  await expect(page.getByTestId('report-status-organisation_strategy')).toHaveText('Active');
  await page.getByTestId('report-stop-organisation_strategy').click();
  await expect(page.getByText('Report schedule stopped successfully!')).toBeVisible();
  await expect(page.getByTestId('report-status-organisation_strategy')).toHaveText('Stopped');
  await page.getByTestId('report-start-organisation_strategy').click();
  await expect(page.getByText('Report schedule started successfully!')).toBeVisible();
  await expect(page.getByTestId('report-status-organisation_strategy')).toHaveText('Active');

  // Cooled down for 7 days from now, with the date it becomes available.
  await generateStrategyReport(page);
  const issue = tile.getByTestId('report-issue').first();
  await expect(issue).toBeVisible({ timeout: 60_000 });
  await expect(issue).toContainText('Organisation strategy report — Northwind Outfitters');
  await shot(page, 'intelligence-suite');

  await issue.click();
  const doc = page.getByTestId('report-document');
  await expect(doc).toContainText('Headline measures');
  await expect(doc).toContainText('What changed and what drove it');
  await expect(doc).toContainText('Outlook for the next period');
  await expect(doc.locator('svg').first()).toBeVisible();
  // The whole document in one picture: a viewport as tall as the dialog's content.
  await page.setViewportSize({ width: 1280, height: 5200 });
  await shot(page, 'report-document', false);
  // And in readable slices, to look at.
  const box = (await doc.boundingBox())!;
  for (let i = 0, y = box.y; y < box.y + box.height; i++, y += 1100) {
    const height = Math.min(1100, box.y + box.height - y);
    await page.screenshot({
      path: test.info().outputPath(`report-document-${i + 1}.png`),
      clip: { x: box.x, y, width: box.width, height },
    });
  }
});
