/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import {
  lastMonth,
  monthsBefore,
  periodText,
  plain,
  rangeText,
  thisMonth,
  thisQuarter,
  thisYear,
} from './dates';
import { askInBox, expect, expectAccessible, openConversation, signIn, test } from './fixtures';
import { shootCard } from './settled';

// The fixed list of answer shapes, asked in the real app on the demo data (which ends
// today), each drawn in its default view and screenshotted to be looked at; one number format
// throughout; the period chip, worked out from today; the exported PNG; keyboard and axe checks.

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

interface Shape {
  id: string;
  phrase: string;
  /** The view the card opens on. */
  view: string;
  /** Other views to screenshot. */
  also?: string[];
  /** The period chip's exact text, when the answer has a period (worked out when asked). */
  period?: () => string;
}

const SHAPES: Shape[] = [
  {
    id: 'number-money',
    phrase: 'revenue last month',
    view: 'kpi',
    also: ['table'],
    period: () => periodText(lastMonth()),
  },
  { id: 'number-count', phrase: 'orders last month', view: 'kpi', period: () => periodText(lastMonth()) },
  { id: 'number-rate', phrase: 'conversion rate last month', view: 'kpi' },
  {
    id: 'number-vs-comparison',
    phrase: 'orders this quarter vs last quarter',
    view: 'kpi',
    also: ['bar'],
    period: () => periodText(thisQuarter()),
  },
  { id: 'dimension-3', phrase: 'revenue by region last month', view: 'bar', also: ['donut', 'table'] },
  { id: 'dimension-8', phrase: 'revenue by category', view: 'bar', also: ['pie'] },
  { id: 'dimension-20', phrase: 'revenue by country', view: 'bar', also: ['table'] },
  { id: 'dimension-60', phrase: 'top 60 products by revenue', view: 'bar' },
  {
    id: 'time-day-partial',
    phrase: 'orders by day this month',
    view: 'line',
    also: ['bar'],
    period: () => periodText(thisMonth()),
  },
  {
    id: 'time-week-partial',
    phrase: 'sessions by week this quarter',
    view: 'line',
    also: ['bar'],
    period: () => periodText(thisQuarter()),
  },
  {
    id: 'time-month-partial',
    phrase: 'revenue by month this year',
    view: 'line',
    also: ['bar'],
    period: () => periodText(thisYear()),
  },
  {
    id: 'time-by-dimension-6',
    phrase: 'revenue by channel and week last quarter',
    view: 'bar-stacked',
    also: ['line', 'area'],
  },
  {
    id: 'time-by-dimension-20',
    phrase: 'revenue by country and month this year',
    view: 'bar-stacked',
    also: ['line'],
  },
  { id: 'time-by-dimension-400', phrase: 'revenue by product and month last quarter', view: 'bar-stacked' },
  { id: 'two-dimensions', phrase: 'orders by region and segment', view: 'bar-stacked', also: ['table'] },
  {
    id: 'comparison-columns',
    phrase: 'revenue by region vs previous period last month',
    view: 'bar',
    also: ['table'],
    period: () => periodText(lastMonth()),
  },
  { id: 'comparison-time', phrase: 'revenue by month this year vs last year', view: 'line', also: ['bar'] },
  { id: 'rates', phrase: 'conversion rate by channel', view: 'bar', also: ['table'] },
  {
    id: 'rates-by-week',
    phrase: 'conversion rate by channel and week last quarter',
    // Rates never stack: the view is (and is named) a grouped bar chart.
    view: 'bar',
    also: ['line'],
  },
  { id: 'money', phrase: 'average order value by month', view: 'line', also: ['table'] },
  { id: 'counts', phrase: 'refunds by country', view: 'bar', also: ['table'] },
];

/** Asks in the box; the answered card, pinned to its item (later questions do not move it). */
async function ask(page: Page, phrase: string): Promise<Locator> {
  const { card } = await askInBox(page, phrase);
  return card;
}

/** Screenshots the card once its view is drawn and still. */
const shoot = (card: Locator, name: string) => shootCard(card, join(SHOTS, `cards-${name}.png`));

