import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { fillAddress, payAtCheckout, saveAddress } from './billing-forms';
import { createCollection } from './collection-helpers';
import { expect, signUpByMail, test } from './fixtures';

const EMAIL = `grace.billing.${Date.now()}@example.com`;
const SHOTS = '/tmp/parley/shots/billing';
mkdirSync(SHOTS, { recursive: true });

/** A screenshot to look at; dialogs in the viewport (a full page moves the fixed shell). */
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

/** A collection made through the API the screens use, with `cards` saved questions. */
const collectionWith = (page: Page, name: string, cards: number) =>
  createCollection(
    page,
    name,
    Array.from({ length: cards }, (_, i) => ({ phrase: `revenue ${i + 1}` })),
  );

test.describe.configure({ mode: 'serial' });

test('a trial user picks a country from a list, sees the trial marked, buys, is warned before a cancel, a pause, a downgrade and deletion', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpByMail(page, EMAIL, 'Grace Hopper');
  await page.goto('/user/subscriptions');

  // The trial's plan is marked on the plan and on its card, with the days left.
  const current = page.getByTestId('current-plan');
  await expect(current.getByTestId('fact-plan')).toHaveText('Trial — Premium, 14 days left');
  const premium = page.getByTestId('plan-premium');
  await expect(premium.getByTestId('trial-badge')).toHaveText('Trial — 14 days left');
  await expect(page.getByTestId('plan-unlimited').getByTestId('trial-badge')).toHaveCount(0);
  // Checkout is offered (the Paddle stand-in is the provider): no notice, the buttons work.
  await expect(page.getByTestId('checkout-unavailable')).toHaveCount(0);
  await expect(premium.getByTestId('choose-premium')).toBeEnabled();
  await shot(page, '1-trial-marked');

  // The country is chosen from named countries, never typed as a code.
  const form = await fillAddress(page, {
    name: 'Berlin office',
    line1: 'Unter den Linden 1',
    city: 'Berlin',
    postalCode: '10117',
  });
  const country = form.getByTestId('address-country');
  await country.fill('Germ');
  await expect(page.getByRole('option', { name: 'Germany' })).toBeVisible();
  // "Germany" is not Georgia (GE): the list offers no such confusion.
  await expect(page.getByRole('option', { name: 'Georgia' })).toHaveCount(0);
  await shot(page, '2-country-select', false);
  await page.getByRole('option', { name: 'Germany' }).click();
  await expect(country).toHaveValue('Germany');
  await saveAddress(page, form, 'Berlin office, Unter den Linden 1, Berlin, 10117, Germany');
  const stored = await (await page.request.get('/api/v1/addresses')).json();
  expect(stored.map((a: { country: string }) => a.country)).toEqual(['DE']);

  // Collections that the Free plan would not hold: one with seven cards (Free allows five).
  await collectionWith(page, 'Board pack', 7);
  await collectionWith(page, 'Weekly sales', 3);

  // Buying during the trial says what happens to its days, before paying.
  await premium.getByTestId('choose-premium').click();
  const modal = page.getByRole('dialog');
  const note = modal.getByTestId('trial-purchase-note');
  await expect(note).toContainText('Your trial ends when you pay: the paid period starts today');
  await expect(note).toContainText('The 14 days left of your trial are not added.');
  await expect(modal.getByTestId('pricing-preview')).toContainText('Total$22.61');
  await shot(page, '3-trial-purchase-note', false);
  await modal.getByTestId('confirm').click();
  await payAtCheckout(page);
  await expect(current.getByTestId('fact-plan')).toHaveText('Premium');
  await expect(premium.getByTestId('trial-badge')).toHaveCount(0);
  const s = await (await page.request.get('/api/v1/subscription')).json();
  // The server did what the note said: the trial ended at the payment, the period runs from it.
  expect(new Date(s.trial_ends_at).getTime()).toBeLessThanOrEqual(Date.now());
  expect(new Date(s.renewal_date).getTime() - Date.now()).toBeLessThan(32 * 86_400_000);

  // Cancelling names the collection Free cannot hold, with its cards against the limit.
  await current.getByTestId('cancel').click();
  const warning = modal.getByTestId('fallback-warning');
  await expect(warning).toContainText('What changes on the Free plan');
  await expect(warning.getByTestId('fallback-over')).toHaveText('Board pack: 7 cards (limit 5)');
  await expect(warning).not.toContainText('Weekly sales');
  await shot(page, '4-cancel-warning', false);
  await modal.getByRole('button', { name: 'Back' }).click();
  await expect(modal).toBeHidden();

  // A pause leaves Free's limits too: the same warning before the user confirms.
  await current.getByTestId('pause').click();
  await expect(modal.getByTestId('fallback-warning')).toContainText('What changes on the Free plan');
  await expect(modal.getByTestId('fallback-over')).toHaveText('Board pack: 7 cards (limit 5)');
  await shot(page, '4b-pause-warning', false);
  await modal.getByRole('button', { name: 'Back' }).click();
  await expect(modal).toBeHidden();

  // Up to Unlimited, a collection Premium cannot hold, then a downgrade names it against Premium.
  await page.getByTestId('choose-unlimited').click();
  await modal.getByTestId('confirm').click();
  await expect(modal).toBeHidden();
  await expect(current.getByTestId('fact-plan')).toHaveText('Unlimited');
  await collectionWith(page, 'Big board', 11);
  await page.reload();
  await page.getByTestId('choose-premium').click();
  const downgrade = modal.getByTestId('fallback-warning');
  await expect(downgrade).toContainText('What changes on the Premium plan');
  await expect(downgrade.getByTestId('fallback-over')).toHaveText('Big board: 11 cards (limit 10)');
  await shot(page, '4c-downgrade-warning', false);
  await modal.getByRole('button', { name: 'Back' }).click();
  await expect(modal).toBeHidden();

  // Deleting the account says the paid subscription is cancelled with the provider first.
  await page.goto('/user/settings');
  await page.getByTestId('delete-account-link').click();
  const deletion = page.getByTestId('delete-account-modal').getByRole('dialog');
  await expect(deletion.getByTestId('delete-account-subscription')).toHaveText(
    'Your paid Unlimited subscription will be cancelled with the payment provider before your account is deleted. No further payments will be taken. If it cannot be cancelled, nothing is deleted.',
  );
  await page.getByTestId('delete-account-input').fill('DELETE');
  await shot(page, '5-delete-dialog', false);

  // A provider that cannot cancel: the server's refusal (API tests) is shown in the dialog, which stays.
  const refusal =
    'Your subscription could not be cancelled with the payment provider, so your account was not deleted. Please try again shortly.';
  await page.route(
    '**/api/v1/auth/account',
    (route) => route.fulfill({ status: 502, json: { message: refusal } }),
    {
      times: 1,
    },
  );
  await page.getByTestId('delete-account-confirm').click();
  await expect(deletion.getByTestId('delete-account-error')).toHaveText(refusal);
  await expect(page).toHaveURL(/\/user\/settings$/);
  await shot(page, '5b-delete-refused', false);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/account'));
  await page.getByTestId('delete-account-confirm').click();
  expect((await answer).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
});

test('without a payment provider the plans say why once and offer no checkout', async ({ page }) => {
  // This server has the stand-in as its provider; the answer is changed to one from a server
  // without one, to see how the screen tells it (the API tests cover the server's side).
  await signUpByMail(page, `ada.noprovider.${Date.now()}@example.com`, 'Ada Byron');
  await page.route('**/api/v1/subscription', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({
      response: res,
      json: { ...body, checkout: { available: false, reason: 'no_provider' } },
    });
  });
  await page.goto('/user/subscriptions');
  const notice = page.getByTestId('checkout-unavailable');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Plans cannot be bought on this server: no payment provider is set up.');
  for (const plan of ['premium', 'unlimited']) {
    const button = page.getByTestId(`choose-${plan}`);
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-describedby', 'sub-checkout-unavailable');
  }
  await shot(page, '6-no-provider');
});
