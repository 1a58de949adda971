/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { emlFiles, expect, linkFromMail, signIn, test } from './fixtures';

// A new user's whole account life in the browser: sign-up mail, onboarding, profile photo,
// password change, language, logout, and finally account deletion.

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

const EMAIL = `ada.${Date.now()}@example.com`;
const NEW_PASSWORD = 'Analytical-Engine-1843!';
const TYPE_ERROR = 'Please select or drop an image file with a valid extension (jpg, jpeg, png).';
const SIZE_ERROR = 'File size exceeds the limit. Please select a file up to 256KB.';

/** A real PNG drawn on a canvas in the page: a 400×300 gradient with a circle. */
async function makePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 400, 300);
    gradient.addColorStop(0, '#4f46e5');
    gradient.addColorStop(1, '#f59e0b');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 400, 300);
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(200, 150, 80, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#18181b';
    ctx.font = 'bold 72px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('AL', 200, 150);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Picks a Mantine Select option; `search` is typed first for searchable selects. */
async function pickOption(page: Page, testId: string, search: string | null, option: string | RegExp) {
  const input = page.getByTestId(testId);
  await input.click();
  if (search !== null) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test('a new user signs up by mail, onboards, and lands on the dashboard', async ({ page }) => {
  await page.goto('/register');
  await page.getByTestId('register-email').fill(EMAIL);
  const seen = new Set(emlFiles());
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('auth-confirm-message')).toContainText(EMAIL);

  await page.goto(await linkFromMail(EMAIL, seen));
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByTestId('page-onboarding')).toBeVisible();
  // Onboarding offers the optional photo through the same modal.
  await expect(page.getByTestId('photo-change')).toBeVisible();

  await page.getByTestId('onboarding-name').fill('Ada Lovelace');
  await pickOption(page, 'onboarding-country', 'United Kingdom', 'United Kingdom');
  await expect(page.getByTestId('onboarding-timezone')).toHaveValue('Europe/London');
  await page.getByTestId('onboarding-submit').click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Hello, Ada');
});

test('profile: photo checks, crop, save and persistence after reload', async ({ page }) => {
  await signInByLink(page);
  await page.getByTestId('nav-settings').click();
  await expect(page).toHaveURL(/\/user\/settings$/);
  await expect(page.getByTestId('profile-email')).toHaveValue(EMAIL);
  await expect(page.getByTestId('profile-email')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('profile-name')).toHaveValue('Ada Lovelace');
  await expect(page.getByTestId('profile-country')).toHaveValue('United Kingdom');
  const save = page.getByTestId('profile-save');
  await expect(save).toBeDisabled();

  // Required fields: an empty name blocks the save with the rule's message.
  await page.getByTestId('profile-name').fill('');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByTestId('profile-name').fill('Ada Lovelace');
  await expect(save).toBeDisabled();

  await page.getByTestId('photo-change').click();
  const modal = page.getByTestId('photo-modal').getByRole('dialog');
  await expect(modal).toBeVisible();
  const input = page.getByTestId('photo-input');

  // Browser-side checks with the spec's exact toasts.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('toast').filter({ hasText: TYPE_ERROR })).toBeVisible();
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(262145, 1) });
  await expect(page.getByTestId('toast').filter({ hasText: SIZE_ERROR })).toBeVisible();
  await expect(page.getByTestId('photo-cropper')).toHaveCount(0);

  await input.setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: await makePng(page) });
  await expect(page.getByTestId('photo-cropper')).toBeVisible();
  const zoom = modal.getByRole('slider');
  await expect(zoom).toHaveAttribute('aria-valuenow', '15');
  await expect(zoom).toHaveAttribute('aria-valuemin', '6');
  await expect(zoom).toHaveAttribute('aria-valuemax', '40'); // 400 px wide / 10
  // Clear goes back to the drop zone; a second pick brings the cropper back.
  await page.getByTestId('photo-clear').click();
  await expect(page.getByTestId('photo-drop')).toBeVisible();
  await input.setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: await makePng(page) });
  await expect(page.getByTestId('photo-cropper').locator('img')).toBeVisible();
  await zoom.focus();
  await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuenow', '15.5');
  await page.screenshot({ path: join(SHOTS, 'account-photo-modal.png'), animations: 'disabled' });
  await page.getByTestId('photo-set').click();
  await expect(modal).toBeHidden();

  const preview = page.getByTestId('photo-preview').locator('img');
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    128, 128,
  ]);
  await expect(save).toBeEnabled();
  await page.getByTestId('profile-organisation').fill('Analytical Engines Ltd');
  await save.click();
  // The page reloads after a save; the success toast shows on the fresh page.
  await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toBeVisible();
  await expect(page.getByTestId('profile-organisation')).toHaveValue('Analytical Engines Ltd');
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByTestId('photo-preview').locator('img')).toHaveAttribute(
    'src',
    /^data:image\/jpeg;base64,/,
  );
  await expect(page.getByTestId('current-user').locator('img')).toHaveAttribute('src', /^data:image\/jpeg/);
  const tenant = (await (await page.request.get('/auth/tenant')).json()) as { picture: string | null };
  expect(tenant.picture).toMatch(/^data:image\/jpeg;base64,/);
  await page.screenshot({ path: join(SHOTS, 'account-profile.png'), fullPage: true });
});

