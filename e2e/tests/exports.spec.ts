/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvHeader } from '@parley/contract';
import { formatDateRange } from '@parley/presenter';
import type { Download, Locator, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { askInBox, emlFiles, expect, mailDir, signIn, test } from './fixtures';

// Exports keep everything: the PDF is a document made from the card's data (the whole chart with
// its last category and last month, the table, no buttons), CSV and PNG are named after the card
// and its period, the e-mailed card names its title once and dates as the user reads them.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/parley/shots/export';
const OUT = join(import.meta.dirname, '..', 'test-results', 'exports');
mkdirSync(SHOTS, { recursive: true });
mkdirSync(OUT, { recursive: true });

test.describe.configure({ mode: 'serial' });

interface AskedCard {
  title: string;
  table: Record<string, string | number | null>[];
  chart: { x: string; y: string[] }[];
  period?: { from: string; to: string; comparison?: { from: string; to: string } };
}

/** Asks in the box; the card on screen and the card as the server answered it. */
async function ask(page: Page, phrase: string): Promise<{ card: Locator; data: AskedCard; id: string }> {
  const { card, body } = await askInBox<{ id: string; responses: { card?: AskedCard }[] }>(page, phrase);
  const data = body.responses.find((r) => r.card)?.card;
  expect(data, `a card for "${phrase}"`).toBeTruthy();
  return { card, data: data!, id: body.id };
}

/** Opens the card's export dialog and downloads one of its files. */
async function exportFile(page: Page, card: Locator, kind: 'pdf' | 'png' | 'csv'): Promise<Download> {
  await card.scrollIntoViewIfNeeded();
  await card.getByTestId('card-export').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByTestId(`export-${kind}`).click();
  return download;
}

/** A word of the PDF's text with its box (points, from the page's top left). */
interface PdfWord {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

/** The PDF's words with their boxes (pdftotext -bbox) and the pages' size. */
function pdfWords(file: string): { words: PdfWord[]; pageWidth: number; pageHeight: number } {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: PdfWord[] = [];
  let pageWidth = 0;
  let pageHeight = 0;
  html.split(/<page /).forEach((chunk, i) => {
    if (i === 0) return;
    pageWidth = Number(chunk.match(/width="([\d.]+)"/)?.[1] ?? 0);
    pageHeight = Number(chunk.match(/height="([\d.]+)"/)?.[1] ?? 0);
    for (const m of chunk.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g,
    ))
      words.push({
        page: i,
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: m[5].replaceAll('&amp;', '&'),
      });
  });
  return { words, pageWidth, pageHeight };
}

/** Spec 2 §2's margins in points: 0.5 in top and bottom, 2 in left and right. */
const MARGIN = { side: 144, end: 36 };

/** Words written in the page's margins (none should be). */
function inMargins(words: PdfWord[], pageWidth: number, pageHeight: number): PdfWord[] {
  // Half a point of slack: pdftotext rounds the glyph boxes.
  return words.filter(
    (w) =>
      w.xMin < MARGIN.side - 0.5 ||
      w.xMax > pageWidth - MARGIN.side + 0.5 ||
      w.yMin < MARGIN.end - 0.5 ||
      w.yMax > pageHeight - MARGIN.end + 0.5,
  );
}

/** Renders each page to a PNG (pdftoppm -r 60) to be looked at. */
function renderPdf(file: string, name: string): void {
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(SHOTS, name)]);
}

/** Month label as the card shows it in en-US ("Oct 2026"). */
const monthLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 10)}T00:00:00Z`),
  );

/** Whether word `a` comes before word `b` on the pages. */
const above = (a: PdfWord, b: PdfWord) => a.page < b.page || (a.page === b.page && a.yMin < b.yMin);

/**
 * The chart's words and the table's: the chart lies between the header (its last line says the
 * source) and the table's first header cell; the table and what follows it come after.
 */
function regions(words: PdfWord[], firstHeader: string): { chart: PdfWord[]; after: PdfWord[] } {
  const source = words.find((w) => w.text === 'Source:');
  expect(source, 'the source line under the title').toBeTruthy();
  // The table's header cell starts at the text's left edge (the title's "Country" does not).
  const left = Math.min(...words.map((w) => w.xMin));
  const heads = words.filter((w) => w.text === firstHeader && above(source!, w) && w.xMin - left < 8);
  expect(heads.length, `the table's header cell "${firstHeader}"`).toBeGreaterThan(0);
  const table = heads.reduce((first, w) => (above(w, first) ? w : first));
  return {
    chart: words.filter((w) => above(source!, w) && above(w, table)),
    after: words.filter((w) => !above(w, table)),
  };
}

