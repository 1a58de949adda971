import type { Locator, Page } from '@playwright/test';
import { expect, toast } from './fixtures';

// The subscriptions screen's billing address and the provider's checkout, as the billing specs use them.

/** A billing address's text fields; the country is picked apart (each spec checks the list its way). */
export interface AddressFields {
  name: string;
  line1: string;
  city: string;
  postalCode: string;
}

/** Opens the address form and fills its text fields; the form. */
export async function fillAddress(page: Page, address: AddressFields): Promise<Locator> {
  await page.getByTestId('add-address').click();
  const form = page.getByTestId('address-form');
  await form.getByLabel('Name').fill(address.name);
  await form.getByLabel('Address line 1').fill(address.line1);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('Postal code').fill(address.postalCode);
  return form;
}

/** Saves the address form; the address is listed as `listed`. */
export async function saveAddress(page: Page, form: Locator, listed: string): Promise<void> {
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Address saved.')).toBeVisible();
  await expect(page.getByTestId('addresses')).toContainText(listed);
}

/** Pays on the provider's hosted checkout; the webhooks land through the queue, and the plan is active. */
export async function payAtCheckout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByTestId('current-plan').getByTestId('status')).toHaveText('Active', {
    timeout: 30_000,
  });
}
