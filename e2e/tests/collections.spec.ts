/// <reference lib="dom" />
// Collections as a new user meets them: sign up, create a collection from the dashboard's empty
// state (/collections#new), add three cards through the editor with a preview, drag and resize
// them, save the layout and find it after a reload, switch compact/cozy, set an auto refresh and
// see 'Updated:' (and the refresh come), remove a card, then the dashboard's counts and pager.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import {
  expectAnswered,
  gridBoxes,
  gridItem,
  type StoredCollection,
  storedCollection,
} from './collection-helpers';
import { expect, expectAccessible, signUpByMail, test, toast } from './fixtures';
import { expectSettled } from './settled';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

const EMAIL = `grace.${Date.now()}@example.com`;
const NAME = 'Weekly sales';
const QUESTIONS = ['revenue by region last month', 'orders by month this year', 'top 5 countries by revenue'];
/** The collection's id once created. */
let collectionId = '';
/** The new user's session (cookies and local storage), kept by the first test for the others. */
const SESSION = join(process.env.E2E_DATA_DIR ?? '/tmp', 'collections-session.json');

/** The collection as the server has it. */
const stored = (page: Page) => storedCollection(page, (c) => c.id === collectionId);

/** Every card's box on screen, by phrase. */
const boxes = async (page: Page) =>
  Object.fromEntries((await gridBoxes(page)).map(({ phrase, ...box }) => [phrase, box]));

/** Drags with the mouse from the centre of `from` by (dx, dy), in steps as a hand would. */
async function dragBy(page: Page, from: Locator, dx: number, dy: number): Promise<void> {
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x + (dx * i) / 12, y + (dy * i) / 12);
  await page.mouse.up();
}

/** Adds a card through the editor: type, preview, save. */
async function addCard(page: Page, phrase: string): Promise<void> {
  await page.getByTestId('collection-add-card').click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}/new$`));
  const editor = page.getByTestId('card-editor').getByRole('dialog');
  await expect(editor).toBeVisible();
  const save = page.getByTestId('ce-save');
  const preview = page.getByTestId('ce-preview');
  await expect(save).toBeDisabled();
  await expect(preview).toBeDisabled(); // nothing typed yet
  await page.getByTestId('ce-question').fill(phrase);
  await page.keyboard.press('Escape'); // closes the suggestions, not the dialog
  await expect(editor).toBeVisible();
  await expect(save).toBeDisabled(); // no preview yet
  const answered = page.waitForResponse((r) => r.url().endsWith('/features/collections/preview'));
  await preview.click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('ce-preview-area').getByTestId('analysis-card')).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, 'Card added successfully!').last()).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}$`));
  await expect(gridItem(page, phrase)).toBeVisible();
}

