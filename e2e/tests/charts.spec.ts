/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { askInBox, dialog, expect, openConversation, signUpByMail, test } from './fixtures';

// Charts fit their box: they follow it when it changes, their labels never overlap, what they
// leave out of sight is counted, a stack has its legend, and averages are never offered as slices.

const SHOTS = '/tmp/parley/shots/charts';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

type Point = [number, number];
interface DrawnText {
  text: string;
  /** The four corners of the text's ink, in device pixels, after the canvas transform. */
  box: Point[];
}

// Every text ECharts paints on a canvas is recorded with its real box (the glyphs' measured
// extent under the transform of the moment), so a rotated or cut label is checked as drawn. A
// full clear of the canvas starts a new frame: what is kept is the last frame painted.
const RECORD_TEXT = () => {
  const frames = new WeakMap<HTMLCanvasElement, DrawnText[]>();
  (window as unknown as { drawnTexts: (c: HTMLCanvasElement) => DrawnText[] }).drawnTexts = (c) =>
    frames.get(c) ?? [];
  const proto = CanvasRenderingContext2D.prototype;
  const clear = proto.clearRect;
  const fill = proto.fillText;
  // The clip in force (a legend that scrolls clips its last entries): device-pixel rectangles.
  type Rect = [number, number, number, number];
  const clips = new WeakMap<
    CanvasRenderingContext2D,
    { now: Rect | null; saved: (Rect | null)[]; path: Rect | null }
  >();
  const stateOf = (ctx: CanvasRenderingContext2D) => {
    let state = clips.get(ctx);
    if (!state) {
      state = { now: null, saved: [], path: null };
      clips.set(ctx, state);
    }
    return state;
  };
  const { save, restore, rect, clip, beginPath } = proto;
  proto.save = function () {
    stateOf(this).saved.push(stateOf(this).now);
    return save.call(this);
  };
  proto.restore = function () {
    const state = stateOf(this);
    state.now = state.saved.pop() ?? null;
    return restore.call(this);
  };
  proto.beginPath = function () {
    stateOf(this).path = null;
    return beginPath.call(this);
  };
  proto.rect = function (x: number, y: number, w: number, h: number) {
    const t = this.getTransform();
    const xs = [x, x + w].flatMap((px) => [y, y + h].map((py) => t.a * px + t.c * py + t.e));
    const ys = [x, x + w].flatMap((px) => [y, y + h].map((py) => t.b * px + t.d * py + t.f));
    stateOf(this).path = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    return rect.call(this, x, y, w, h);
  };
  proto.clip = function (...args: unknown[]) {
    const state = stateOf(this);
    if (state.path) {
      const [a, b] = [state.now, state.path];
      state.now = a
        ? [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]
        : b;
    }
    return (clip as (...a: unknown[]) => void).apply(this, args);
  };
  proto.clearRect = function (x: number, y: number, w: number, h: number) {
    if (x <= 0 && y <= 0 && w >= this.canvas.width && h >= this.canvas.height) frames.set(this.canvas, []);
    return clear.call(this, x, y, w, h);
  };
  proto.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    const draw = () =>
      maxWidth === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, maxWidth);
    const m = this.measureText(text);
    const t = this.getTransform();
    const corners: Point[] = [
      [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
      [x + m.actualBoundingBoxRight, y - m.actualBoundingBoxAscent],
      [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
      [x - m.actualBoundingBoxLeft, y + m.actualBoundingBoxDescent],
    ];
    let box = corners.map(([px, py]) => [t.a * px + t.c * py + t.e, t.b * px + t.d * py + t.f] as Point);
    const cut = stateOf(this).now;
    if (cut) {
      // Only what the clip lets through is seen; a level text is cut to it.
      const xs = box.map((p) => p[0]);
      const ys = box.map((p) => p[1]);
      const seen: Rect = [
        Math.max(cut[0], Math.min(...xs)),
        Math.max(cut[1], Math.min(...ys)),
        Math.min(cut[2], Math.max(...xs)),
        Math.min(cut[3], Math.max(...ys)),
      ];
      if (seen[2] - seen[0] < 1 || seen[3] - seen[1] < 1) return draw();
      if (t.b === 0 && t.c === 0)
        box = [
          [seen[0], seen[1]],
          [seen[2], seen[1]],
          [seen[2], seen[3]],
          [seen[0], seen[3]],
        ];
    }
    const list = frames.get(this.canvas) ?? [];
    frames.set(this.canvas, list);
    if (this.globalAlpha > 0 && String(text).trim() !== '') list.push({ text: String(text), box });
    return draw();
  };
};

