import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { askInBox, emlFiles, expect, mailDir, openConversation, test } from './fixtures';
import { shootCard } from './settled';

// Numbers that agree: one card says the same change in its table, totals row, text, insights and
// mail; the % view shows a share in every amount column; rates read as percentages.

const SHOTS = '/tmp/parley/shots/numbers';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

/** Intl puts no-break spaces in numbers and ranges; compare plain text. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2009\u202f\u00a0]/g, ' ').trim();

/** A change as the card writes it: "+12%", "−12%", "0%" or "+∞" (the arrow's words dropped). */
const CHANGE = /([+−]?(?:\d[\d,]*|∞)%?)$/;

/** Asks in the box; the answered card, pinned to its item. */
async function ask(page: Page, phrase: string): Promise<Locator> {
  const { card } = await askInBox(page, phrase);
  return card;
}

async function view(card: Locator, name: string): Promise<Locator> {
  await card.getByTestId(`view-tab-${name}`).click();
  await expect(card).toHaveAttribute('data-view', name);
  return card.getByTestId(`card-slide-${name}`);
}

/** Shows the explanatory text below the view (a view of its own only on narrow screens). */
async function showText(card: Locator): Promise<Locator> {
  await card.getByTestId('card-text-toggle').click();
  await expect(card.locator('.card-text')).toBeVisible();
  return card.locator('.card-text');
}

/** Screenshots the card once its view is drawn and still. */
const shoot = (card: Locator, name: string) => shootCard(card, join(SHOTS, `${name}.png`));

/** The table's rows as region → its change cell ("−12%"). */
async function changesByRow(table: Locator): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const row of await table.locator('tbody tr').all()) {
    const name = plain(await row.locator('td').first().textContent());
    const change = plain(await row.getByTestId('table-change').textContent());
    out.set(name, CHANGE.exec(change)?.[1] ?? change);
  }
  return out;
}

test('a comparison card says the same change in its table, totals, text, insights and mail', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openConversation(page);
  const card = await ask(page, 'revenue by region vs previous period last month');

  const table = (await view(card, 'table')).getByTestId('data-table');
  const changes = await changesByRow(table);
  expect(changes.size).toBeGreaterThan(1);
  for (const c of changes.values()) expect(c).toMatch(/^([+−]\d{1,3}(,\d{3})*%|0%|\+∞)$/);
  // The totals row has its change: the totals' own, like the "Total Revenue" insight.
  const totalChange = plain(await table.locator('tfoot').getByTestId('table-change').textContent());
  const total = CHANGE.exec(totalChange)?.[1] ?? '';
  expect(total).toMatch(/^([+−]\d+%|0%)$/);
  await shoot(card, 'comparison-table');

  // The text: "<b>EMEA</b> led Revenue with …, down <b>12%</b> on …" — that row's change.
  const text = plain(await (await showText(card)).textContent());
  const led = /^(.+?) led Revenue with .*?, (up|down) (\d[\d,]*%) on /.exec(text);
  expect(led, text).not.toBeNull();
  const [, leader, dir, size] = led!;
  expect(changes.get(leader)).toBe(`${dir === 'up' ? '+' : '−'}${size}`);
  expect(text).toMatch(/of total Revenue/);
  await shoot(card, 'comparison-text');

  // The insights: the total's change, and each biggest mover's change as its row says it.
  const insights = plain(await (await view(card, 'insights')).textContent());
  expect(insights).toContain(`Total Revenue: `);
  expect(insights).toMatch(new RegExp(`Total Revenue: \\S+ \\(${total.replace('+', '\\+')} vs `));
  const movers = [...insights.matchAll(/Biggest (?:increase|decrease): (.+?), ([+−](?:[\d,]+%|∞))/g)];
  expect(movers.length).toBeGreaterThan(0);
  for (const [, name, change] of movers) expect(changes.get(name), name).toBe(change);
  expect(insights).not.toMatch(/\d\.\d%\s\(/);
  await shoot(card, 'comparison-insights');

  // The mail: its table and its text write the leader's change the same way.
  const before = new Set(emlFiles());
  await card.getByTestId('card-export').click();
  const mailed = page.waitForResponse((r) => r.url().endsWith('/api/v1/email_card'));
  await page.getByTestId('export-email').click();
  expect((await mailed).status()).toBe(200);
  await page.keyboard.press('Escape');
  let html = '';
  await expect
    .poll(
      async () => {
        for (const f of emlFiles().filter((x) => !before.has(x))) {
          const mail = await simpleParser(readFileSync(join(mailDir(), f)));
          if (typeof mail.html === 'string' && mail.html.includes('of total Revenue')) html = mail.html;
        }
        return html !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(html).toContain(`>${changes.get(leader)}<`);
  expect(html).toContain(`${dir} <b>${size}</b>`);
});

test('the % view shows a share in every amount column, naming its total', async ({ page }) => {
  test.setTimeout(120_000);
  await openConversation(page);
  const card = await ask(page, 'revenue by region vs previous period last month');
  const table = (await view(card, 'table')).getByTestId('data-table');
  await table.getByTestId('table-percent-toggle').click();
  await expect(table.getByTestId('table-percent-toggle')).toHaveAttribute('aria-pressed', 'true');

  const headers = (await table.locator('thead th').allTextContents()).map((h) =>
    plain(h).replace(/[↕↑↓]$/, ''),
  );
  expect(headers).toEqual([
    'Region',
    '% of total Revenue',
    '% of total Previous Revenue',
    'Revenue Change %',
  ]);
  for (const row of await table.locator('tbody tr').all()) {
    const cells = (await row.locator('td').allTextContents()).map(plain);
    // Both amount columns are shares; never a share beside an amount in one row.
    expect(cells[1]).toMatch(/^\d+(\.\d)?%$/);
    expect(cells[2]).toMatch(/^\d+(\.\d)?%$/);
  }
  const totals = (await table.locator('tfoot td').allTextContents()).map(plain);
  expect(totals.slice(1, 3)).toEqual(['100%', '100%']);
  expect(totals[3]).toMatch(/[+−]\d+%|0%/);
  await shoot(card, 'comparison-table-percent');
});

test('a rate is a percentage in the table, the text and the KPI', async ({ page }) => {
  test.setTimeout(120_000);
  await openConversation(page);

  const byChannel = await ask(page, 'conversion rate by channel');
  const table = (await view(byChannel, 'table')).getByTestId('data-table');
  const rates = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map(plain);
  expect(rates.length).toBeGreaterThan(1);
  for (const r of rates) expect(r).toMatch(/^\d+(\.\d)?%$/);
  // A rate has no share and no total: no % toggle.
  await expect(table.getByTestId('table-percent-toggle')).toHaveCount(0);
  await shoot(byChannel, 'rate-table');
  const text = plain(await (await showText(byChannel)).textContent());
  expect(text).toMatch(/Conversion Rate with \d+(\.\d)?%/);

  const one = await ask(page, 'conversion rate last month vs previous period');
  await expect(one.getByTestId('kpi-value')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(one.getByTestId('kpi-compare')).toContainText(/\d+(\.\d)?%/);
  await shoot(one, 'rate-kpi');
});
