import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test';
import { simpleParser } from 'mailparser';

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

/** Signs in as the demo user on a 1280 px screen and opens the conversation. */
export async function openConversation(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/conversation');
}

export const test = base;
export { expect };

/** A question's POST to the conversation endpoint. */
export const isQuery = (r: Response) =>
  r.url().endsWith('/features/conversations/query') && r.request().method() === 'POST';

/** Sends the phrase from the conversation box (Enter, or its send button); the server's answer, a 200. */
export async function sendPhrase(
  page: Page,
  phrase: string,
  how: 'enter' | 'button' = 'enter',
): Promise<Response> {
  const input = page.getByTestId('conversation-input');
  await input.fill(phrase);
  const answer = page.waitForResponse(isQuery);
  if (how === 'enter') await input.press('Enter');
  else await page.getByTestId('conversation-send').click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  return response;
}

/**
 * Asks in the conversation box and waits for the answer: the new item (the last one asking the
 * phrase, so history loaded meanwhile does not shift it), its first card, and the server's body.
 */
export async function askInBox<TBody = unknown>(
  page: Page,
  phrase: string,
): Promise<{ item: Locator; card: Locator; body: TBody }> {
  await expect(page.getByTestId('conversation-input')).toBeVisible();
  const response = await sendPhrase(page, phrase);
  const body = (await response.json()) as TBody;
  const item = page.getByTestId('conversation-item').filter({ hasText: phrase }).last();
  await expect(item).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
  const card = item.getByTestId('analysis-card').first();
  await expect(card).toBeVisible();
  return { item, card, body };
}

/** The mail directory the SMTP peer of start-server.ts writes to. */
export const mailDir = () => `${process.env.E2E_DATA_DIR}/mail`;

/** The .eml files the SMTP peer has written so far. */
export function emlFiles(): string[] {
  try {
    return readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
}

/**
 * The sign-in link of the newest mail to `to` that arrived after `seen` was taken, read from the
 * .eml files the SMTP peer wrote.
 */
export async function linkFromMail(to: string, seen: ReadonlySet<string>): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        for (const file of emlFiles()
          .filter((f) => !seen.has(f))
          .sort()
          .reverse()) {
          const mail = await simpleParser(readFileSync(join(mailDir(), file)));
          const recipients = [mail.to]
            .flat()
            .flatMap((a) => a?.value ?? [])
            .map((a) => a.address?.toLowerCase());
          if (!recipients.includes(to.toLowerCase())) continue;
          const body = `${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`;
          link = body.match(/https?:\/\/[^\s"'<>]+\/auth\/link\?token=[\w.-]+/)?.[0] ?? null;
          if (link) return link;
        }
        return null;
      },
      { timeout: 20_000, message: `a mail with a link to ${to}` },
    )
    .not.toBeNull();
  return link!;
}

/** Signs a new user up through /register, the link in their mail and onboarding; ends on the dashboard. */
export async function signUpByMail(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/register');
  await page.getByTestId('register-email').fill(email);
  const seen = new Set(emlFiles());
  await page.getByTestId('register-submit').click();
  await page.goto(await linkFromMail(email, seen));
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByTestId('onboarding-name').fill(name);
  const country = page.getByTestId('onboarding-country');
  await country.click();
  await country.fill('United Kingdom');
  await page.getByRole('option', { name: 'United Kingdom' }).first().click();
  await page.getByTestId('onboarding-submit').click();
  await expect(page).toHaveURL(/\/$/);
}

/** A Mantine modal's dialog, by the test id on its root. */
export const dialog = (page: Page, testId: string) => page.getByTestId(testId).getByRole('dialog');

/** The toast saying `text`. */
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** No serious or critical accessibility violation inside the element. */
export async function expectAccessible(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** POSTs to the app's API as the signed-in user of the page (its XSRF token in the header). */
export async function postAsUser(page: Page, url: string, data: unknown) {
  const xsrf = await page.evaluate(() => localStorage.getItem('xsrfToken') ?? '');
  return page.request.post(url, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
}

/** A card as the server answered it: what the data-source tests check numbers against. */
export type AskedCard = { title: string; table: Record<string, unknown>[]; synced?: string };

/**
 * Asks from the conversation box with a chosen source and returns the card's data as the server
 * answered it (for exact numbers) and the card on screen; `table` switches it to its table view.
 */
export async function askOnSource(
  page: Page,
  phrase: string,
  datasourceId: string,
  options: { table?: boolean } = {},
): Promise<{ data: AskedCard; card: Locator }> {
  const response = await sendPhrase(page, phrase);
  // The chosen source went with the question.
  expect(response.request().postDataJSON()).toMatchObject({ phrase, datasource_id: datasourceId });
  const body = (await response.json()) as { responses: { card?: AskedCard }[] };
  const data = body.responses.find((r) => r.card)?.card;
  expect(data, `a card for "${phrase}"`).toBeTruthy();
  const item = page.getByTestId('conversation-item').last();
  await expect(item).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
  await expect(item.locator('.bubble-question')).toContainText(phrase);
  const card = item.getByTestId('analysis-card').first();
  await card.scrollIntoViewIfNeeded();
  if (options.table) {
    const tableTab = card.getByTestId('view-tab-table');
    if (await tableTab.count()) await tableTab.click();
    await expect(card.getByTestId('data-table')).toBeVisible();
  }
  return { data: data!, card };
}
