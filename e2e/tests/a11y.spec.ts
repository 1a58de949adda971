// Accessible and consistent, on every main screen in en-US and Turkish: axe finds no serious or
// critical violation, Escape closes dialogs, drawers and detail views (the logout modal excepted),
// the phone navigation and the settings tabs fit at 360 and 390 px, help search is fuzzy, and a
// new account's first time-zone update is stored. Rerun one screen with --grep, e.g. "tr: dashboard".
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createCollection } from './collection-helpers';
import { DEMO, dialog, expect, signIn, signUpByMail, test } from './fixtures';
import { expectSettled } from './settled';

const SHOTS = '/tmp/parley/shots/a11y';
mkdirSync(SHOTS, { recursive: true });

const LANGUAGES = [
  { code: 'en-US', locale: 'en-US' },
  { code: 'tr', locale: 'tr-TR' },
] as const;
type Language = (typeof LANGUAGES)[number];

const COLLECTION = 'Accessibility board';
const QUESTION = 'revenue by region last month';

/** A signed-in session of the demo user, kept per language so every screen test reuses it. */
type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<string, Session>();
let collectionId = '';

async function session(browser: Browser, lang: Language): Promise<Session> {
  const known = sessions.get(lang.code);
  if (known) return known;
  const context = await browser.newContext({ locale: lang.locale });
  const page = await context.newPage();
  await signIn(page, DEMO.email, DEMO.password);
  if (!collectionId) collectionId = await ensureCollection(page);
  const state = await context.storageState();
  await context.close();
  sessions.set(lang.code, state);
  return state;
}

/** The demo user's collection with one card, made once through the API. */
async function ensureCollection(page: Page): Promise<string> {
  const list = (await (await page.request.get('/features/collections')).json()) as {
    id: string;
    name: string;
  }[];
  const found = list.find((c) => c.name === COLLECTION);
  if (found) return found.id;
  return createCollection(page, COLLECTION, [{ phrase: QUESTION }]);
}

/** A page signed in as the demo user in the language, or signed out for the login screen. */
async function openPage(browser: Browser, lang: Language, signedIn = true, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    locale: lang.locale,
    timezoneId: 'Europe/London',
    viewport: { width, height: width < 500 ? 800 : 900 },
    baseURL: test.info().project.use.baseURL,
    ...(signedIn ? { storageState: await session(browser, lang) } : {}),
  });
  return context.newPage();
}

/** One line per violation and node: what a failing run prints. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.slice(0, 10).map((n) => {
      const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
      return `${v.id} (${v.impact}) ${n.target.join(' ')}: ${why || v.help}`;
    }),
  );
}

/** Settles animations, then asserts that axe finds no serious or critical violation on the page. */
async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(describeViolations(bad), `axe on ${name}`).toEqual([]);
}

/** Asks the question on the conversation screen and waits for its card. */
async function askForCard(page: Page): Promise<void> {
  await page.goto('/conversation');
  const input = page.getByTestId('conversation-input');
  await input.fill(QUESTION);
  await input.press('Enter');
  const item = page.getByTestId('conversation-item').last();
  await expect(item).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
  await expect(item.getByTestId('analysis-card').first()).toBeVisible();
}

// The demo user's session in both languages and the collection, once, before any screen: the
// first sign-in meets a cold server (demo data, first queries) on a machine shared with others.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  for (const lang of LANGUAGES) await session(browser, lang);
});

interface Screen {
  name: string;
  signedIn?: boolean;
  open: (page: Page) => Promise<void>;
}

/** Opens a path and waits for the element (by test id) that says the screen is there. */
const visit =
  (path: () => string, testId: string, timeout = 10_000) =>
  async (page: Page) => {
    await page.goto(path());
    await expect(page.getByTestId(testId).first()).toBeVisible({ timeout });
  };

const SCREENS: Screen[] = [
  { name: 'login', signedIn: false, open: visit(() => '/login', 'login-email') },
  { name: 'dashboard', open: visit(() => '/', 'dashboard-first-collection', 30_000) },
  { name: 'conversation with a card', open: askForCard },
  { name: 'collections list', open: visit(() => '/collections', 'collection-item') },
  // A card of the collection has answered once its tools (expand) show.
  { name: 'collection detail', open: visit(() => `/collection/${collectionId}`, 'cc-expand', 30_000) },
  { name: 'card editor', open: visit(() => `/collection/${collectionId}/new`, 'card-editor-form') },
  { name: 'data sources', open: visit(() => '/user/datasources', 'ds-list') },
  {
    name: 'intelligence suite',
    open: visit(() => '/intelligence-suite', 'report-tile-organisation_strategy'),
  },
  {
    name: 'intelligence suite form',
    open: visit(() => '/intelligence-suite/organisation-strategy', 'page-organisation-strategy'),
  },
  { name: 'subscription', open: visit(() => '/user/subscriptions', 'page-subscriptions') },
  { name: 'profile', open: visit(() => '/user/settings', 'page-settings') },
  { name: 'security', open: visit(() => '/user/security', 'page-security') },
  // The two red confirm buttons a user meets most: white text on the theme's danger red.
  { name: 'logout modal', open: visit(() => '/logout', 'logout-confirm') },
  { name: 'delete account dialog', open: openDeleteAccount },
];

