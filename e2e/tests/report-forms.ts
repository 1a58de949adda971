import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// The Intelligence Suite's strategy profile and its Generate button, as the report specs use them.

/** Picks `option` in a Mantine Select or MultiSelect found by its test id. */
export async function pick(page: Page, testId: string, search: string, option: string | RegExp) {
  const input = page.getByTestId(testId);
  await input.focus();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  // Multi-selects keep their list open until Escape.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: option })).toHaveCount(0);
}

/** What a spec writes into the strategy profile; the company type, industry and focus are fixed. */
export interface StrategyProfile {
  businessName: string;
  websiteUrl?: string;
  locations: string[];
  description: string;
  coreServices: string;
  clientTypes: string;
  clientNames: string[];
  priorities: string;
  goals: string;
}

/** Fills the strategy profile's required fields (a private limited retailer focused on EMEA). */
export async function fillStrategyProfile(page: Page, profile: StrategyProfile): Promise<void> {
  await page.getByTestId('profile-business_name').fill(profile.businessName);
  if (profile.websiteUrl) await page.getByTestId('profile-website_url').fill(profile.websiteUrl);
  await pick(page, 'profile-company_type', 'Private limited', 'Private limited company (Ltd)');
  for (const place of profile.locations) await pick(page, 'profile-locations_of_operation', place, place);
  await pick(page, 'profile-primary_industry', 'Retail trade', /^G47 Retail trade$/);
  await page.getByTestId('profile-business_description').fill(profile.description);
  await page.getByTestId('profile-core_services').fill(profile.coreServices);
  await page.getByTestId('profile-target_client_types').fill(profile.clientTypes);
  const names = page.getByTestId('profile-target_client_names');
  for (const name of profile.clientNames) {
    await names.fill(name);
    await names.press('Enter');
  }
  await page.getByTestId('profile-strategic_priorities').fill(profile.priorities);
  await page.getByTestId('profile-goals_okrs').fill(profile.goals);
  await pick(page, 'profile-geography_focus', 'EMEA', 'EMEA');
}

/** Generates the strategy report: submitted, then Generate cools down and says until when. */
export async function generateStrategyReport(page: Page): Promise<void> {
  const generate = page.getByTestId('report-generate-organisation_strategy');
  await generate.click();
  await expect(page.getByText('Report request submitted successfully!')).toBeVisible();
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId('report-available-organisation_strategy')).toContainText(
    'Generate is available again on',
  );
}