/** Whether two convex quadrilaterals overlap by more than `slack` px (separating axis test). */
function overlaps(a: Point[], b: Point[], slack = 0.5): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i];
      const [x2, y2] = poly[(i + 1) % poly.length];
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const axis: Point = [-(y2 - y1) / len, (x2 - x1) / len];
      const project = (p: Point[]) => p.map(([x, y]) => x * axis[0] + y * axis[1]);
      const pa = project(a);
      const pb = project(b);
      if (Math.max(...pa) - slack <= Math.min(...pb) || Math.max(...pb) - slack <= Math.min(...pa))
        return false;
    }
  }
  return true;
}

/** The pairs of texts drawn on top of each other. */
function collisions(texts: DrawnText[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++)
      if (overlaps(texts[i].box, texts[j].box)) out.push(`"${texts[i].text}" × "${texts[j].text}"`);
  return out;
}

const canvasOf = (card: Locator) => card.getByTestId('echart').locator('canvas').first();

/** The texts of the chart's last frame, once the chart has settled. */
async function drawnTexts(card: Locator): Promise<DrawnText[]> {
  const canvas = canvasOf(card);
  await expect(canvas).toBeVisible();
  let texts: DrawnText[] = [];
  let last = '';
  // Settled: two reads a moment apart see the same frame.
  await expect
    .poll(
      async () => {
        texts = await canvas.evaluate((c) =>
          (window as unknown as { drawnTexts: (c: HTMLCanvasElement) => DrawnText[] }).drawnTexts(
            c as HTMLCanvasElement,
          ),
        );
        const now = JSON.stringify(texts);
        const same = now === last && texts.length > 0;
        last = now;
        return same;
      },
      { intervals: [400, 400, 600, 800], timeout: 15_000 },
    )
    .toBe(true);
  return texts;
}

/** Asks in the box; the answered card, pinned to its item. */
async function ask(page: Page, phrase: string): Promise<Locator> {
  const { card } = await askInBox(page, phrase);
  await card.scrollIntoViewIfNeeded();
  return card;
}

/**
 * The canvas fills the chart's box once the box has the width `wanted` asks for (the layout of a
 * resized window settles first): its CSS width is the box's, within a pixel.
 */
async function expectFillsBox(
  card: Locator,
  wanted: (width: number) => boolean = () => true,
): Promise<number> {
  const canvas = canvasOf(card);
  let width = 0;
  await expect
    .poll(async () => {
      // A canvas replaced by a redraw meanwhile is detached (no box): poll again.
      const [box, drawn] = await canvas.evaluate((c) => {
        const host = c.closest('.chart-box');
        return host ? [host.getBoundingClientRect().width, c.getBoundingClientRect().width] : [0, -10];
      });
      width = box;
      return wanted(box) && Math.abs(box - drawn) <= 1;
    })
    .toBe(true);
  return width;
}

/** Category names drawn (not numbers on the value axis, not the legend's measure). */
const names = (texts: DrawnText[], legend: string[] = ['Revenue']) =>
  texts.filter((t) => !/^[-$€£\d]/.test(t.text) && !legend.includes(t.text));

test.beforeEach(async ({ page }) => {
  await page.addInitScript(RECORD_TEXT);
});

