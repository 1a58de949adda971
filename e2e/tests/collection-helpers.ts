import type { Page } from '@playwright/test';
import { expect, postAsUser } from './fixtures';

// Collections as the specs set them up and read them: made through the API the screens use, read
// back as the server stores them, and their grid of cards as it stands on screen.

/** A collection as the server stores it. */
export type StoredCollection = {
  id: string;
  name: string;
  notification_frequency: string | null;
  layout: { i: string; x: number; y: number; w: number; h: number; c?: string }[];
  questions: { id: string; phrase: string; data_adapter: string | null; interval: number }[];
};

/** A question of a new collection: its phrase, and the source it is asked on if not the default. */
export type NewQuestion = { phrase: string; data_adapter?: string };

/** Makes a collection through the API the screens use; its id. */
export async function createCollection(page: Page, name: string, questions: NewQuestion[]): Promise<string> {
  const made = await postAsUser(page, '/features/collection', { name, questions });
  expect(made.status(), await made.text()).toBe(200);
  return ((await made.json()) as { id: string }).id;
}

/** The signed-in user's collection that `which` picks, as the server has it. */
export async function storedCollection(
  page: Page,
  which: (c: StoredCollection) => boolean,
): Promise<StoredCollection> {
  const answer = await page.request.get('/features/collections');
  expect(answer.status()).toBe(200);
  const found = ((await answer.json()) as StoredCollection[]).find(which);
  expect(found, 'the collection').toBeTruthy();
  return found!;
}

/** The grid's card asking `phrase`. */
export const gridItem = (page: Page, phrase: string) =>
  page
    .getByTestId('grid-item')
    .filter({ has: page.getByTestId('cc-phrase').getByText(phrase, { exact: true }) });

/** A grid card's box on screen in whole px, with its phrase. */
export type GridBox = { phrase: string; x: number; y: number; width: number; height: number };

/** Every grid card's box on screen, in the grid's order. */
export async function gridBoxes(page: Page): Promise<GridBox[]> {
  const out: GridBox[] = [];
  for (const item of await page.getByTestId('grid-item').all()) {
    const phrase = (await item.getByTestId('cc-phrase').textContent()) ?? '';
    const box = (await item.boundingBox())!;
    const [x, y, width, height] = [box.x, box.y, box.width, box.height].map(Math.round);
    out.push({ phrase, x, y, width, height });
  }
  return out;
}

/** Every card on the screen has its answer, not only the one the test looks at. */
export async function expectAnswered(page: Page): Promise<void> {
  await expect(page.getByTestId('compact-card').first()).toBeVisible();
  await expect(page.locator('[data-testid="compact-card"][data-state="loading"]')).toHaveCount(0, {
    timeout: 30_000,
  });
}