/** The profile's delete-account dialog, its confirm enabled (DELETE typed) as the user sees it. */
async function openDeleteAccount(page: Page): Promise<void> {
  await page.goto('/user/settings');
  await page.getByTestId('delete-account-link').click();
  await page.getByTestId('delete-account-input').fill('DELETE');
  await expect(page.getByTestId('delete-account-confirm')).toBeEnabled({ timeout: 10_000 });
}

for (const lang of LANGUAGES) {
  test.describe(`axe in ${lang.code}`, () => {
    for (const screen of SCREENS) {
      test(`${lang.code}: ${screen.name}`, async ({ browser }) => {
        test.setTimeout(120_000);
        const page = await openPage(browser, lang, screen.signedIn !== false);
        await screen.open(page);
        if (lang.code === 'tr') await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
        await expectNoSeriousViolations(page, `${screen.name} (${lang.code})`);
        if (screen.name.endsWith('modal') || screen.name.endsWith('dialog'))
          await page.screenshot({
            path: join(SHOTS, `${lang.code}-${screen.name.replaceAll(' ', '-')}.png`),
          });
        await page.context().close();
      });
    }
  });
}

test.describe('Escape', () => {
  const en = LANGUAGES[0];

  test('closes the help drawer and the card detail, one layer at a time', async ({ browser }) => {
    const page = await openPage(browser, en);
    await page.goto('/');
    await page.getByTestId('help-button').click();
    const help = page.getByTestId('help-panel').getByRole('dialog');
    await expect(help).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await askForCard(page);
    const card = page.getByTestId('conversation-item').last().getByTestId('analysis-card').first();
    await card.getByTestId('card-expand').click();
    const detail = dialog(page, 'card-detail');
    await expect(detail).toBeVisible();
    // The export dialog opened from the detail view closes alone; the next Escape closes the detail.
    await detail.getByTestId('card-export').click();
    const exportDialog = page
      .getByRole('dialog')
      .filter({ hasNot: page.getByTestId('card-detail-close') })
      .last();
    await expect(page.getByRole('dialog')).toHaveCount(2);
    await page.screenshot({ path: join(SHOTS, 'dialog-export-over-detail.png') });
    await page.keyboard.press('Escape');
    await expect(exportDialog).toBeHidden();
    await expect(detail).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await page.context().close();
  });

  test('closes the collection dialogs and the collection card detail', async ({ browser }) => {
    const page = await openPage(browser, en);
    await page.goto('/collections');
    const item = page.getByTestId('collection-item').filter({ hasText: COLLECTION });
    await item.getByTestId('collection-edit').click();
    const form = dialog(page, 'collection-form-modal');
    await expect(form).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await item.getByTestId('collection-delete').click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(item).toBeVisible(); // Escape is not a confirmation

    await page.goto(`/collection/${collectionId}`);
    const expand = page.getByTestId('grid-item').first().getByTestId('cc-expand');
    await expect(expand).toBeVisible({ timeout: 30_000 });
    await expand.click();
    const detail = dialog(page, 'cc-detail');
    await expect(detail).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    await page.getByTestId('collection-add-card').click();
    const editor = dialog(page, 'card-editor');
    await expect(editor).toBeVisible();
    await editor.getByRole('heading').first().click(); // focus inside, away from the question's list
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    await page.context().close();
  });

  test('closes the add-connection dialog; the logout confirmation stays', async ({ browser }) => {
    const page = await openPage(browser, en);
    await page.goto('/user/datasources');
    await page.getByTestId('ds-add').click();
    const add = dialog(page, 'ds-add-modal');
    await expect(add).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();

    await page.goto('/logout');
    const logout = dialog(page, 'logout-modal');
    await expect(logout).toBeVisible();
    await page.keyboard.press('Escape');
    // Still open once nothing moves: Escape started no closing transition.
    await expectSettled(page);
    await expect(logout).toBeVisible();
    await page.getByTestId('logout-cancel').click();
    await page.context().close();
  });
});