test('long names never overlap, at 1280 and 390 px, and the chart follows its box', async ({ page }) => {
  test.setTimeout(180_000);
  // The demo user's conversation, long with the cards of earlier specs: the card asked last stays
  // in view and follows its box through every resize.
  await openConversation(page);

  const card = await ask(page, 'top 20 products by revenue as a line chart');
  await expect(card).toHaveAttribute('data-view', 'line');
  const wide = await drawnTexts(card);
  expect(collisions(wide)).toEqual([]);
  // At 1280 px every one of the 20 names is drawn (tilted), none over another.
  expect(names(wide).length).toBeGreaterThanOrEqual(20);
  const wideBox = await expectFillsBox(card);
  await card.screenshot({ path: `${SHOTS}/line-1280.png` });

  // Split view: the text beside the chart takes room; the chart redraws into what is left.
  await card.getByTestId('card-text-toggle').click();
  await expect(card.locator('.card-text-side')).toBeVisible();
  await expectFillsBox(card, (w) => w < wideBox - 100);
  expect(collisions(await drawnTexts(card))).toEqual([]);
  await card.getByTestId('card-text-toggle').click();

  // The horizontal bars: 15 rows shown, the note says how many more there are.
  await card.getByTestId('view-tab-bar').click();
  await expect(card).toHaveAttribute('data-view', 'bar');
  await expect(card.getByTestId('chart-note')).toHaveText('5 more — scroll');
  const bars = await drawnTexts(card);
  expect(collisions(bars)).toEqual([]);
  expect(names(bars).length).toBe(15);
  await card.screenshot({ path: `${SHOTS}/bar-1280.png` });

  // Hovering a name shows it in full in the tooltip.
  const first = names(bars)[0];
  const ratio = await canvasOf(card).evaluate(
    (c) => (c as HTMLCanvasElement).width / c.getBoundingClientRect().width,
  );
  const at = await canvasOf(card).boundingBox();
  const cx = first.box.reduce((s, p) => s + p[0], 0) / 4 / ratio;
  const cy = first.box.reduce((s, p) => s + p[1], 0) / 4 / ratio;
  await page.mouse.move(at!.x + cx, at!.y + cy);
  const tooltip = card
    .getByTestId('echart')
    .locator('div')
    .filter({ hasText: first.text.replace('…', '') })
    .last();
  await expect(tooltip).toBeVisible();

  // The phone: the window narrows, the chart follows, its labels are laid out again.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeInViewport();
  const narrowBox = await expectFillsBox(card, (w) => w < 390);
  const phoneBars = await drawnTexts(card);
  expect(collisions(phoneBars)).toEqual([]);
  await card.screenshot({ path: `${SHOTS}/bar-390.png` });

  await card.getByTestId('view-tab-line').click();
  await expect(card).toHaveAttribute('data-view', 'line');
  await expectFillsBox(card);
  const phoneLine = await drawnTexts(card);
  expect(collisions(phoneLine)).toEqual([]);
  // Thinned, not squeezed: some names are left out at this width, the rest drawn apart.
  expect(names(phoneLine).length).toBeGreaterThanOrEqual(4);
  expect(names(phoneLine).length).toBeLessThan(20);
  await card.screenshot({ path: `${SHOTS}/line-390.png` });

  // Back to the desktop: the chart grows with the window again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectFillsBox(card, (w) => w > narrowBox + 300);
  expect(collisions(await drawnTexts(card))).toEqual([]);
});