test('every answer shape gets a fitting default view, its period and one number format', async ({ page }) => {
  test.setTimeout(600_000);
  await openConversation(page);
  // The question box has the focus on arrival.
  await expect(page.getByTestId('conversation-input')).toBeFocused();

  for (const shape of SHAPES) {
    const card = await ask(page, shape.phrase);
    await expect(card, shape.phrase).toHaveAttribute('data-view', shape.view);
    if (shape.period) {
      await expect(card.getByTestId('card-period').locator('.period-chip').first()).toBeVisible();
      const chip = plain(await card.getByTestId('card-period').locator('.period-chip').first().textContent());
      expect(chip.replace(/^Period: /, '')).toBe(shape.period());
    }
    await shoot(card, `${shape.id}-${shape.view}`);
    for (const view of shape.also ?? []) {
      await card.getByTestId(`view-tab-${view}`).click();
      await expect(card).toHaveAttribute('data-view', view);
      await shoot(card, `${shape.id}-${view}`);
    }
    // Back to the default view: later scrolling renders what the user would see.
    if (shape.also?.length) await card.getByTestId(`view-tab-${shape.view}`).click();
  }
});

test('numbers read alike in the KPI, the table and its totals', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');

  // Money: the big number in whole dollars, like the text.
  const money = await ask(page, 'revenue last month');
  await expect(money.getByTestId('kpi-value')).toHaveText(/^\$\d{1,3}(,\d{3})+$/);

  // A count against its comparison: no decimals, the change as the insights write it.
  const count = await ask(page, 'orders this quarter vs last quarter');
  await expect(count.getByTestId('kpi-value')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  await expect(count.getByTestId('kpi-compare')).toContainText(/[+−]\d+%/);
  // This quarter so far against the same stretch of the quarter before.
  const compared = rangeText(monthsBefore(thisQuarter(), 3));
  await expect(count.getByTestId('kpi-compare')).toContainText(compared);

  // A rate as a percentage.
  const rate = await ask(page, 'conversion rate last month');
  await expect(rate.getByTestId('kpi-value')).toHaveText(/^\d+(\.\d)?%$/);

  // Counts by country: rows and the total without ".00", shares with one decimal like the insights.
  const counts = await ask(page, 'refunds by country');
  await counts.getByTestId('view-tab-table').click();
  const table = counts.getByTestId('data-table');
  const total = plain(await table.locator('tfoot td').nth(1).textContent());
  expect(total).toMatch(/^\d{1,3}(,\d{3})*$/);
  const cells = await table.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(cells.every((c) => /^\d{1,3}(,\d{3})*$/.test(c))).toBe(true);
  await counts.getByTestId('table-percent-toggle').click();
  const shares = await table.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(shares.every((c) => /^\d+(\.\d)?%$/.test(c))).toBe(true);

  // Money by region with its comparison (4 columns): compact for the whole column once one value
  // is, the total like its rows (never "$3,912,345.67" under "$1.7M").
  const regions = await ask(page, 'revenue by region vs previous period last month');
  await regions.getByTestId('view-tab-table').click();
  const rows = await regions.locator('tbody tr td:nth-child(2)').allTextContents();
  const totalCell = plain(await regions.locator('tfoot td').nth(1).textContent());
  for (const cell of [...rows, totalCell]) expect(cell).toMatch(/^\$\d+(\.\d)?[KMB]$/);
});

test('the exported PNG carries the title, the period and the legend', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');
  const card = await ask(page, 'revenue by channel and week last quarter');
  await card.getByTestId('card-export').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-png').click();
  const file = join(SHOTS, 'cards-export.png');
  await (await download).saveAs(file);
  const png = readFileSync(file);
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  // Taller than the chart alone (2× pixels): the header with the title and the period is above it.
  const chartHeight = await card
    .locator('canvas')
    .first()
    .evaluate((c) => (c as HTMLCanvasElement).height);
  expect(png.readUInt32BE(20)).toBeGreaterThan(chartHeight + 60);
});

