/// <reference lib="dom" />
import type { Locator, Page } from '@playwright/test';
import {
  addMonths,
  lastMonth,
  literal,
  monthStart,
  monthStarts,
  monthsAfter,
  monthText,
  nextQuarter,
  plain,
  rangeText,
  thisYear,
  today,
} from './dates';
import { askInBox, expect, openConversation, signIn, test } from './fixtures';
import { shootCard } from './settled';

// Turkish questions in the Turkish UI get Turkish cards (title, column labels, text,
// insights, numbers in the tr locale); in the English UI a "why" question gets the drivers table
// and chart, a forecast its future buckets with ordered bounds and a shaded band. Demo data ends
// today; the periods ("last month", "this year", "next quarter") are worked out from today.

test.describe.configure({ mode: 'serial' });

interface TRow {
  [key: string]: string | number | null;
}
interface TCardJson {
  title: string;
  text: string;
  table: TRow[];
  columns: { key: string; label: string }[];
  insights: string[];
}

/** A card's HTML text or insight as the words it shows. */
const words = (html: string) => plain(html.replace(/<[^>]+>/g, ''));

/** Asks in the box; the answered card and the card as the server sent it. */
async function ask(page: Page, phrase: string): Promise<{ card: Locator; json: TCardJson }> {
  const { card, body } = await askInBox<{ responses: { card?: TCardJson; text?: string }[] }>(page, phrase);
  const json = body.responses[0]?.card;
  expect(json, `a card for “${phrase}”, got ${JSON.stringify(body.responses[0]?.text ?? null)}`).toBeTruthy();
  return { card, json: json as TCardJson };
}

/** Screenshots the card into the test's output once its view is drawn and still. */
const shoot = (card: Locator, name: string) => shootCard(card, test.info().outputPath(`${name}.png`));

/** The card's explanation, opened below or beside the chart. */
async function cardText(card: Locator): Promise<string> {
  const text = card.locator('.card-text');
  if ((await text.count()) === 0) await card.getByTestId('card-text-toggle').click();
  await expect(text.first()).toBeVisible();
  return plain(await text.first().textContent());
}