/** Whether `next` continues `prev` in one label: just right of it on its line, or centred under it. */
function continues(prev: PdfWord, next: PdfWord): boolean {
  if (next.page !== prev.page) return false;
  const dy = next.yMin - prev.yMin;
  if (Math.abs(dy) < 3) return next.xMin > prev.xMax && next.xMin - prev.xMax < 12;
  const centre = (w: PdfWord) => (w.xMin + w.xMax) / 2;
  return dy > 0 && dy < 24 && Math.abs(centre(next) - centre(prev)) < 12;
}

/**
 * Where a label is drawn: its words one after another on a line ("South Africa") or stacked
 * ("Nov" over "2026"); the first word of each place found.
 */
function drawn(words: PdfWord[], label: string): PdfWord[] {
  const parts = label.split(' ');
  return words.filter((start) => {
    if (start.text !== parts[0]) return false;
    let prev = start;
    for (const part of parts.slice(1)) {
      const next = words.find((w) => w.text === part && continues(prev, w));
      if (!next) return false;
      prev = next;
    }
    return true;
  });
}

/** Checks a downloaded PDF: letter landscape, no buttons, the last category in the chart on the page. */
function checkPdf(file: string, data: AskedCard, lastLabel: string) {
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(
    /Page size:\s+792 x 612 pts \(letter\)/,
  );
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(data.title);
  expect(text).toMatch(/Source: .+ · Data read /);
  for (const control of ['Export', 'Share', 'Next view', 'Open detail view', 'Show insights', 'Copy table'])
    expect(text, `no "${control}" control in the PDF`).not.toContain(control);
  const { words, pageWidth, pageHeight } = pdfWords(file);
  expect(pageHeight).toBe(612);
  expect(inMargins(words, pageWidth, pageHeight), 'every word inside the margins').toEqual([]);
  const { chart, after } = regions(words, csvHeader(Object.keys(data.table[0])[0]));
  const last = drawn(chart, lastLabel);
  expect(last.length, `"${lastLabel}" drawn in the chart`).toBeGreaterThan(0);
  for (const w of last) {
    expect(w.xMin).toBeGreaterThanOrEqual(0);
    expect(w.xMax).toBeLessThanOrEqual(pageWidth);
  }
  // Every row is in the table: its last row's first cell comes after the chart.
  expect(drawn(after, lastLabel).length).toBeGreaterThan(0);
  return { text, chart };
}

test('the PDF of a many-category chart is a document with the whole chart and every row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');
  const { card, data } = await ask(page, 'revenue by country');
  await expect(card).toHaveAttribute('data-view', 'bar');
  await card.screenshot({ path: join(SHOTS, 'country-card.png') });
  const x = data.chart[0].x;
  const labels = data.table.map((r) => String(r[x]));
  expect(labels.length).toBeGreaterThan(15);
  const file = join(OUT, 'country.pdf');
  const download = await exportFile(page, card, 'pdf');
  expect(download.suggestedFilename()).toMatch(/^Revenue by country.*\.pdf$/i);
  await download.saveAs(file);
  const { chart } = checkPdf(file, data, labels.at(-1)!);
  // Every category is drawn, not the first fifteen a scroll slider shows.
  for (const label of labels) expect(drawn(chart, label).length, label).toBeGreaterThan(0);
  renderPdf(file, 'country-pdf');
});

test('the PDF of a monthly line over 18 months draws its last month', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');
  const { card, data } = await ask(page, 'revenue by month last 18 months');
  await expect(card).toHaveAttribute('data-view', 'line');
  const x = data.chart[0].x;
  const months = data.table.map((r) => String(r[x]));
  expect(months.length).toBeGreaterThanOrEqual(12);
  const file = join(OUT, 'months.pdf');
  const download = await exportFile(page, card, 'pdf');
  await download.saveAs(file);
  const { chart } = checkPdf(file, data, monthLabel(months.at(-1)!));
  for (const month of months) expect(drawn(chart, monthLabel(month)).length, month).toBeGreaterThan(0);
  renderPdf(file, 'months-pdf');
});

