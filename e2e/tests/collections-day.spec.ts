/// <reference lib="dom" />
// From a conversation to a collection, as the demo user spends a day: answers go into a new
// collection and into an existing one from the card's own button; the card editor suggests the
// questions just asked; a KPI card at the default 2×2 shows its whole value and its footer's
// 'Updated: HH:mm' uncut, at every size; arrow keys move and resize cards without leaving holes;
// "Send now" mails the digest. Screenshots of the collection at 1280 px and 390 px.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import {
  createCollection,
  expectAnswered,
  type GridBox,
  gridBoxes,
  gridItem,
  storedCollection,
} from './collection-helpers';
import { emlFiles, expect, expectAccessible, mailDir, signIn, test, toast } from './fixtures';
import { expectSettled } from './settled';

const SHOTS = '/tmp/parley/shots/collections';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

const NAME = `Board ${Date.now().toString(36)}`;
const KPI = 'revenue this year';
const OTHERS = ['revenue by region last month', 'orders by month this year'];
/** A name and a phrase longer than a list row and a 2×2 card have room for. */
const LONG_NAME = `Quarterly revenue, margin and refunds review for the regional sales leadership team ${Date.now().toString(36)}`;
const LONG_PHRASE =
  'revenue by region last month compared with the previous period for every sales channel and every customer segment';
/** Asked in the conversation and not added: the card editor offers it. */
const ASKED_ONLY = 'revenue by category';

/** The demo user's collection named NAME, as the server has it. */
const stored = (page: Page) => storedCollection(page, (c) => c.name === NAME);

/** The grid's gap and row height in px (compact density). */
const GAP = 8;
const ROW = 120;

/** Asks in the conversation; the answered card of the new item. */
async function ask(page: Page, phrase: string): Promise<Locator> {
  const items = page.getByTestId('conversation-item');
  await expect(items.first().or(page.getByTestId('conversation-empty'))).toBeVisible();
  const index = await items.count();
  const input = page.getByTestId('conversation-input');
  await input.fill(phrase);
  await input.press('Enter');
  const item = items.nth(index);
  // The first question of a fresh server reads the demo data first: slow on a busy machine.
  await expect(item).toHaveAttribute('data-state', 'answered', { timeout: 90_000 });
  const card = item.getByTestId('analysis-card').first();
  await expect(card).toBeVisible();
  return card;
}

/** Opens the card's "Add to collection" dialog. */
async function openAdd(card: Locator): Promise<Locator> {
  await card.getByTestId('card-add-to-collection').click();
  const dialog = card.page().getByTestId('add-to-collection').getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Overlaps and holes on screen: a card lower than the top row must have another card right above
 * some of its columns (the rows are 120 px with 8 px gaps); none may overlap another.
 */
async function gridFlaws(page: Page): Promise<string[]> {
  const list = await gridBoxes(page);
  const top = Math.min(...list.map((b) => b.y));
  const flaws: string[] = [];
  const across = (a: GridBox, b: GridBox) => a.x < b.x + b.width - 2 && b.x < a.x + a.width - 2;
  for (const a of list) {
    for (const b of list)
      if (a !== b && across(a, b) && a.y < b.y + b.height - 2 && b.y < a.y + a.height - 2)
        flaws.push(`${a.phrase} overlaps ${b.phrase}`);
    if (a.y - top < 4) continue;
    const above = list.some((b) => b !== a && across(a, b) && Math.abs(b.y + b.height + GAP - a.y) < 4);
    if (!above) flaws.push(`a hole above ${a.phrase}`);
  }
  return flaws;
}

/** A grid item's size in cells, "WxH", from its box and the width of one column. */
async function cellsOf(item: Locator, column: number): Promise<string> {
  const box = (await item.boundingBox())!;
  return `${Math.round((box.width + GAP) / (column + GAP))}x${Math.round((box.height + GAP) / (ROW + GAP))}`;
}

/** The KPI value shows whole (not clipped) and reads as the value or its compact form. */
async function expectWholeKpi(card: Locator): Promise<void> {
  const value = card.getByTestId('kpi-value');
  await expect(value).toBeVisible();
  const fit = await value.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    text: el.textContent ?? '',
    full: el.getAttribute('data-value') ?? '',
    compact: el.hasAttribute('data-compact'),
    title: el.getAttribute('title'),
    inside: (() => {
      const v = el.getBoundingClientRect();
      const c = el.closest('[data-testid="compact-card"]')!.getBoundingClientRect();
      return v.left >= c.left && v.right <= c.right;
    })(),
  }));
  expect(fit.scroll, `"${fit.text}" fits its box`).toBeLessThanOrEqual(fit.client);
  expect(fit.inside).toBe(true);
  expect(fit.full).toMatch(/^\$\d{1,3}(,\d{3})+$/);
  if (fit.compact) {
    expect(fit.text).toMatch(/^\$\d+(\.\d)?[KMB]$/);
    expect(fit.title).toBe(fit.full);
  } else expect(fit.text).toBe(fit.full);
}