async function setLanguage(page: Page, option: string, heading: string): Promise<void> {
  await page.goto('/user/settings');
  const input = page.getByTestId('profile-language');
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
  await page.getByTestId('profile-save').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

test('Turkish questions in the Turkish UI get Turkish cards', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await setLanguage(page, 'Türkçe', 'Profil');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  let failure: unknown = null;
  try {
    await page.goto('/conversation');

    // 1. A breakdown, with Turkish letters and suffixes.
    const byCountry = await ask(page, 'geçen ay ülkelere göre gelir');
    expect(byCountry.json.title).toBe('Ülke bazında Gelir, geçen ay');
    await expect(byCountry.card.locator('.card-title')).toHaveText('Ülke bazında Gelir, geçen ay');
    expect(byCountry.json.columns.map((c) => c.label).slice(0, 2)).toEqual(['Ülke', 'Gelir']);
    // Row keys stay the model's labels; the values are the demo's countries and real sums.
    expect(byCountry.json.table.length).toBeGreaterThan(10);
    expect(byCountry.json.table.every((r) => typeof r.Revenue === 'number' && r.Revenue > 0)).toBe(true);
    const text1 = words(byCountry.json.text);
    expect(text1).toMatch(
      /^En yüksek Gelir: .+, \$\d+(,\d)? (B|Mn) \(geçen ay\), toplam Gelir içindeki payı %\d+(,\d)?\./,
    );
    expect(text1).toContain(`Anlaşılan: Ülke bazında Gelir, geçen ay · ${rangeText(lastMonth(), 'tr')}.`);
    expect(words(byCountry.json.insights.join(' '))).toMatch(/Toplam Gelir: .*\$\d+(,\d)? (B|Mn)/);
    expect(words(byCountry.json.insights.join(' '))).toContain('En yüksek Gelir');
    await shoot(byCountry.card, 'tr-1-country-bar');
    await byCountry.card.getByTestId('view-tab-table').click();
    const headers = byCountry.card.getByTestId('data-table').locator('thead th');
    await expect(headers.first()).toContainText('Ülke');
    await expect(headers.nth(1)).toContainText('Gelir');
    await shoot(byCountry.card, 'tr-1-country-table');

    // 2. Without Turkish letters (typed on an English keyboard): still Turkish.
    const byChannel = await ask(page, 'gecen ay kanallara gore siparis');
    expect(byChannel.json.title).toBe('Kanal bazında Sipariş, geçen ay');
    expect(byChannel.json.columns.map((c) => c.label).slice(0, 2)).toEqual(['Kanal', 'Sipariş']);
    expect(byChannel.json.table.map((r) => r.Channel).sort()).toEqual([
      'Direct',
      'Email',
      'Organic Search',
      'Paid Search',
      'Referral',
      'Social',
    ]);
    const text2 = words(byChannel.json.text);
    expect(text2).toMatch(
      /^En yüksek Sipariş: .+, \d{1,3}(\.\d{3})* \(geçen ay\), toplam Sipariş içindeki payı %\d+(,\d)?\./,
    );
    await shoot(byChannel.card, 'tr-2-channel');

    // 3. A time series with a Turkish month grain.
    const monthly = await ask(page, 'bu yıl aylık sipariş');
    expect(monthly.json.title).toBe('Aylık Sipariş, bu yıl');
    expect(monthly.json.columns.map((c) => c.label)).toEqual(['Ay', 'Sipariş']);
    // This year's months to today's, which runs (today is the user's date, the clock's).
    const year = thisYear();
    const months = monthStarts(year.from, year.to);
    expect(monthly.json.table.map((r) => r.Month)).toEqual(months);
    const text3 = await cardText(monthly.card);
    const running = literal(monthText(monthStart(year.to), 'tr'));
    expect(text3).toMatch(
      new RegExp(`${running} \\(şu ana kadar\\) döneminde Sipariş: \\d{1,3}(\\.\\d{3})*`),
    );
    expect(text3).toContain(`Anlaşılan: Aylık Sipariş, bu yıl · ${rangeText(year, 'tr')}.`);
    // A peak and a low need three months: in January and February the year has none yet.
    if (months.length >= 3) {
      await monthly.card.getByTestId('card-insights-toggle').click();
      await expect(monthly.card.getByTestId('insights-panel')).toContainText(
        new RegExp(`Zirve: .+ ${year.from.slice(0, 4)}`),
      );
    } else expect(words(monthly.json.insights.join(' '))).not.toContain('Zirve');
    await shoot(monthly.card, 'tr-3-monthly');

    // 4. "Why" in Turkish: the drivers card speaks Turkish too.
    const why = await ask(page, 'neden geçen ay gelir düştü');
    expect(why.json.title).toBe('Gelir neden değişti: geçen ay ile önceki dönem');
    expect(why.json.columns.map((c) => c.label)).toEqual([
      'Boyut',
      'Değer',
      'Gelir',
      'Önceki Gelir',
      'Gelir Değişim %',
      'Gelir Katkı %',
    ]);
    expect(words(why.json.text)).toMatch(
      /^Gelir geçen ay önceki döneme göre \$[\d.,]+( (B|Mn))? \(%[\d,]+\) (arttı|azaldı): .+ bazında değişimin %[\d,]+ kadarını .+ açıklıyor/,
    );
    await shoot(why.card, 'tr-4-why');

    // 5. A forecast typed without Turkish letters.
    const forecast = await ask(page, 'onumuzdeki 3 ay siparis tahmini');
    // The three months after this one; when they are a calendar quarter, the title names it.
    const ahead = monthsAfter(3);
    const [y, m] = ahead[0].split('-').map(Number);
    const span = m % 3 === 1 ? `${y} ${(m + 2) / 3}. çeyrek` : 'önümüzdeki 3 ay';
    expect(forecast.json.title).toBe(`Sipariş tahmini, ${span}`);
    expect(forecast.json.columns.map((c) => c.label)).toEqual([
      'Ay',
      'Sipariş',
      'Sipariş Tahmini',
      'Sipariş Tahmini (alt)',
      'Sipariş Tahmini (üst)',
    ]);
    const future = forecast.json.table.filter((r) => r.Forecast_Orders !== null);
    expect(future.map((r) => r.Month)).toEqual(ahead);
    for (const r of future) {
      expect(Number(r.Forecast_Orders__low)).toBeLessThanOrEqual(Number(r.Forecast_Orders));
      expect(Number(r.Forecast_Orders)).toBeLessThanOrEqual(Number(r.Forecast_Orders__high));
    }
    expect(words(forecast.json.text)).toContain('Yöntem: Holt-Winters toplamsal, mevsim uzunluğu 12');
    await shoot(forecast.card, 'tr-5-forecast');
  } catch (error) {
    failure = error;
  }
  // Later specs sign in as the demo user too: give the profile its English back (without hiding
  // the first failure behind a second one).
  await setLanguage(page, 'English (US)', 'Profile').catch((error) => {
    failure ??= error;
  });
  if (failure) throw failure;
});