test('change password, then sign in again with it', async ({ page }) => {
  await signInByLink(page);
  await page.goto('/user/settings');
  await page.getByTestId('settings-tab-security').click();
  await expect(page).toHaveURL(/\/user\/security$/);

  await page.getByTestId('security-password').fill('short');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-score', '0');
  await page.getByTestId('security-repeat').fill('different');
  await page.getByTestId('security-submit').click();
  await expect(page.getByTestId('security-form')).toContainText('Use at least 8 characters');
  await expect(page.getByTestId('security-form')).toContainText(
    'Your password and confirmation password do not match.',
  );

  await page.getByTestId('security-password').fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-score', '4');
  await page.getByTestId('security-repeat').fill(NEW_PASSWORD);
  await page.getByTestId('security-submit').click();
  const modal = page.getByTestId('security-modal').getByRole('dialog');
  await expect(modal).toContainText('Please log in again');
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'account-security-modal.png'), animations: 'disabled' });
  await page.getByTestId('security-go-login').click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, EMAIL, NEW_PASSWORD);
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Hello, Ada');
});

test('switch the profile language to Turkish, then log out through the confirm modal', async ({ page }) => {
  await signIn(page, EMAIL, NEW_PASSWORD);
  await page.goto('/user/settings');
  await pickOption(page, 'profile-language', null, 'Türkçe');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Profiliniz güncellendi.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profil');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');

  await page.getByTestId('nav-dashboard').click();
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Merhaba Ada');
  await expect(page.getByTestId('nav-logout')).toHaveAccessibleName('Çıkış yap');
  await page.screenshot({ path: join(SHOTS, 'account-dashboard-tr.png') });

  await page.getByTestId('nav-logout').click();
  const modal = page.getByTestId('logout-modal').getByRole('dialog');
  await expect(modal).toContainText('Çıkış yapmak istediğinizden emin misiniz?');
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('xsrfToken'))).toBeNull();
  // The chosen language outlives the session, so the sign-in card stays Turkish.
  await expect(page.getByTestId('auth-card')).toContainText('Giriş yap');
});

test('delete the account: typed DELETE, 401 as success, back to sign-in', async ({ page }) => {
  await signIn(page, EMAIL, NEW_PASSWORD);
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto('/user/settings');
  await page.getByTestId('delete-account-link').click();
  const modal = page.getByTestId('delete-account-modal').getByRole('dialog');
  await expect(modal).toBeVisible();
  const confirm = page.getByTestId('delete-account-confirm');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('delete-account-input').fill('delete');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('delete-account-input').fill('DELETE');
  await expect(confirm).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/account'));
  await confirm.click();
  expect((await answer).status()).toBe(401);
  await expect(page.getByTestId('toast').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('xsrfToken'))).toBeNull();

  // The account is gone: its password no longer signs in.
  await page.getByTestId('login-email').fill(EMAIL);
  await page.getByTestId('login-continue').click();
  await page.getByTestId('login-password').fill(NEW_PASSWORD);
  await page.getByTestId('login-continue').click();
  await expect(page.getByTestId('toast').filter({ hasText: /.+/ }).last()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

/** Signs Ada in before she has a password: a magic link by mail. */
async function signInByLink(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-magic-link').click();
  await page.getByTestId('magic-link-email').fill(EMAIL);
  const seen = new Set(emlFiles());
  const sent = page.waitForResponse((r) => r.url().endsWith('/auth/loginwithemail'));
  await page.getByTestId('magic-link-submit').click();
  expect((await sent).status()).toBe(200);
  await page.goto(await linkFromMail(EMAIL, seen));
  await expect(page).toHaveURL(/\/$/);
}