/** Asserts every visible label in the locator's items shows in full and no two items overlap. */
async function expectLabelsFit(page: Page, selector: string, what: string): Promise<void> {
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const r = el.getBoundingClientRect();
        const label = [...Array.from(el.querySelectorAll<HTMLElement>('*')), el as HTMLElement].find(
          (x) => x.children.length === 0 && x.textContent?.trim() && x.offsetParent !== null,
        );
        return {
          text: el.textContent?.trim() ?? '',
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
          cut: label ? label.scrollWidth > label.clientWidth + 1 : false,
          outside: r.left < 0 || r.right > window.innerWidth + 0.5,
        };
      }),
  );
  expect(boxes.length, what).toBeGreaterThan(1);
  for (const [i, b] of boxes.entries()) {
    expect(b.cut, `${what}: "${b.text}" is cut`).toBe(false);
    expect(b.outside, `${what}: "${b.text}" is off screen`).toBe(false);
    for (const o of boxes.slice(0, i)) {
      const overlap =
        b.left < o.right - 0.5 && o.left < b.right - 0.5 && b.top < o.bottom - 0.5 && o.top < b.bottom - 0.5;
      expect(overlap, `${what}: "${b.text}" overlaps "${o.text}"`).toBe(false);
    }
  }
}

for (const lang of LANGUAGES) {
  for (const width of [360, 390]) {
    test(`${lang.code}: phone navigation and settings tabs fit at ${width} px`, async ({ browser }) => {
      const page = await openPage(browser, lang, true, width);
      await page.goto('/user/settings');
      await expect(page.getByTestId('page-settings')).toBeVisible();
      await expectLabelsFit(page, '.sidebar .nav-item', 'phone navigation');
      await expectLabelsFit(page, '.settings-tab', 'settings tabs');
      if (width === 390) {
        await page.screenshot({ path: join(SHOTS, `phone-nav-${lang.code}-${width}.png`) });
        await page.getByTestId('help-button').click();
        await expect(page.getByTestId('help-panel').getByRole('dialog')).toBeVisible();
        await expectSettled(page);
        await expectLabelsFit(page, '[data-testid="help-panel"] [role="tab"]', 'help tabs');
        await page.screenshot({ path: join(SHOTS, `help-drawer-${lang.code}-${width}.png`) });
      }
      await page.context().close();
    });
  }
}

test('tr: the side navigation shows every label in full on a desktop', async ({ browser }) => {
  const page = await openPage(browser, LANGUAGES[1]);
  await page.goto('/');
  await expect(page.getByTestId('page-dashboard')).toBeVisible();
  await expectLabelsFit(page, '.sidebar .nav-item', 'side navigation');
  await page.locator('.sidebar').screenshot({ path: join(SHOTS, 'sidebar-tr-desktop.png') });
  await page.context().close();
});

test('help search finds "chart" and "export pdf", in Turkish too', async ({ browser }) => {
  for (const lang of LANGUAGES) {
    const page = await openPage(browser, lang);
    await page.goto('/');
    await page.getByTestId('help-button').click();
    const search = page.getByTestId('help-search');
    await search.fill(lang.code === 'tr' ? 'grafik' : 'chart');
    await expect(page.getByTestId('help-question-analysis-cards')).toBeVisible();
    await search.fill(lang.code === 'tr' ? 'pdf dışa aktar' : 'export pdf');
    await expect(page.getByTestId('help-questions').locator('button').first()).toHaveAttribute(
      'data-testid',
      'help-question-export-card',
    );
    // A word only in the article's text, in the reader's language: the articles' chunk loaded.
    await search.fill(lang.code === 'tr' ? 'hoparlör' : 'landscape');
    await expect(page.getByTestId('help-questions').locator('button')).toHaveCount(1);
    await expect(
      page.getByTestId(
        lang.code === 'tr' ? 'help-question-voice-and-read-aloud' : 'help-question-export-card',
      ),
    ).toBeVisible();
    if (lang.code === 'tr') await page.screenshot({ path: join(SHOTS, 'help-search-tr.png') });
    await page.context().close();
  }
});

test("a new account's first visit stores the browser's time zone", async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Europe/Istanbul',
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  const puts: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/auth/tenant/timezone')) puts.push(r.status());
  });
  const email = `tz-${Date.now()}@example.com`;
  await signUpByMail(page, email, 'Zeynep Kaya');
  await expect.poll(() => puts, { message: 'the time-zone update answered' }).toEqual([200]);
  const tenant = (await (await page.request.get('/auth/tenant')).json()) as { timezone: string };
  expect(tenant.timezone).toBe('Europe/Istanbul');
  await context.close();
});