test('in English: a "why" question gets its drivers, a forecast its buckets and band', async ({ page }) => {
  test.setTimeout(240_000);
  await openConversation(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  const why = await ask(page, 'why did revenue drop last month');
  expect(why.json.title).toBe('Why Revenue changed, last month vs the previous period');
  expect(why.json.columns.map((c) => c.key)).toEqual([
    'Dimension',
    'Value',
    'Revenue',
    'Previous_Revenue',
    'Revenue__change',
    'Revenue__contribution',
  ]);
  // Each dimension's contributions add up to the whole change (100 %).
  const byDimension = new Map<string, number>();
  for (const r of why.json.table)
    byDimension.set(
      String(r.Dimension),
      (byDimension.get(String(r.Dimension)) ?? 0) + Number(r.Revenue__contribution),
    );
  expect(byDimension.size).toBeGreaterThanOrEqual(3);
  for (const [dimension, sum] of byDimension) expect(sum, dimension).toBeCloseTo(100, 0);
  expect(words(why.json.text)).toMatch(
    /^Revenue (rose|fell) by \$[\d.,]+[KM]? \([\d.]+%\) last month against the previous period, from \$[\d.,]+[KM]? to \$[\d.,]+[KM]?\. By \w+, .+ explains? [\d.]+% of the change/,
  );
  await expect(why.card).toHaveAttribute('data-view', 'bar');
  await shoot(why.card, 'en-why-bar');
  await why.card.getByTestId('view-tab-table').click();
  const headers = why.card.getByTestId('data-table').locator('thead th');
  await expect(headers).toContainText(['Dimension', 'Value', 'Revenue', 'Previous Revenue']);
  await expect(why.card.getByTestId('data-table').locator('thead')).toContainText('Revenue Contribution %');
  await shoot(why.card, 'en-why-table');

  const forecast = await ask(page, 'forecast revenue next quarter');
  const next = nextQuarter();
  expect(forecast.json.title).toBe(`Revenue forecast, ${next.name}`);
  const future = forecast.json.table.filter((r) => r.Forecast_Revenue !== null);
  expect(future.map((r) => r.Month)).toEqual(next.months);
  for (const r of future) {
    expect(Number(r.Forecast_Revenue__low)).toBeLessThanOrEqual(Number(r.Forecast_Revenue));
    expect(Number(r.Forecast_Revenue)).toBeLessThanOrEqual(Number(r.Forecast_Revenue__high));
  }
  const history = forecast.json.table.filter((r) => r.Revenue !== null);
  // The 35 whole months before today's: the data begins three years before today, the day after,
  // so its first month is either partial and left out or whole and a month later; today's runs.
  expect(history.length).toBe(35);
  expect(history.at(-1)?.Month).toBe(addMonths(monthStart(today()), -1));
  expect(forecast.json.text).toContain('Method: Holt-Winters additive, season 12');
  await expect(forecast.card).toHaveAttribute('data-view', 'line');
  await shoot(forecast.card, 'en-forecast-line');
  // The band is drawn: the canvas (transparent where nothing is drawn) holds the band's shade,
  // the accent lightened (≈ 185, 181, 245) at under half opacity, which no line uses.
  const canvas = forecast.card.locator('canvas').first();
  const shaded = await canvas.evaluate((c) => {
    const el = c as HTMLCanvasElement;
    const data = el.getContext('2d')?.getImageData(0, 0, el.width, el.height).data;
    if (!data) return 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (Math.abs(r - 185) < 14 && Math.abs(g - 181) < 14 && Math.abs(b - 245) < 14 && a > 70 && a < 170)
        n++;
    }
    return n;
  });
  expect(shaded).toBeGreaterThan(500);
  await forecast.card.getByTestId('view-tab-table').click();
  const table = forecast.card.getByTestId('data-table');
  await expect(table.locator('thead')).toContainText('Forecast Revenue (low)');
  await expect(table.locator('thead')).toContainText('Forecast Revenue (high)');
  await shoot(forecast.card, 'en-forecast-table');
});
