// Linking Alexa (issue 33, spec 1 §2.4): the Alexa app's "Link account" opens Parley's sign-in
// screen with the assistant parameters (no magic link), the user signs in and consents, Alexa's
// service gets its tokens; the link shows on Settings → Linked assistants and in Getting started,
// and revoking it stops Alexa at once (its refresh is refused).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

const SHOTS = '/tmp/parley/shots/assistants';
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage, animations: 'disabled' });

/** What e2e/peers/alexa.ts wrote: the stand-in's address and its "Link account" start. */
const alexa = () =>
  JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'alexa-standin.json'), 'utf8')) as {
    url: string;
    startUrl: string;
  };

test('link Alexa through the sign-in screen, see it linked, revoke it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The Alexa app's browser: no Parley session yet.
  const context = await browser.newContext({ locale: 'en-US' });
  const linking = await context.newPage();
  await linking.goto(alexa().startUrl);

  // Parley's sign-in screen in assistant mode: it names Alexa and offers no magic link.
  await expect(linking).toHaveURL(/\/login\?.*client=alexa.*interaction=/);
  await expect(linking.getByTestId('login-title')).toContainText('Alexa');
  await expect(linking.getByTestId('login-magic-link')).toHaveCount(0);
  await shot(linking, 'assistant-sign-in');
  await linking.getByTestId('login-email').fill(DEMO.email);
  await linking.getByTestId('login-continue').click();
  await linking.getByTestId('login-password').fill(DEMO.password);
  await linking.getByTestId('login-continue').click();

  // The consent view names the client and what it may do.
  const consent = linking.getByTestId('consent-view');
  await expect(consent).toBeVisible();
  await expect(consent).toContainText('Alexa');
  // The host the browser returns to: the stand-in's redirect.
  await expect(linking.getByTestId('consent-host')).toContainText('127.0.0.1');
  await shot(linking, 'assistant-consent');
  await linking.getByTestId('consent-allow').click();

  // Back at Alexa: the code was exchanged for tokens.
  await expect(linking.getByTestId('alexa-link-result')).toHaveText('Parley has been successfully linked');
  const status = await (await fetch(`${alexa().url}/status`)).json();
  expect(status).toEqual({ linked: true, scope: 'email' });
  await context.close();

  // In the app: the link is listed, and Getting started counts it.
  await signIn(page);
  await page.goto('/user/assistants');
  const row = page.getByTestId('assistant-row').filter({ hasText: 'Alexa' });
  await expect(row).toHaveCount(1);
  await shot(page, 'linked-assistants', true);
  const linked = await page.request.get('/features/guide');
  expect((await linked.json()).assistant).toMatchObject({ done: true, linked: 1 });
  await page.goto('/');
  await expect(page.getByTestId('guide-step-assistant')).toHaveAttribute('data-status', 'done');
  await shot(page, 'guide-assistant-done');
  await page.goto('/user/assistants');

  // Revoke: the list empties and Alexa's next refresh is refused.
  await row.getByTestId('assistant-revoke').click();
  await page.getByTestId('assistant-revoke-modal-confirm').click();
  await expect(page.getByTestId('assistant-row')).toHaveCount(0);
  const refreshed = await (await fetch(`${alexa().url}/refresh`, { method: 'POST' })).json();
  expect(refreshed).toEqual({ status: 400, error: 'invalid_grant' });
  const after = await page.request.get('/features/guide');
  expect((await after.json()).assistant).toMatchObject({ done: false, linked: 0 });
});