test('a new user creates a collection from the dashboard and adds three cards with a preview', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Sign up by mail and finish onboarding.
  await signUpByMail(page, EMAIL, 'Grace Hopper');

  // The dashboard: no collections yet, counts at zero, an offer to create one.
  const widget = page.getByTestId('dashboard-collections');
  await expect(widget.getByTestId('dashboard-no-collections')).toBeVisible();
  await expect(widget.getByTestId('dashboard-count-collections')).toHaveAttribute('data-count', '0');
  await expect(widget.getByTestId('dashboard-count-cards')).toHaveAttribute('data-count', '0');
  await page.screenshot({ path: join(SHOTS, 'collections-dashboard-empty.png'), fullPage: true });
  await widget.getByTestId('dashboard-create-collection').click();
  await expect(page).toHaveURL(/\/collections#new$/);

  // The create dialog: Save waits for a name; weekly digest.
  const dialog = page.getByTestId('collection-form-modal').getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('collection-form-save')).toBeDisabled();
  await page.getByTestId('collection-name').fill('   ');
  await expect(page.getByTestId('collection-form-save')).toBeDisabled();
  await page.getByTestId('collection-name').fill(NAME);
  await page.getByTestId('collection-frequency').click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await page.screenshot({ path: join(SHOTS, 'collections-create-dialog.png') });
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/features/collection') && r.request().method() === 'POST',
  );
  await page.getByTestId('collection-form-save').click();
  const answer = await created;
  expect(answer.status()).toBe(200);
  collectionId = ((await answer.json()) as StoredCollection).id;
  await expect(toast(page, 'Collection created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/collections$/);

  // The list: name, question count and schedule.
  const item = page.getByTestId('collection-item').filter({ hasText: NAME });
  await expect(item.getByTestId('collection-item-count')).toHaveText('0 questions');
  await expect(item.getByTestId('collection-item-schedule')).toHaveText(/^Every (Sunday|Monday) at 9:00$/);
  await page.screenshot({ path: join(SHOTS, 'collections-list.png'), fullPage: true });
  await expectAccessible(page, '[data-testid="page-collections"]');

  // The collection: empty, then three cards through the editor.
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}$`));
  await expect(page.getByTestId('collection-title')).toHaveText(NAME);
  await expect(page.getByTestId('collection-empty')).toBeVisible();
  await addCard(page, QUESTIONS[0]);
  await page.getByTestId('collection-add-card').click();
  // The editor offers suggestions and refuses a phrase already in the collection.
  await page.getByTestId('ce-question').click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'collections-editor-suggestions.png') });
  await page.getByTestId('ce-question').fill(QUESTIONS[0].toUpperCase());
  await expect(page.getByTestId('card-editor').getByText('Duplicate Phrase Detected!')).toBeVisible();
  await page.getByTestId('ce-cancel').click();
  await addCard(page, QUESTIONS[1]);
  // The editor with a preview, before saving the third card.
  await page.getByTestId('collection-add-card').click();
  await page.getByTestId('ce-question').fill(QUESTIONS[2]);
  await page.keyboard.press('Escape');
  await page.getByTestId('ce-preview').click();
  await expect(page.getByTestId('ce-preview-area').getByTestId('analysis-card')).toBeVisible();
  await expectSettled(page);
  await page.screenshot({ path: join(SHOTS, 'collections-editor-preview.png') });
  await expectAccessible(page, '[data-testid="card-editor"]');
  await page.getByTestId('ce-save').click();
  await expect(gridItem(page, QUESTIONS[2])).toBeVisible();

  // Every card answers, each 2×2 in the first free spot.
  for (const phrase of QUESTIONS) {
    await expect(gridItem(page, phrase).getByTestId('compact-card')).toHaveAttribute(
      'data-state',
      'answered',
      {
        timeout: 30_000,
      },
    );
  }
  const collection = await stored(page);
  expect(collection.questions.map((q) => q.phrase)).toEqual(QUESTIONS);
  expect(collection.layout.map(({ x, y, w, h }) => ({ x, y, w, h }))).toEqual([
    { x: 0, y: 0, w: 2, h: 2 },
    { x: 2, y: 0, w: 2, h: 2 },
    { x: 4, y: 0, w: 2, h: 2 },
  ]);
  await expectSettled(page);
  await page.screenshot({ path: join(SHOTS, 'collections-grid.png'), fullPage: true });
  await page.context().storageState({ path: SESSION });
});

// The same user from here on, without signing in again (sign-in links are rate limited).
test.describe('signed in', () => {
  test.use({ storageState: SESSION });

  test('cards cycle their views, and the chosen view is remembered', async ({ page }) => {
    await page.goto(`/collection/${collectionId}`);
    const card = gridItem(page, QUESTIONS[0]).getByTestId('compact-card');
    await expect(card).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    const first = await card.getAttribute('data-view');
    await card.getByTestId('cc-next-view').click();
    await expect(card).not.toHaveAttribute('data-view', first ?? '');
    const chosen = (await card.getAttribute('data-view')) ?? '';
    await expect.poll(async () => (await stored(page)).layout[0]?.c).toBe(chosen);
    // The expand button opens the detail view on the same view.
    await card.getByTestId('cc-expand').click();
    const detail = page.getByTestId('cc-detail').getByRole('dialog');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('analysis-card')).toHaveAttribute('data-view', chosen);
    await expectSettled(page);
    await page.screenshot({ path: join(SHOTS, 'collections-card-detail.png') });
    await page.getByTestId('cc-detail-close').click();
    await page.reload();
    await expect(gridItem(page, QUESTIONS[0]).getByTestId('compact-card')).toHaveAttribute(
      'data-view',
      chosen,
      {
        timeout: 30_000,
      },
    );
  });

  test('drag and resize, save the layout, and find it after a reload; compact and cozy', async ({ page }) => {
    await page.goto(`/collection/${collectionId}`);
    await expect(page.getByTestId('grid-item')).toHaveCount(3);
    await expect(page.getByTestId('collection-save-layout')).toBeHidden();
    const before = await boxes(page);
    const a = before[QUESTIONS[0]];
    const b = before[QUESTIONS[1]];
    const column = b.x - a.x; // one 2-wide card and its gap = 2 columns
    const cell = column / 2;

    // Drag the first card three columns to the right, past the third.
    await dragBy(page, gridItem(page, QUESTIONS[0]).getByTestId('cc-drag'), cell * 5, 0);
    await expect(page.getByTestId('collection-save-layout')).toBeVisible();
    // Resize the second card one column wider and one row taller from its corner, once the moved
    // cards have settled (the grid animates them).
    const grid = page.getByTestId('collection-grid');
    await expectSettled(grid);
    await gridItem(page, QUESTIONS[1]).hover();
    const handle = gridItem(page, QUESTIONS[1]).locator('.react-resizable-handle');
    await dragBy(page, handle, cell, 130);
    await expect
      .poll(async () => (await boxes(page))[QUESTIONS[1]].width)
      .toBeGreaterThan(b.width + cell / 2);
    await expectSettled(grid);
    const after = await boxes(page);
    expect(after[QUESTIONS[0]].x).toBeGreaterThan(before[QUESTIONS[2]].x);
    expect(after[QUESTIONS[1]].width).toBeGreaterThan(b.width + cell / 2);
    expect(after[QUESTIONS[1]].height).toBeGreaterThan(b.height + 60);
    await page.screenshot({ path: join(SHOTS, 'collections-grid-moved.png'), fullPage: true });

    // Save: the button goes, the server has the new places.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/features/collection') && r.request().method() === 'PUT',
    );
    await page.getByTestId('collection-save-layout').click();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, 'Layout saved successfully!')).toBeVisible();
    await expect(page.getByTestId('collection-save-layout')).toBeHidden();
    const collection = await stored(page);
    const item = (phrase: string) => {
      const q = collection.questions.find((x) => x.phrase === phrase)!;
      return collection.layout.find((l) => l.i === q.id)!;
    };
    expect(item(QUESTIONS[0]).x).toBeGreaterThanOrEqual(5);
    expect(item(QUESTIONS[1])).toMatchObject({ w: 3, h: 3 });

    // After a reload the cards are where they were left.
    await page.reload();
    await expect(page.getByTestId('grid-item')).toHaveCount(3);
    await expectSettled(grid);
    expect(await boxes(page)).toEqual(after);
    await expect(page.getByTestId('collection-save-layout')).toBeHidden();

    // Keyboard: the handle moves a card with the arrow keys; leaving unsaved keeps the stored places.
    await gridItem(page, QUESTIONS[2]).getByTestId('cc-drag').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('collection-save-layout')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('grid-item')).toHaveCount(3);
    await expectSettled(grid);
    expect(await boxes(page)).toEqual(after);

    // Compact (8 px gaps) and cozy (20 px gaps), remembered on this browser: a card two rows
    // high is 2 × 120 px plus one gap.
    await expect(grid).toHaveAttribute('data-density', 'compact');
    const height = async () => (await boxes(page))[QUESTIONS[0]].height;
    expect(await height()).toBe(2 * 120 + 8);
    await page.getByTestId('collection-density').getByText('Cozy').click();
    await expect(grid).toHaveAttribute('data-density', 'cozy');
    await expect.poll(height).toBe(2 * 120 + 20);
    await expectSettled(page);
    await page.screenshot({ path: join(SHOTS, 'collections-grid-cozy.png'), fullPage: true });
    await page.reload();
    await expect(page.getByTestId('collection-grid')).toHaveAttribute('data-density', 'cozy');
    await page.getByTestId('collection-density').getByText('Compact').click();
    await expect(page.getByTestId('collection-grid')).toHaveAttribute('data-density', 'compact');
  });

  test('auto refresh shows Updated: and asks again after its interval', async ({ page }) => {
    await page.clock.install();
    await page.goto(`/collection/${collectionId}`);
    const card = gridItem(page, QUESTIONS[1]).getByTestId('compact-card');
    await expect(card).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await expect(card.getByTestId('cc-updated')).toHaveCount(0);

    // Edit the card: its answer is the preview, only the interval changes.
    await card.getByTestId('cc-edit').click();
    const editor = page.getByTestId('card-editor').getByRole('dialog');
    await expect(editor).toBeVisible();
    await expect(page.getByTestId('ce-question')).toHaveValue(QUESTIONS[1]);
    await expect(page.getByTestId('ce-preview-area').getByTestId('analysis-card')).toBeVisible();
    await expect(page.getByTestId('ce-save')).toBeDisabled(); // nothing changed yet
    await expect(page.getByTestId('ce-remove')).toBeVisible();
    await page.getByTestId('ce-refresh').click();
    for (const label of ['Not set', '10 minutes', '15 minutes', '20 minutes', '30 minutes', '1 hour'])
      await expect(page.getByRole('option', { name: label, exact: true })).toBeVisible();
    await page.getByRole('option', { name: '10 minutes', exact: true }).click();
    await expect(page.getByTestId('ce-save')).toBeEnabled();
    await page.getByTestId('ce-save').click();
    await expect(toast(page, 'Card updated successfully!')).toBeVisible();
    await expect(editor).toBeHidden();
    expect((await stored(page)).questions.find((q) => q.phrase === QUESTIONS[1])?.interval).toBe(10);

    // HH:mm of the card's query time, in the profile's time zone: the demo's answers are cached, so
    // it may be earlier than now, never later (the unit tests pin the exact zone rule).
    const updated = card.getByTestId('cc-updated');
    await expect(updated).toHaveText(/^Updated: \d\d:\d\d$/);
    const zone = await page.evaluate(async () => {
      const r = await fetch('/auth/tenant', { credentials: 'include' });
      return ((await r.json()) as { timezone: string }).timezone;
    });
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    const nowThere = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    const shown = (await updated.textContent())!.slice('Updated: '.length);
    // Minutes before now (through midnight too): a query time in the past, not the future.
    expect((minutes(nowThere) - minutes(shown) + 1440) % 1440).toBeLessThan(12 * 60);
    await page.screenshot({ path: join(SHOTS, 'collections-auto-refresh.png'), fullPage: true });

    // Ten minutes later the card asks again, on its own.
    const refreshed = page.waitForRequest(
      (r) =>
        r.url().endsWith('/features/collections/query') &&
        (r.postDataJSON() as { id?: string }).id !== undefined,
    );
    await page.clock.fastForward('10:05');
    await refreshed;
    await expect(card).toHaveAttribute('data-state', 'answered');
  });

  test('card errors: a failing card offers a retry, an unknown one says so; removing asks first', async ({
    page,
  }) => {
    // The collection's call answers one card with an error (its source could not be read).
    await page.route('**/features/collections/query', async (route) => {
      const body = route.request().postDataJSON() as { id?: string };
      const response = await route.fetch();
      const json = (await response.json()) as { responses: { question_id: string; phrase: string }[] };
      if (body.id === undefined) {
        json.responses = json.responses.map((r) =>
          r.phrase === QUESTIONS[2]
            ? {
                question_id: r.question_id,
                phrase: r.phrase,
                error: true,
                message: 'Failed to retrieve data!',
              }
            : r,
        );
      }
      await route.fulfill({ response, json });
    });
    await page.goto(`/collection/${collectionId}`);
    const failing = gridItem(page, QUESTIONS[2]).getByTestId('compact-card');
    await expect(failing).toHaveAttribute('data-state', 'error', { timeout: 30_000 });
    await expect(failing.getByTestId('cc-error-message')).toHaveText('Failed to retrieve data!');
    await expect(failing.getByTestId('cc-remove')).toBeVisible();
    await expectAnswered(page);
    await expectSettled(page);
    await page.screenshot({ path: join(SHOTS, 'collections-card-error.png'), fullPage: true });
    // Tap to retry: the card asks on its own and answers.
    await failing.getByTestId('cc-retry').click();
    await expect(failing).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await page.unroute('**/features/collections/query');

    // An unknown card id in the address: 'Question not found!'.
    await page.goto(`/collection/${collectionId}/00000000-0000-4000-8000-000000000000`);
    await expect(toast(page, 'Question not found!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}$`));

    // Remove the third card: the question asked first; cancel keeps it, confirm removes it.
    const third = gridItem(page, QUESTIONS[2]);
    await third.getByTestId('cc-remove').click();
    const confirm = page.getByTestId('card-remove-modal').getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to remove question?');
    await page.screenshot({ path: join(SHOTS, 'collections-remove-confirm.png') });
    await page.getByTestId('card-remove-modal-cancel').click();
    await expect(third).toBeVisible();
    await third.getByTestId('cc-remove').click();
    await page.getByTestId('card-remove-modal-confirm').click();
    await expect(toast(page, 'Question removed successfully!')).toBeVisible();
    await expect(page.getByTestId('grid-item')).toHaveCount(2);
    const collection = await stored(page);
    expect(collection.questions.map((q) => q.phrase)).toEqual(QUESTIONS.slice(0, 2));
    expect(collection.layout).toHaveLength(2);
    await expectAccessible(page, '[data-testid="page-collection"]');
  });

  test('the dashboard counts collections, cards and sources, and pages through the first collection', async ({
    page,
  }) => {
    const tenant = (await (await page.request.get('/auth/tenant')).json()) as {
      credentials: Record<string, { active: boolean; revoked: boolean }>;
    };
    const sources = Object.values(tenant.credentials).filter((c) => c.active && !c.revoked).length;
    await page.goto('/');
    await expect(page.getByTestId('dashboard-greeting')).toHaveText('Hello, Grace');
    const widget = page.getByTestId('dashboard-collections');
    await expect(widget.getByTestId('dashboard-count-collections')).toHaveAttribute('data-count', '1');
    await expect(widget.getByTestId('dashboard-count-cards')).toHaveAttribute('data-count', '2');
    await expect(widget.getByTestId('dashboard-count-credentials')).toHaveAttribute(
      'data-count',
      String(sources),
    );
    expect(sources).toBeGreaterThan(0);
    await expect(widget.getByTestId('dashboard-collection-name')).toHaveText(NAME);

    const position = widget.getByTestId('dashboard-card-position');
    const prev = widget.getByTestId('dashboard-card-prev');
    const next = widget.getByTestId('dashboard-card-next');
    const card = widget.getByTestId('dashboard-card');
    await expect(position).toHaveText('Card 1 of 2');
    await expect(prev).toBeDisabled();
    await expect(card.getByTestId('cc-phrase')).toHaveText(QUESTIONS[0]);
    await expect(card).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await expectSettled(card);
    await page.screenshot({ path: join(SHOTS, 'collections-dashboard.png'), fullPage: true });
    await next.click();
    await expect(position).toHaveText('Card 2 of 2');
    await expect(next).toBeDisabled();
    await expect(card.getByTestId('cc-phrase')).toHaveText(QUESTIONS[1]);
    await expect(card).toHaveAttribute('data-state', 'answered', { timeout: 30_000 });
    await expect(card.getByTestId('cc-updated')).toBeVisible(); // its auto refresh is set
    await prev.click();
    await expect(position).toHaveText('Card 1 of 2');
    await expect(prev).toBeDisabled();
    await expectAccessible(page, '[data-testid="dashboard-collections"]');

    // The list's count follows; deleting asks first and leaves the empty state.
    await page.goto('/collections');
    const item = page.getByTestId('collection-item').filter({ hasText: NAME });
    await expect(item.getByTestId('collection-item-count')).toHaveText('2 questions');
    await item.getByTestId('collection-delete').click();
    await page.getByTestId('collection-delete-modal-confirm').click();
    await expect(toast(page, 'Collection removed successfully!')).toBeVisible();
    await expect(page.getByTestId('collections-empty')).toBeVisible();
  });
});