test('the detail view shows long names in full', async ({ page }) => {
  test.setTimeout(120_000);
  await openConversation(page);
  const card = await ask(page, 'top 20 products by revenue');
  await expect(card).toHaveAttribute('data-view', 'bar');
  await card.getByTestId('card-expand').click();
  const detail = page.getByTestId('card-detail').getByTestId('analysis-card');
  const texts = await drawnTexts(detail);
  expect(collisions(texts)).toEqual([]);
  const shown = names(texts);
  expect(shown.length).toBe(15);
  // Every name whole: no "…" anywhere.
  expect(shown.filter((t) => t.text.includes('…'))).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/detail-1280.png` });
});

test('the detail view shows a name of about 60 characters in full', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const longName = 'Enterprise Cloud Infrastructure Platform Annual Subscription X1';
  expect(longName.length).toBeGreaterThanOrEqual(60);
  const products = [longName, ...Array.from({ length: 11 }, (_, i) => `Starter plan ${i + 1}`)];
  const csv = ['product,revenue', ...products.map((p, i) => `${p},${(12 - i) * 1000}`)].join('\n');
  const path = testInfo.outputPath('Plans.csv');
  writeFileSync(path, `${csv}\n`);
  await signUpByMail(page, `longnames-${Date.now().toString(36)}@example.com`, 'Lena Long');
  await page.goto('/user/datasources');
  await page.getByTestId('ds-add').click();
  await expect(dialog(page, 'ds-add-modal')).toBeVisible();
  await page.getByTestId('ds-type-FILE').click();
  await page.getByTestId('ds-file-input').setInputFiles(path);
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/datasource/upload'));
  await page.getByTestId('ds-upload-submit').click();
  const answer = await uploaded;
  expect(answer.status()).toBe(200);
  const { datasource_id } = (await answer.json()) as { datasource_id: string };

  await page.goto('/conversation');
  await page.getByTestId('source-select').selectOption(datasource_id);
  const card = await ask(page, 'revenue by product');
  await expect(card).toHaveAttribute('data-view', 'bar');
  await card.getByTestId('card-expand').click();
  const detail = page.getByTestId('card-detail').getByTestId('analysis-card');
  const texts = await drawnTexts(detail);
  expect(collisions(texts)).toEqual([]);
  // The long name is drawn whole (on one line or more), never cut with "…".
  const shown = names(texts, ['Revenue', 'revenue']);
  expect(shown.filter((t) => t.text.includes('…'))).toEqual([]);
  const drawnWords = shown.map((t) => t.text).join(' ');
  expect(drawnWords).toContain(longName);
  await page.screenshot({ path: `${SHOTS}/detail-long-name.png` });
});

test('a stacked chart has its legend, on a wide and a narrow screen', async ({ page }) => {
  test.setTimeout(120_000);
  await openConversation(page);
  const card = await ask(page, 'revenue by channel and week last quarter');
  await expect(card).toHaveAttribute('data-view', 'bar-stacked');
  const channels = ['Organic Search', 'Paid Search', 'Email', 'Social', 'Direct', 'Referral'];
  const legendOf = async (shot: string) => {
    const texts = await drawnTexts(card);
    await card.screenshot({ path: `${SHOTS}/${shot}` });
    expect(collisions(texts)).toEqual([]);
    return texts.map((t) => t.text);
  };
  const wide = await legendOf('stacked-1280.png');
  for (const channel of channels) expect(wide).toContain(channel);
  await page.setViewportSize({ width: 390, height: 844 });
  // The answer being read keeps its place in the log as the window narrows.
  await expect(card).toBeInViewport();
  await expectFillsBox(card, (w) => w < 390);
  // A narrow legend scrolls: its first entries are drawn.
  const narrow = await legendOf('stacked-390.png');
  expect(narrow.filter((t) => channels.includes(t)).length).toBeGreaterThanOrEqual(2);
});

test('an average is never offered as a pie or a donut; a sum is', async ({ page }) => {
  test.setTimeout(120_000);
  await openConversation(page);
  const average = await ask(page, 'average order value by region');
  await expect(average).toHaveAttribute('data-view', 'bar');
  await expect(average.getByTestId('view-tab-table')).toBeVisible();
  await expect(average.getByTestId('view-tab-pie')).toHaveCount(0);
  await expect(average.getByTestId('view-tab-donut')).toHaveCount(0);
  await drawnTexts(average);
  await average.screenshot({ path: `${SHOTS}/average-1280.png` });
  // Even asked for one.
  const asked = await ask(page, 'average order value by region as a pie');
  await expect(asked).toHaveAttribute('data-view', 'bar');
  await expect(asked.getByTestId('view-tab-pie')).toHaveCount(0);
  const sum = await ask(page, 'revenue by region');
  await expect(sum.getByTestId('view-tab-pie')).toBeVisible();
  await expect(sum.getByTestId('view-tab-donut')).toBeVisible();
});