test('the keyboard: "/" focuses the box, dialogs give focus back, a card is one tab stop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');
  const input = page.getByTestId('conversation-input');
  await expect(input).toBeFocused();
  // On arrival the suggestions stay closed until asked for.
  await expect(page.getByTestId('suggestions')).toBeHidden();
  const first = await ask(page, 'revenue by region last month');
  const second = await ask(page, 'orders by day this month');

  // One tab stop per row: Tab from the first card's toolbar lands on the second card's chips (what it
  // understood, one stop; the arrows move along them), and Tab again in its toolbar.
  const firstTabs = first.getByTestId('card-toolbar');
  await first.getByTestId('view-tab-bar').focus();
  await page.keyboard.press('Tab');
  const chips = second.getByTestId('card-understood');
  await expect(chips.locator(':focus')).toHaveCount(1);
  expect(await chips.locator('button[tabindex="0"]').count()).toBe(1);
  await page.keyboard.press('ArrowRight');
  await expect(chips.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(second.getByTestId('card-toolbar').locator(':focus')).toHaveCount(1);
  // Inside the toolbar, the arrow keys move; the toolbar remembers the last button used.
  await first.getByTestId('view-tab-bar').focus();
  await page.keyboard.press('ArrowRight');
  await expect(first.getByTestId('view-tab-pie')).toBeFocused();
  await page.keyboard.press('End');
  await expect(first.getByTestId('card-expand')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first.getByTestId('view-tab-bar')).toBeFocused();
  const stops = await firstTabs.locator('button[tabindex="0"]').count();
  expect(stops).toBe(1);
  // From the card's toolbar to the question box: the second card's toolbar, the thumbs, the box.
  await second.getByTestId('view-tab-line').focus();
  let presses = 0;
  while (presses < 12 && !(await input.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
    presses++;
  }
  expect(presses).toBeLessThanOrEqual(4);

  // "/" from anywhere but a text field focuses the box, without typing a slash.
  await first.getByTestId('view-tab-bar').focus();
  await page.keyboard.press('/');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('');
  // In another text field "/" is a character.
  await page.getByTestId('help-button').click();
  await page.getByTestId('help-search').fill('a');
  await page.getByTestId('help-search').press('/');
  await expect(page.getByTestId('help-search')).toHaveValue('a/');
  // Closing the panel gives focus back to the help button.
  await page.getByTestId('help-panel').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('help-button')).toBeFocused();

  // Dialogs give focus back to what opened them: export (Escape), detail (its close button), feedback.
  await first.getByTestId('card-export').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-dialog')).toBeHidden();
  await expect(first.getByTestId('card-export')).toBeFocused();

  await first.getByTestId('card-expand').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('card-detail-close')).toBeVisible();
  await page.getByTestId('card-detail-close').click();
  await expect(first.getByTestId('card-expand')).toBeFocused();

  // Escape closes the top layer only: the insights over a card first, then the detail view around it.
  const insights = first.getByTestId('insights-panel');
  await first.getByTestId('card-insights-toggle').click();
  await expect(insights).toHaveAttribute('data-open', 'true');
  await page.keyboard.press('Escape');
  await expect(insights).not.toHaveAttribute('data-open');
  await expect(first.getByTestId('card-insights-toggle')).toBeFocused();
  await first.getByTestId('card-expand').click();
  const detail = page.getByTestId('card-detail');
  const detailInsights = detail.getByTestId('insights-panel');
  await detail.getByTestId('card-insights-toggle').click();
  await expect(detailInsights).toHaveAttribute('data-open', 'true');
  await page.keyboard.press('Escape');
  await expect(detailInsights).not.toHaveAttribute('data-open');
  await expect(page.getByTestId('card-detail-close')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('card-detail-close')).toBeHidden();
  await expect(first.getByTestId('card-expand')).toBeFocused();

  await page.getByTestId('thumbs-down').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('feedback-form')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('feedback-form')).toBeHidden();
  await expect(page.getByTestId('thumbs-down')).toBeFocused();
});

test('long suggestion chips wrap inside their border', async ({ page }) => {
  await signIn(page);
  await page.route('**/features/conversations/query', (r) =>
    r.fulfill({
      json: {
        responses: [
          {
            phrase: 'x',
            text: '<p>I could not answer that.</p>',
            prompt: {
              title: 'Try one of these',
              items: [
                {
                  title:
                    'Revenue by country and product category for the last twelve full months compared with the year before',
                  phrase: 'revenue by country',
                },
                { title: 'Orders by region', phrase: 'orders by region' },
              ],
            },
          },
        ],
      },
    }),
  );
  await page.goto('/conversation');
  await page.getByTestId('conversation-input').fill('blorp');
  await page.getByTestId('conversation-input').press('Enter');
  const chip = page.getByTestId('prompt-item').first();
  await expect(chip).toBeVisible();
  const fits = await chip.evaluate(
    (el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
  );
  expect(fits).toBe(true);
  await page
    .getByTestId('prompt')
    .last()
    .screenshot({ path: join(SHOTS, 'cards-prompt-chips.png') });
});

test('axe reports nothing serious on the conversation screen with cards', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');
  await ask(page, 'orders this quarter vs last quarter');
  await ask(page, 'revenue by region vs previous period last month');
  await expectAccessible(page, '[data-testid="page-conversation"]');
});
