/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { writeSection } from '../../bench/lib/results';
import {
  emlFiles,
  expect,
  expectAccessible,
  mailDir,
  postAsUser,
  sendPhrase,
  signIn,
  test,
} from './fixtures';
import { expectSettled } from './settled';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

const QUESTIONS = ['revenue by region last month', 'orders by month this year', 'top 5 countries by revenue'];

test.describe.configure({ mode: 'serial' });

// --- a stubbed answer engine: the screen's rendering does not depend on the server's engine ---
const regions = ['Americas', 'EMEA', 'APAC'];
const cardRegion = {
  title: 'Revenue by region, last month',
  text: '<p>Revenue was <b>$1.2M</b> last month, up 8% on the month before. EMEA led with 44%.</p>',
  date: '2026-11-20T10:00:00Z',
  table: regions.map((r, i) => {
    const rev = [412345.5, 532100.25, 255020.1][i];
    const prev = [380000, 490000, 0][i];
    return {
      Region: r,
      Revenue: rev,
      'Revenue__%': (rev / 1199465.85) * 100,
      Previous_Revenue: prev,
      Revenue__change: prev ? ((rev - prev) / prev) * 100 : null,
    };
  }),
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Revenue__%', label: 'Revenue %', kind: 'measure', format: 'number' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
    { key: 'Revenue__change', label: 'Revenue Change %', kind: 'measure', format: 'number' },
  ],
  chart: [
    { chart: { type: 'bar' }, x: 'Region', y: ['Revenue'] },
    { chart: { type: 'pie' }, x: 'Region', y: ['Revenue'] },
    { chart: { type: 'donut' }, x: 'Region', y: ['Revenue'] },
  ],
  insights: [
    '<p>Total revenue <b>$1.2M</b>, +8.1% vs the previous month.</p>',
    '<p><b>EMEA</b> is the top contributor (44%).</p>',
    { context: 'llm', text: '<p>APAC is new this month.</p>' },
  ],
};
const months = Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`);
const cardMonths = {
  title: 'Orders by month, this year',
  text: '<p>Orders rose steadily through the year.</p>',
  date: '2026-11-20T10:00:00Z',
  table: months.map((m, i) => ({
    Month: m,
    Orders: 14000 + i * 900 + (i % 3) * 500,
    'Conversion Rate': 0.03 + i * 0.001,
  })),
  columns: [
    { key: 'Month', label: 'Month', kind: 'time', format: 'date' },
    { key: 'Orders', label: 'Orders', kind: 'measure', format: 'number' },
    { key: 'Conversion Rate', label: 'Conversion Rate', kind: 'measure', format: 'percent' },
  ],
  chart: [
    { chart: { type: 'line' }, x: 'Month', y: ['Orders'] },
    { chart: { type: 'area' }, x: 'Month', y: ['Orders'] },
    { chart: { type: 'bar', stacked: true }, x: 'Month', y: ['Orders'] },
  ],
  insights: ['<p>Orders trend <b>up</b>, about +900 a month.</p>'],
  query: {
    sql: 'select 1',
    semantic: {
      measures: ['Orders'],
      dimensions: [],
      filters: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'this', unit: 'year' } },
    },
  },
};
const countries = ['United States', 'Germany', 'United Kingdom', 'France', 'Japan'];
const cardCountries = {
  title: 'Top 5 countries by revenue',
  text: '<p>The United States brings the most revenue.</p>',
  date: '2026-11-20T10:00:00Z',
  table: countries.map((c, i) => ({
    Country: c,
    Revenue: 9_000_000 - i * 1_300_000,
    Orders: 120000 - i * 15000,
    Customers: 9000 - i * 1000,
    'Average Order Value': 74.5 + i,
  })),
  columns: [
    { key: 'Country', label: 'Country', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Orders', label: 'Orders', kind: 'measure', format: 'number' },
    { key: 'Customers', label: 'Customers', kind: 'measure', format: 'number' },
    { key: 'Average Order Value', label: 'Average Order Value', kind: 'measure', format: 'currency' },
  ],
  chart: [{ chart: { type: 'bar' }, x: 'Country', y: ['Revenue'] }],
  insights: ['<p>Top 5 make up 62% of revenue.</p>'],
};
const cards: Record<string, unknown> = {
  'revenue by region last month': cardRegion,
  'orders by month this year': cardMonths,
  'top 5 countries by revenue': cardCountries,
};

test('renders every card view against a stubbed answer engine', async ({ page }) => {
  let n = 0;
  test.setTimeout(120_000);
  await signIn(page);
  await page.route('**/features/conversations?*', (r) =>
    r.fulfill({
      json: {
        items: [
          {
            id: 'old1',
            query: {
              created: Date.now() - 3 * 86400000,
              phrase: 'revenue by region last month',
              event: null,
            },
            responses: [{ phrase: 'x', text: '<p>Older answer text</p>' }],
            error: null,
          },
        ],
        has_more: false,
      },
    }),
  );
  await page.route('**/features/favourites', (r) =>
    r.fulfill({ json: [{ phrase: 'revenue by channel', count: 5 }] }),
  );
  await page.route('**/features/suggestions', (r) =>
    r.fulfill({ json: { suggestions: ['revenue by region'] } }),
  );
  await page.route('**/features/conversations/query', async (r) => {
    const body = r.request().postDataJSON() as { phrase: string };
    if (body.phrase === 'bad')
      return r.fulfill({ status: 400, json: { message: 'phrase is not understood' } });
    if (body.phrase === 'boom') return r.fulfill({ status: 500, json: { message: 'x' } });
    if (body.phrase === 'unclear')
      return r.fulfill({
        json: {
          responses: [
            {
              phrase: 'unclear',
              text: '<p>I understood <b>revenue</b>. Did you mean:</p>',
              prompt: {
                title: 'Try one of these',
                subtitle: 'Pick a question',
                items: Array.from({ length: 7 }, (_, i) => ({
                  title: `revenue option ${i}`,
                  phrase: 'top 5 countries by revenue',
                })),
              },
            },
          ],
        },
      });
    n++;
    return r.fulfill({
      json: {
        responses: [
          {
            phrase: body.phrase,
            question_id: `00000000-0000-4000-8000-00000000000${n}`,
            card: cards[body.phrase],
          },
        ],
      },
    });
  });
  await page.route('**/api/v1/email_card', (r) => r.fulfill({ json: {} }));
  await page.goto('/');
  await page.getByTestId('dashboard-search').fill('revenue by region last month');
  await page.getByTestId('dashboard-search-submit').click();
  await expect(page.getByTestId('analysis-card').first()).toBeVisible();
  await expectSettled(page);
  await page.screenshot({ path: join(SHOTS, 'stub-conversation-first.png') });
  for (const q of ['orders by month this year', 'top 5 countries by revenue', 'bad', 'boom', 'unclear']) {
    await page.getByTestId('conversation-input').fill(q);
    await page.getByTestId('conversation-input').press('Enter');
    const item = page.getByTestId('conversation-item').last();
    await expect(item.locator('.bubble-question')).toContainText(q);
    await expect(item).toHaveAttribute('data-state', /answered|error/);
  }
  await expect(page.getByTestId('conversation-error').first()).toHaveText('phrase is not understood');
  await expect(page.getByTestId('conversation-error').nth(1)).toContainText(
    'Sorry, this is not working properly.',
  );
  await expect(page.getByTestId('prompt-item')).toHaveCount(7);
  await page.screenshot({ path: join(SHOTS, 'stub-conversation.png') });
  const cardsL = page.getByTestId('analysis-card');
  for (let c = 0; c < 3; c++) {
    const card = cardsL.nth(c);
    await card.scrollIntoViewIfNeeded();
    const count = await card.locator('.view-tab').count();
    for (let i = 0; i < count; i++) {
      await expectSettled(card);
      await card.screenshot({
        path: join(SHOTS, `stub-card${c}-${await card.getAttribute('data-view')}.png`),
      });
      await card.getByTestId('card-next-view').click();
    }
  }
  const c0 = cardsL.nth(0);
  await c0.scrollIntoViewIfNeeded();
  await c0.getByTestId('view-tab-table').click();
  await c0.getByTestId('table-percent-toggle').click();
  await c0.screenshot({ path: join(SHOTS, 'stub-card0-table-percent.png') });
  await c0.getByTestId('view-tab-bar').click();
  await c0.getByTestId('card-text-toggle').click();
  await expect(c0.locator('.card-text')).toBeVisible();
  await expectSettled(c0);
  await c0.screenshot({ path: join(SHOTS, 'stub-card0-split.png') });
  await c0.getByTestId('card-insights-toggle').click();
  await expectSettled(c0);
  await c0.screenshot({ path: join(SHOTS, 'stub-card0-insights-panel.png') });
  await c0.getByTestId('card-expand').click();
  await expect(page.getByTestId('card-detail-close')).toBeVisible();
  await expectSettled(page);
  await page.screenshot({ path: join(SHOTS, 'stub-card-detail.png') });
  await page.getByTestId('card-detail-close').click();
  await c0.getByTestId('card-export').click();
  await page.screenshot({ path: join(SHOTS, 'stub-export-dialog.png') });
  const dl = page.waitForEvent('download');
  await page.getByTestId('export-png').click();
  const pngPath = join(SHOTS, '..', 'test-results', 'stub-export.png');
  await (await dl).saveAs(pngPath);
  expect([...readFileSync(pngPath).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  await c0.getByTestId('card-export').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  const dl2 = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByTestId('export-pdf').click();
  const pdfPath = join(SHOTS, '..', 'test-results', 'stub-export.pdf');
  await (await dl2).saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByTestId('thumbs-down').click();
  await page.screenshot({ path: join(SHOTS, 'stub-feedback-dialog.png') });
  await page.keyboard.press('Escape');
  await page.getByTestId('conversation-input').focus();
  await page.screenshot({ path: join(SHOTS, 'stub-suggestions.png') });
  await expectAccessible(page, '[data-testid="page-conversation"]');
  await page.setViewportSize({ width: 420, height: 800 });
  await expectSettled(page);
  await page.screenshot({ path: join(SHOTS, 'stub-mobile.png') });
});

// --- the real server and ask engine ---
/** Non-blank pixels of the card's chart canvas (the chart was really drawn). */
async function paintedPixels(card: Locator): Promise<number> {
  const canvas = card.locator('canvas').first();
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const ctx = c.getContext('2d');
    if (!ctx) return 0;
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return n;
  });
}

/** Cards in the log's visible part still waiting to render (their placeholder shown). */
const placeholdersInView = (log: Locator) =>
  log.evaluate((el) => {
    const view = el.getBoundingClientRect();
    return Array.from(el.querySelectorAll('.card-placeholder')).filter((p) => {
      const r = p.getBoundingClientRect();
      return r.bottom > view.top && r.top < view.bottom;
    }).length;
  });

/** The last conversation item, once answered. */
async function lastAnswered(page: Page): Promise<Locator> {
  const item = page.getByTestId('conversation-item').last();
  await expect(item).toHaveAttribute('data-state', /answered|error/, { timeout: 30_000 });
  return item;
}

async function askInBox(page: Page, phrase: string, how: 'enter' | 'button'): Promise<Locator> {
  await sendPhrase(page, phrase, how);
  const item = await lastAnswered(page);
  await expect(item.locator('.bubble-question')).toContainText(phrase);
  return item;
}

/** Opens the conversation with at least one answered card (asking one when today is empty). */
async function openWithCard(page: Page): Promise<void> {
  await page.goto('/conversation');
  await expect(
    page.getByTestId('conversation-item').first().or(page.getByTestId('conversation-empty')),
  ).toBeVisible();
  if ((await page.getByTestId('analysis-card').count()) === 0) await askInBox(page, QUESTIONS[0], 'enter');
  await expect(page.getByTestId('analysis-card').first()).toBeVisible();
}

test('asks from the dashboard and the box, draws charts, cycles views, sorts, exports, mails and rates', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);

  // 1. From the dashboard: jumps to the conversation, asks on arrival, then drops ?q=.
  await page.getByTestId('dashboard-search').fill(QUESTIONS[0]);
  const first = page.waitForResponse((r) => r.url().endsWith('/features/conversations/query'));
  await page.getByTestId('dashboard-search-submit').click();
  expect((await first).status()).toBe(200);
  await expect(page).toHaveURL(/\/conversation$/);
  const item1 = await lastAnswered(page);
  await expect(item1).toHaveAttribute('data-state', 'answered');
  const card1 = item1.getByTestId('analysis-card').first();
  await expect(card1).toBeVisible();
  await expect.poll(() => paintedPixels(card1), { timeout: 15_000 }).toBeGreaterThan(500);

  // 2. From the conversation box (Enter and the send button).
  const item2 = await askInBox(page, QUESTIONS[1], 'enter');
  await expect(item2.getByTestId('analysis-card')).toBeVisible();
  const item3 = await askInBox(page, QUESTIONS[2], 'button');
  const card3 = item3.getByTestId('analysis-card').first();
  await expect(card3).toBeVisible();
  await expect.poll(() => paintedPixels(card3), { timeout: 15_000 }).toBeGreaterThan(500);
  await expect(page.getByTestId('day-separator').first()).toHaveText('Today');
  // Feedback buttons only on the last item.
  await expect(page.getByTestId('thumbs-down')).toHaveCount(1);
  await expect(item3.getByTestId('thumbs-down')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'conversation.png') });

  // 3. Every view of a card, with the next-view toggle (wraps to the first).
  const tabs = card3.locator('.view-tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  const firstView = await card3.getAttribute('data-view');
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    const view = (await card3.getAttribute('data-view')) ?? '';
    seen.push(view);
    await card3.scrollIntoViewIfNeeded();
    await expectSettled(card3);
    await card3.screenshot({ path: join(SHOTS, `card-${view}.png`) });
    await card3.getByTestId('card-next-view').click();
  }
  expect(new Set(seen).size).toBe(count);
  await expect(card3).toHaveAttribute('data-view', firstView ?? '');

  // Insights panel slides over; the text toggle shows the explanation.
  const insights = card3.getByTestId('card-insights-toggle');
  if (await insights.count()) {
    await insights.click();
    await expect(card3.getByTestId('insights-panel')).toHaveAttribute('data-open', 'true');
    await card3.screenshot({ path: join(SHOTS, 'card-insights-panel.png') });
    await insights.click();
  }

  // 4. The table: sort cycles asc → desc → none.
  await card3.getByTestId('view-tab-table').click();
  const table = card3.getByTestId('data-table');
  await expect(table).toBeVisible();
  const header = table.locator('thead th').nth(1);
  const valuesOf = () =>
    table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));
  await header.locator('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const asc = await valuesOf();
  await header.locator('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(await valuesOf()).toEqual([...asc].reverse());
  await header.locator('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'none');

  // The 123 / % toggle on the first card that has share columns.
  let toggled = false;
  for (const card of await page.getByTestId('analysis-card').all()) {
    await card.scrollIntoViewIfNeeded();
    const tableTab = card.getByTestId('view-tab-table');
    if (!(await tableTab.count())) continue;
    await tableTab.click();
    const toggle = card.getByTestId('table-percent-toggle');
    if (await toggle.count()) {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(card.locator('tbody td').filter({ hasText: '%' }).first()).toBeVisible();
      await card.screenshot({ path: join(SHOTS, 'card-table-percent.png') });
      toggled = true;
      break;
    }
  }
  expect(toggled, 'a card with share (__%) columns offers the % toggle').toBe(true);

  // 5. Exports: CSV (renamed headers) and PNG (signature).
  await card3.scrollIntoViewIfNeeded();
  await card3.getByTestId('card-export').click();
  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = await csvDownload;
  const csvPath = join(SHOTS, '..', 'test-results', 'export.csv');
  await csv.saveAs(csvPath);
  const csvText = readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, '');
  const headerLine = csvText.split(/\r?\n/)[0];
  expect(headerLine).toMatch(/Country/);
  expect(headerLine).toMatch(/Revenue/);
  expect(headerLine).not.toMatch(/__|Previous_/);

  await card3.getByTestId('card-export').click();
  const pngDownload = page.waitForEvent('download');
  await page.getByTestId('export-png').click();
  const png = await pngDownload;
  // Named after the card (and its period, when it has one), not export.png.
  expect(png.suggestedFilename()).toMatch(/^Top 5 .*\.png$/i);
  const pngPath = join(SHOTS, '..', 'test-results', 'export.png');
  await png.saveAs(pngPath);
  expect([...readFileSync(pngPath).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  // 6. E-mail the card: an .eml with the card arrives at the SMTP peer.
  const before = new Set(emlFiles());
  await card3.getByTestId('card-export').click();
  const mailed = page.waitForResponse((r) => r.url().endsWith('/api/v1/email_card'));
  await page.getByTestId('export-email').click();
  expect((await mailed).status()).toBe(200);
  await expect(page.getByTestId('toast').filter({ hasText: 'email sent' })).toBeVisible();
  await page.keyboard.press('Escape');
  const title = (await card3.locator('.card-title').textContent()) ?? '';
  await expect
    .poll(
      () =>
        emlFiles()
          .filter((f) => !before.has(f))
          .some((f) => {
            const text = readFileSync(join(mailDir(), f), 'utf8');
            return text.includes(title.slice(0, 20)) || /Country/.test(text);
          }),
      { timeout: 20_000 },
    )
    .toBe(true);

  // 7. Thumbs-down feedback with flags and a message.
  await page.getByTestId('thumbs-down').click();
  await page.getByTestId('feedback-flag-not_true').check();
  await page.getByTestId('feedback-message').fill('The numbers look off.');
  const feedback = page.waitForResponse((r) => r.url().endsWith('/api/v1/feedback'));
  await page.getByTestId('feedback-submit').click();
  const feedbackAnswer = await feedback;
  expect(feedbackAnswer.status()).toBe(200);
  expect(feedbackAnswer.request().postDataJSON()).toMatchObject({
    sentiment: 'negative',
    fields: 'not_true',
    phrase: QUESTIONS[2],
  });
  await expect(page.getByTestId('toast').filter({ hasText: 'submitted successfully' })).toBeVisible();

  // 8. Reload: today's history comes back, and the dashboard question is not asked again.
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/features/conversations/query')) asked++;
  });
  await page.reload();
  // Other specs ask as the demo user too: today's history ends with this test's three questions.
  const items = page.getByTestId('conversation-item');
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(QUESTIONS.length);
  const shown = await items.count();
  for (const [i, q] of QUESTIONS.entries())
    await expect(items.nth(shown - QUESTIONS.length + i).locator('.bubble-question')).toContainText(q);
  await expect(page.getByTestId('day-separator').first()).toHaveText('Today');
  expect(asked).toBe(0);
});

test('has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page);
  await openWithCard(page);
  await page.getByTestId('analysis-card').last().scrollIntoViewIfNeeded();
  await page.getByTestId('conversation-input').focus(); // suggestions open too
  await expectAccessible(page, '[data-testid="page-conversation"]');
});

test('works with the keyboard alone', async ({ page }) => {
  await signIn(page);
  await openWithCard(page);

  // Tab to the question box.
  const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
  for (let i = 0; i < 60 && (await focusedTestId()) !== 'conversation-input'; i++)
    await page.keyboard.press('Tab');
  expect(await focusedTestId()).toBe('conversation-input');

  // History suggestions: ArrowDown fills the text; Escape hides the list.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('conversation-input')).not.toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('suggestions')).toBeHidden();

  await page.keyboard.press('Control+A');
  await page.keyboard.type('revenue by channel last month');
  const answer = page.waitForResponse((r) => r.url().endsWith('/features/conversations/query'));
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(200);
  const item = await lastAnswered(page);
  const card = item.getByTestId('analysis-card').first();
  await expect(card).toBeVisible();
  const view = await card.getAttribute('data-view');

  // Tab into the card and switch view with Enter on the next-view toggle.
  await card.getByTestId('view-tab-table').focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveAttribute('data-view', 'table');
  // The card's footer is one toolbar (one tab stop): the arrow keys move inside it.
  for (let i = 0; i < 20 && (await focusedTestId()) !== 'card-next-view'; i++)
    await page.keyboard.press('ArrowRight');
  expect(await focusedTestId()).toBe('card-next-view');
  await page.keyboard.press('Space');
  await expect(card).not.toHaveAttribute('data-view', 'table');
  const hasFocusRing = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
  });
  expect(hasFocusRing).toBe(true);
  expect(view).not.toBeNull();

  // Thumbs-down by keyboard opens the dialog; Space ticks a flag; Escape closes.
  for (let i = 0; i < 20 && (await focusedTestId()) !== 'thumbs-down'; i++) await page.keyboard.press('Tab');
  expect(await focusedTestId()).toBe('thumbs-down');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('feedback-form')).toBeVisible();
  for (let i = 0; i < 10 && !(await focusedTestId()).startsWith('feedback-flag-'); i++)
    await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('feedback-flag-harmful')).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('feedback-form')).toBeHidden();
});

test('renders 50 answered cards without long tasks (recorded, not asserted)', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page);
  const phrases = [
    'revenue by region',
    'orders by month this year',
    'revenue by country',
    'units sold by category',
    'sessions by device',
    'revenue by channel',
    'customers by segment',
    'average order value by month',
  ];
  const existing = await page.request.get('/features/conversations?scope=today&limit=50');
  const have = ((await existing.json()) as { items: unknown[] }).items.length;
  const base = Date.now() - 60_000;
  for (let i = have; i < 50; i++) {
    const r = await postAsUser(page, '/features/conversations/query', {
      phrase: phrases[i % phrases.length],
      created: base + i,
    });
    expect(r.status()).toBe(200);
  }

  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const started = Date.now();
  await page.goto('/conversation');
  await expect(page.getByTestId('conversation-item').first()).toBeVisible();
  const log = page.getByTestId('conversation-log');
  // Scroll up until every card is loaded (4 older items per page), then down through all of them,
  // each step once the cards it brings into view have rendered.
  await expect
    .poll(
      async () => {
        await log.evaluate((el) => {
          el.scrollTop = 0;
        });
        return page.getByTestId('conversation-item').count();
      },
      { timeout: 30_000, message: 'the older history, paged in' },
    )
    .toBeGreaterThanOrEqual(50);
  const items = await page.getByTestId('conversation-item').count();
  const height = await log.evaluate((el) => el.scrollHeight);
  for (let y = 0; y <= height; y += 400) {
    await log.evaluate((el, top) => {
      el.scrollTop = top;
    }, y);
    await expect.poll(() => placeholdersInView(log)).toBe(0);
  }
  await expectSettled(page);
  await page.screenshot({ path: join(SHOTS, 'conversation-50.png') });
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const max = tasks.length ? Math.max(...tasks) : 0;
  const over200 = tasks.filter((d) => d > 200).length;
  writeSection(
    'Conversation rendering',
    [
      'Command: `npm run build -w apps/web && npx playwright test -c e2e conversation.spec.ts -g "50 answered"`',
      '',
      `Run ${new Date().toISOString().slice(0, 10)}: load /conversation, page older history up until ${items} answered cards are in the list, then scroll the whole list in 400 px steps (Chromium, headless).`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| long tasks (> 50 ms) | ${tasks.length} |`,
      `| longest task | ${Math.round(max)} ms |`,
      `| tasks over 200 ms | ${over200} |`,
      `| wall time (load + paging + scroll) | ${((Date.now() - started) / 1000).toFixed(1)} s |`,
    ].join('\n'),
  );
  console.log(`longest task ${Math.round(max)} ms over ${tasks.length} long tasks`);
});
