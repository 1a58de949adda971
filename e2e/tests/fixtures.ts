import { test as base, expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@parley.local', password: 'Demo-pass-123!', firstName: 'Demo' };

/** Signs in as the demo user through the real login screen. */
export async function signIn(page: Page, email = DEMO.email, password = DEMO.password): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-continue').click();
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-continue').click();
  await expect(page).toHaveURL(/\/$/);
}

export const test = base;
export { expect };

/** The mail directory the SMTP peer of start-server.ts writes to. */
export const mailDir = () => `${process.env.E2E_DATA_DIR}/mail`;
