import type { Page } from '@playwright/test';
import { fillAddress, payAtCheckout, saveAddress } from './billing-forms';
import { expect, signIn, signUpByMail, test } from './fixtures';

const DAY = 86_400_000;
const EMAIL = `ada.billing.${Date.now()}@example.com`;

/** A date as the screen writes it: en-US, medium, in the browser's zone (playwright.config.ts). */
const shown = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'Europe/London' }).format(d);

/** A screenshot in the test's output; dialogs in the viewport (a full page moves the fixed shell). */
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

test('a new user on the trial upgrades to annual Premium, sees the invoice, cancels and keeps it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Sign up by mail and finish onboarding.
  await signUpByMail(page, EMAIL, 'Ada Lovelace');
  const signedUpAt = Date.now();

  // The quota badge: hidden (spec 1 §2.3), the trial's month of conversations, and it leads here.
  const badge = page.getByTestId('quota-badge');
  await expect(badge).toBeHidden();
  await expect(badge).toHaveText('0 / 3000');
  await badge.dispatchEvent('click');
  await expect(page).toHaveURL(/\/user\/subscriptions$/);

  // The 14-day Premium trial.
  const trialEnd = shown(new Date(signedUpAt + 14 * DAY));
  await expect(page.getByTestId('alert-trial')).toHaveText(`Your free trial of Premium ends on ${trialEnd}.`);
  const current = page.getByTestId('current-plan');
  await expect(current.getByTestId('status')).toHaveText('Trial');
  await expect(current).toContainText('Premium');
  await expect(current).toContainText(`Trial ends${trialEnd}`);
  await expect(current).toContainText('PriceFree during the trial');
  await expect(page.getByTestId('settings-tab-subscriptions')).toHaveClass(/active/);
  await expect(page.getByTestId('usage')).toHaveText(
    'Conversations: 0 of 3000 · Collections: 0 of 5 · AI insight requests: 0 of ∞',
  );
  await expect(page.getByTestId('payments')).toContainText('No payments yet.');
  await shot(page, '1-trial');

  // A billing address (Paddle's customer address; the first is the default).
  const form = await fillAddress(page, {
    name: 'Head office',
    line1: '12 St James’s Square',
    city: 'London',
    postalCode: 'SW1Y 4LB',
  });
  await form.getByTestId('address-country').fill('United King');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await saveAddress(page, form, 'Head office, 12 St James’s Square, London, SW1Y 4LB, United Kingdom');
  await expect(page.getByTestId('addresses')).toContainText('Default');

  // Annual: two months free; Premium costs 10 × $19.
  await page.getByTestId('cycle-toggle').getByText('Annual').click();
  await expect(page.getByTestId('plans')).toContainText('Two months free');
  const premium = page.getByTestId('plan-premium');
  await expect(premium).toContainText('$190.00 / year');
  await premium.getByTestId('choose-premium').click();

  // The pricing preview before paying, taxed by the default address (GB 20 %).
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText('Subscribe to Premium');
  const preview = modal.getByTestId('pricing-preview');
  await expect(preview).toContainText('Subtotal$190.00');
  await expect(preview).toContainText('Tax$38.00');
  await expect(preview).toContainText('Total$228.00');
  await shot(page, '2-pricing-preview', false);

  // The provider's hosted checkout (the stand-in's page), then back with the plan active.
  await modal.getByTestId('confirm').click();
  await expect(page).toHaveURL(/\/checkout\?_ptxn=txn_/);
  await expect(page.getByRole('heading')).toHaveText('Premium, billed yearly');
  await expect(page.getByText(EMAIL)).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('USD 228.00');
  await shot(page, '3-checkout', false);
  // The screen re-reads until the plan is there.
  await payAtCheckout(page);
  await expect(page).toHaveURL(/\/user\/subscriptions$/);
  await expect(page.getByTestId('alert-trial')).toBeHidden();
  const renewal = shown(new Date(signedUpAt + 365 * DAY));
  await expect(current).toContainText('Price$190.00 / year');
  await expect(current).toContainText(`Next bill date${renewal}`);
  await expect(current).toContainText(`Renewal date${renewal}`);
  await expect(premium).toContainText('Your plan');

  // The invoice: number, dates, the taxed amount, paid.
  const invoice = page.getByTestId('payments').locator('tbody tr');
  await expect(invoice).toHaveCount(1);
  const today = shown(new Date());
  await expect(invoice.locator('td')).toHaveText([/^325-\d{5}$/, today, today, '$228.00', 'Yes']);
  await shot(page, '4-active-with-invoice');

  // Cancel: confirmed in a dialog, scheduled for the renewal date.
  await current.getByTestId('cancel').click();
  await expect(modal).toContainText('Cancel your subscription?');
  await expect(modal).toContainText(`You keep your plan until ${renewal}; then you move to the Free plan.`);
  await shot(page, '5-cancel-dialog', false);
  await modal.getByTestId('confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Subscription updated.' })).toBeVisible();
  const scheduled = page.getByTestId('alert-cancel');
  await expect(scheduled).toContainText(`Your subscription will be cancelled on ${renewal}.`);
  await expect(current).toContainText('Next bill date—');
  await expect(current.getByTestId('cancel')).toBeHidden();
  await shot(page, '6-cancel-scheduled');

  // Keep my subscription: the scheduled cancel is gone, the next bill is back.
  await scheduled.getByTestId('continue').click();
  await expect(scheduled).toBeHidden();
  await expect(current).toContainText(`Next bill date${renewal}`);
  await expect(current.getByTestId('cancel')).toBeVisible();
  const s = await (await page.request.get('/api/v1/subscription')).json();
  expect(s).toMatchObject({
    status: 'ACTIVE',
    plan: 'premium',
    billing_cycle: 'annual',
    scheduled_change: null,
  });
  await shot(page, '7-kept');
});

test('the demo user stays on Unlimited with payments on: no trial, ∞ on the badge', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('quota-badge')).toHaveText('∞');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-tab-subscriptions').click();
  await expect(page).toHaveURL(/\/user\/subscriptions$/);
  const current = page.getByTestId('current-plan');
  await expect(current.getByTestId('status')).toHaveText('Active');
  await expect(current).toContainText('PlanUnlimited');
  await expect(page.getByTestId('alert-trial')).toHaveCount(0);
  await expect(page.getByTestId('usage')).toContainText('Collections:');
  await expect(page.getByTestId('usage')).toContainText('AI insight requests: 0 of ∞');
});