test('the PNG of a table view is the whole table, drawn without the card’s buttons', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');
  const { card, data } = await ask(page, 'top 20 products by revenue');
  expect(data.table.length).toBe(20);
  await card.getByTestId('view-tab-table').click();
  await expect(card.getByTestId('data-table')).toBeVisible();
  const body = await card.locator('.card-body').boundingBox();
  await card.screenshot({ path: join(SHOTS, 'table-card.png') });
  const download = await exportFile(page, card, 'png');
  const file = join(SHOTS, 'table-export.png');
  await download.saveAs(file);
  const png = readFileSync(file);
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  // Drawn at 2×: 21 rows of the table (header and 20) are far taller than the card's body on screen.
  const height = png.readUInt32BE(20) / 2;
  expect(height).toBeGreaterThan(body!.height + 300);
  expect(height).toBeGreaterThan(21 * 24);
  // Drawn from the card's data: no "123 / %" toggle or sort button is in it (looked at in the screenshot).
});

test('CSV and PNG are named after the card and its period; the CSV says its period', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');
  const { card, data } = await ask(page, 'revenue by region vs previous period last month');
  expect(data.period?.comparison).toBeTruthy();
  const csv = await exportFile(page, card, 'csv');
  // The title, a dash and the period's dates: "Revenue by Region, … — Oct 1 – 31, 2026.csv".
  const { from, to, comparison } = data.period!;
  const dates = formatDateRange(from, to, 'en-US').replace(/\s+/g, ' ');
  expect(csv.suggestedFilename()).toBe(`${data.title} — ${dates}.csv`);
  const csvPath = join(OUT, 'regions.csv');
  await csv.saveAs(csvPath);
  const rows = readFileSync(csvPath, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const header = rows[0].split(',');
  expect(header.slice(-2)).toEqual(['Period', 'Comparison period']);
  expect(rows.length).toBe(data.table.length + 1);
  for (const row of rows.slice(1))
    expect(row.endsWith(`,${from}/${to},${comparison!.from}/${comparison!.to}`), row).toBe(true);

  const png = await exportFile(page, card, 'png');
  expect(png.suggestedFilename()).toBe(csv.suggestedFilename().replace(/\.csv$/, '.png'));
  const pngPath = join(SHOTS, 'regions-export.png');
  await png.saveAs(pngPath);
  expect([...readFileSync(pngPath).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});

test('the e-mailed card names its title once and its dates as the user reads them', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/conversation');
  const { card, data } = await ask(page, 'revenue by region last month');
  const before = new Set(emlFiles());
  await card.getByTestId('card-export').click();
  const mailed = page.waitForResponse((r) => r.url().endsWith('/api/v1/email_card'));
  await page.getByTestId('export-email').click();
  expect((await mailed).status()).toBe(200);
  let html = '';
  let image: Buffer | undefined;
  await expect
    .poll(
      async () => {
        const file = emlFiles().find((f) => !before.has(f));
        if (!file) return '';
        const mail = await simpleParser(readFileSync(join(mailDir(), file)));
        html = typeof mail.html === 'string' ? mail.html : '';
        image = mail.attachments.find((a) => a.contentType === 'image/png')?.content;
        return html;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const body = html.replace(/<title>[\s\S]*?<\/title>/, '');
  // One heading names the card; the picture is the chart alone, drawn at the mail's width (2×).
  const escaped = data.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(body.match(new RegExp(`>\\s*${escaped}\\s*<`, 'g'))?.length, 'the title once').toBe(1);
  expect(image?.readUInt32BE(16), 'the chart picture is 640 px wide at 2×').toBe(1280);
  expect(body).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  const period = formatDateRange(data.period!.from, data.period!.to, 'en-US');
  expect(body.replace(/[\u2009\u202f\u00a0]/g, ' ')).toContain(period.replace(/[\u2009\u202f\u00a0]/g, ' '));
});