/** 'Updated: HH:mm' whole, inside the card, not covered by the footer's buttons. */
async function expectUpdatedVisible(card: Locator): Promise<void> {
  const updated = card.getByTestId('cc-updated');
  await expect(updated).toHaveText(/^Updated: \d\d:\d\d$/);
  const seen = await updated.evaluate((el) => {
    const u = el.getBoundingClientRect();
    const c = el.closest('[data-testid="compact-card"]')!.getBoundingClientRect();
    const tools = el.closest('footer')!.querySelector('.cc-tools')?.getBoundingClientRect();
    const clear = !tools || u.right <= tools.left || u.bottom <= tools.top || u.top >= tools.bottom;
    return { inside: u.left >= c.left && u.right <= c.right, whole: el.scrollWidth <= el.clientWidth, clear };
  });
  expect(seen).toEqual({ inside: true, whole: true, clear: true });
}

test.describe('a business day with collections', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
  });

  test('answers go into a new collection and into an existing one from the card', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/conversation');
    const kpi = await ask(page, KPI);
    await expect(kpi).toHaveAttribute('data-view', 'kpi');

    // A new collection by name, with the card in it.
    let dialog = await openAdd(kpi);
    await expect(dialog).toContainText(`Question: ${KPI}`);
    const create = page.getByTestId('add-to-collection-create');
    await expect(create).toBeDisabled(); // no name yet
    await page.getByTestId('add-to-collection-name').fill('   ');
    await expect(create).toBeDisabled(); // blank is no name
    await page.getByTestId('add-to-collection-name').fill(NAME);
    await page.screenshot({ path: join(SHOTS, 'add-to-collection-new.png') });
    await create.click();
    await expect(page.getByTestId('add-to-collection-done')).toContainText(`Added to "${NAME}"`);
    await page.getByTestId('add-to-collection-close').click();
    await expect(dialog).toBeHidden();
    let collection = await stored(page);
    expect(collection.questions.map((q) => q.phrase)).toEqual([KPI]);
    expect(collection.questions[0].data_adapter).not.toBeNull(); // the source it answered from

    // The same card again: the collection already holds it.
    dialog = await openAdd(kpi);
    const choice = dialog.getByTestId('add-to-collection-choice').filter({ hasText: NAME });
    await expect(choice).toBeDisabled();
    await expect(choice).toContainText('Already in it');
    await expectAccessible(page, '[data-testid="add-to-collection"] [role="dialog"]');
    await page.screenshot({ path: join(SHOTS, 'add-to-collection-existing.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Other answers into the existing collection; a refusal shows the server's own message.
    const region = await ask(page, OTHERS[0]);
    dialog = await openAdd(region);
    await page.route('**/features/collection', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 403, json: { message: 'Your Free plan allows 5 cards per collection.' } })
        : route.fallback(),
    );
    await dialog.getByTestId('add-to-collection-choice').filter({ hasText: NAME }).click();
    await expect(page.getByTestId('add-to-collection-error')).toHaveText(
      'Your Free plan allows 5 cards per collection.',
    );
    await page.unroute('**/features/collection');
    await dialog.getByTestId('add-to-collection-choice').filter({ hasText: NAME }).click();
    await expect(page.getByTestId('add-to-collection-done')).toContainText(`Added to "${NAME}"`);
    await page.getByTestId('add-to-collection-close').click();
    // One more question, asked but not collected: the editor suggests it later.
    await ask(page, ASKED_ONLY);
    const months = await ask(page, OTHERS[1]);
    const last = await openAdd(months);
    await last.getByTestId('add-to-collection-choice').filter({ hasText: NAME }).click();
    // The dialog leads to the collection, which shows the three cards.
    await page.getByTestId('add-to-collection-open').click();
    collection = await stored(page);
    await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}$`));
    expect(collection.questions.map((q) => q.phrase)).toEqual([KPI, ...OTHERS]);
    await expect(page.getByTestId('grid-item')).toHaveCount(3);
    for (const phrase of [KPI, ...OTHERS]) await expect(gridItem(page, phrase)).toBeVisible();
    await expect(gridItem(page, KPI).getByTestId('cc-phrase')).toHaveAttribute('title', KPI);
  });

  test('the card editor suggests the questions the user asked', async ({ page }) => {
    const collection = await stored(page);
    await page.goto(`/collection/${collection.id}/new`);
    await expect(page.getByTestId('card-editor').getByRole('dialog')).toBeVisible();
    const input = page.getByTestId('ce-question');
    await expect(input).toBeEnabled();
    await input.click();
    await input.fill('revenue');
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    // Asked today and not yet in this collection; the collection's own questions are not offered.
    // The user's own lists (the history, and the favourites once a question counts as one).
    await expect(listbox).toContainText(/You asked recently|You ask these most/);
    await expect(page.getByRole('option', { name: ASKED_ONLY, exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: KPI, exact: true })).toHaveCount(0);
    await expect(page.getByRole('option', { name: OTHERS[0], exact: true })).toHaveCount(0);
    await page.screenshot({ path: join(SHOTS, 'editor-suggestions.png') });
    await page.keyboard.press('Escape');
    await page.getByTestId('ce-cancel').click();
  });

  test('a KPI card at 2×2 and larger shows its whole value and an uncut footer', async ({ page }) => {
    test.setTimeout(120_000);
    const collection = await stored(page);
    await page.goto(`/collection/${collection.id}`);
    const item = gridItem(page, KPI);
    const card = item.getByTestId('compact-card');
    await expect(card).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await expect(card).toHaveAttribute('data-view', 'kpi');
    const kpiItem = collection.layout.find((l) => l.i === collection.questions[0].id)!;
    expect([kpiItem.w, kpiItem.h]).toEqual([2, 2]);

    // An auto refresh, so the footer says 'Updated: HH:mm'.
    await card.getByTestId('cc-edit').click();
    await page.getByTestId('ce-refresh').click();
    await page.getByRole('option', { name: '10 minutes', exact: true }).click();
    await page.getByTestId('ce-save').click();
    await expect(toast(page, 'Card updated successfully!')).toBeVisible();
    await expect(card).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await expectWholeKpi(card);
    await expectUpdatedVisible(card);
    await expectSettled(item);
    await item.screenshot({ path: join(SHOTS, 'kpi-2x2.png') });

    // Wider and taller with the keyboard, and back to the smallest: whole at every size.
    const column = ((await item.boundingBox())!.width - GAP) / 2;
    const handle = item.getByTestId('cc-drag');
    await handle.focus();
    for (const [key, size] of [
      ['Shift+ArrowRight', '3x2'],
      ['Shift+ArrowDown', '3x3'],
      ['Shift+ArrowRight', '4x3'],
      ['Shift+ArrowRight', '5x3'],
      ['Shift+ArrowLeft', '4x3'],
      ['Shift+ArrowLeft', '3x3'],
      ['Shift+ArrowLeft', '2x3'],
      ['Shift+ArrowUp', '2x2'],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => cellsOf(item, column)).toBe(size);
      await expectSettled(item);
      await expectWholeKpi(card);
      await expectUpdatedVisible(card);
      if (size === '4x3') await item.screenshot({ path: join(SHOTS, `kpi-${size}.png`) });
    }
  });

  test('a bar chart card resized with the keys fills its new box and keeps its footer whole', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const collection = await stored(page);
    await page.goto(`/collection/${collection.id}`);
    const item = gridItem(page, OTHERS[0]);
    const card = item.getByTestId('compact-card');
    await expect(card).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await expect(card).toHaveAttribute('data-view', 'bar');
    const column = ((await item.boundingBox())!.width - GAP) / 2;
    const start = await cellsOf(item, column);
    const [w, h] = start.split('x').map(Number);
    await item.getByTestId('cc-drag').focus();
    const steps: [string, string][] = [
      ['Shift+ArrowRight', `${w + 1}x${h}`],
      ['Shift+ArrowDown', `${w + 1}x${h + 1}`],
      ['Shift+ArrowRight', `${w + 2}x${h + 1}`],
      ['Shift+ArrowLeft', `${w + 1}x${h + 1}`],
      ['Shift+ArrowUp', `${w + 1}x${h}`],
      ['Shift+ArrowLeft', start],
    ];
    for (const [key, size] of steps) {
      await page.keyboard.press(key);
      await expect.poll(() => cellsOf(item, column)).toBe(size);
      await expectSettled(item);
      const fit = await card.evaluate((el) => {
        const slide = el.querySelector('[data-testid="cc-slide-bar"]')!.getBoundingClientRect();
        const canvas = el.querySelector('[data-testid="cc-slide-bar"] canvas')!.getBoundingClientRect();
        const foot = el.querySelector('footer')!;
        const f = foot.getBoundingClientRect();
        const c = el.getBoundingClientRect();
        return {
          // The chart's canvas takes the slide's whole width and height, no old size left over.
          width: Math.abs(canvas.width - slide.width) <= 2,
          height: Math.abs(canvas.height - slide.height) <= 2,
          canvasInside: canvas.right <= c.right + 0.5 && canvas.bottom <= f.top + 0.5,
          footInside: f.bottom <= c.bottom + 0.5 && f.left >= c.left - 0.5,
          footWhole: foot.scrollHeight <= foot.clientHeight + 1 && foot.scrollWidth <= foot.clientWidth + 1,
        };
      });
      expect(fit, `at ${size}`).toEqual({
        width: true,
        height: true,
        canvasInside: true,
        footInside: true,
        footWhole: true,
      });
      if (size === `${w + 2}x${h + 1}`) await item.screenshot({ path: join(SHOTS, `bar-${size}.png`) });
    }
  });

  test('long names and phrases show whole on hover and to screen readers', async ({ page }) => {
    test.setTimeout(120_000);
    const id = await createCollection(page, LONG_NAME, [{ phrase: LONG_PHRASE }]);
    await page.goto('/collections');
    const row = page.getByTestId('collection-item').filter({ hasText: LONG_NAME.slice(0, 40) });
    const name = row.getByTestId('collection-item-name');
    await expect(name).toHaveAttribute('title', LONG_NAME);
    // Ellipsised on screen, whole in the text a screen reader reads and in the link's name.
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(row.getByRole('link')).toHaveAccessibleName(new RegExp(`^${LONG_NAME}`));
    await name.hover();
    await row.screenshot({ path: join(SHOTS, 'list-long-name.png') });

    await page.goto(`/collection/${id}`);
    const item = gridItem(page, LONG_PHRASE);
    const phrase = item.getByTestId('cc-phrase');
    await expect(phrase).toHaveAttribute('title', LONG_PHRASE);
    await expect(item.getByTestId('compact-card')).not.toHaveAttribute('data-state', 'loading', {
      timeout: 30_000,
    });
    const column = ((await item.boundingBox())!.width - GAP) / 2;
    expect(await cellsOf(item, column)).toBe('2x2');
    // Two lines at most, cut with an ellipsis, inside the card's header.
    const clamp = await phrase.evaluate((el) => {
      const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
      return {
        lines: Math.round(el.clientHeight / lineHeight),
        cut: el.scrollHeight > el.clientHeight,
        inside: el.getBoundingClientRect().right <= el.closest('header')!.getBoundingClientRect().right,
      };
    });
    expect(clamp).toEqual({ lines: 2, cut: true, inside: true });
    await expect(item.getByTestId('compact-card')).toHaveAccessibleName(`Card: ${LONG_PHRASE}`);
    await expectSettled(item);
    await item.screenshot({ path: join(SHOTS, 'card-long-phrase-2x2.png') });
    // Not one of the day's collections: gone again, so the others keep their place in the list.
    const xsrf = await page.evaluate(() => localStorage.getItem('xsrfToken') ?? '');
    const gone = await page.request.delete(`/features/collection?id=${id}`, {
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(gone.status()).toBe(200);
  });

  test('arrow keys move and resize cards without leaving holes', async ({ page }) => {
    const collection = await stored(page);
    await page.goto(`/collection/${collection.id}`);
    await expect(page.getByTestId('grid-item')).toHaveCount(3);
    const grid = page.getByTestId('collection-grid');
    await expectSettled(grid);
    expect(await gridFlaws(page)).toEqual([]);
    const keys: [string, string][] = [
      [OTHERS[0], 'ArrowDown'],
      [OTHERS[0], 'Shift+ArrowDown'],
      [KPI, 'Shift+ArrowRight'],
      [OTHERS[1], 'ArrowLeft'],
      [OTHERS[1], 'ArrowDown'],
      [KPI, 'ArrowDown'],
      [OTHERS[0], 'Shift+ArrowUp'],
      [OTHERS[1], 'ArrowUp'],
      [KPI, 'Shift+ArrowDown'],
      [OTHERS[0], 'ArrowRight'],
    ];
    const seen = new Set<string>();
    for (const [phrase, key] of keys) {
      await gridItem(page, phrase).getByTestId('cc-drag').focus();
      await page.keyboard.press(key);
      await expectSettled(grid);
      expect(await gridFlaws(page), `after ${key} on "${phrase}"`).toEqual([]);
      // The handle keeps the focus, so the next key goes on moving the same card.
      await expect(gridItem(page, phrase).getByTestId('cc-drag')).toBeFocused();
      seen.add(JSON.stringify(await gridBoxes(page)));
    }
    expect(seen.size, 'the keys changed the layout').toBeGreaterThan(3);
    await expect(page.getByTestId('collection-save-layout')).toBeVisible();
    await page.getByTestId('collection-save-layout').click();
    await expect(toast(page, 'Layout saved successfully!')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('grid-item')).toHaveCount(3);
    await expectSettled(grid);
    expect(await gridFlaws(page)).toEqual([]);
  });

  test('Send now mails the digest of a collection that has one', async ({ page }) => {
    const collection = await stored(page);
    await page.goto(`/collection/${collection.id}`);
    await expect(page.getByTestId('collection-title')).toHaveText(NAME);
    await expect(page.getByTestId('collection-send-now')).toHaveCount(0); // no digest yet

    // A weekly digest, set on the list.
    await page.goto('/collections');
    await page
      .getByTestId('collection-item')
      .filter({ hasText: NAME })
      .getByTestId('collection-edit')
      .click();
    await page.getByTestId('collection-frequency').click();
    await page.getByRole('option', { name: 'Weekly', exact: true }).click();
    await page.getByTestId('collection-form-save').click();
    await expect(toast(page, 'Collection updated successfully!')).toBeVisible();
    expect((await stored(page)).notification_frequency).toBe('weekly');

    await page.goto(`/collection/${collection.id}`);
    const seen = new Set(emlFiles());
    const sent = page.waitForResponse((r) => r.url().endsWith('/features/collection/digest'));
    await page.getByTestId('collection-send-now').click();
    expect((await sent).status()).toBe(200);
    await expect(toast(page, 'The digest is on its way to your inbox.')).toBeVisible();
    let subject = '';
    await expect
      .poll(
        async () => {
          for (const file of emlFiles().filter((f) => !seen.has(f))) {
            const mail = await simpleParser(readFileSync(join(mailDir(), file)));
            const to = [mail.to].flat().flatMap((a) => a?.value ?? []);
            if (to.some((a) => a.address === 'demo@parley.local') && mail.subject?.includes(NAME)) {
              subject = mail.subject;
              return true;
            }
          }
          return false;
        },
        { timeout: 60_000, message: 'the digest mail' },
      )
      .toBe(true);
    expect(subject).toContain(NAME);

    // A refusal says so.
    await page.route('**/features/collection/digest', (route) => route.abort('failed'));
    await page.getByTestId('collection-send-now').click();
    await expect(toast(page, 'Failed to send the digest! Please try again shortly.')).toBeVisible();
    await page.unroute('**/features/collection/digest');
  });

  test('the collection on a laptop and on a phone', async ({ page }) => {
    const collection = await stored(page);
    await page.goto(`/collection/${collection.id}`);
    const kpi = gridItem(page, KPI).getByTestId('compact-card');
    await expect(kpi).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await expectAnswered(page);
    await expectSettled(page);
    await page.screenshot({ path: join(SHOTS, 'collection-1280.png'), fullPage: true });
    await expectAccessible(page, '[data-testid="page-collection"]');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(kpi).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await expectWholeKpi(kpi);
    await expectUpdatedVisible(kpi);
    await expectAnswered(page);
    await expectSettled(page);
    await page.screenshot({ path: join(SHOTS, 'collection-390.png'), fullPage: true });
  });
});
