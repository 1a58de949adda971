import type { TCard, TSemanticQuery } from '@parley/contract';
import { buildCard, compileQuery, getDemoModel } from '@parley/engine';
import { cardChange, cardInsights, cardTable, totalsChange } from '@parley/presenter';
import { describe, expect, it } from 'vitest';
import { CARD_CHART_CID, cardMail, readerMoment } from './card-mail';

const card: TCard = {
  title: 'Revenue by Region',
  text: '<p>EMEA led with <b>$1.7M</b>.</p>',
  date: '2026-11-20T12:00:00.000Z',
  table: [{ Region: 'EMEA <b>', Revenue: 1736936.42 }],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [],
  insights: ['Total Revenue: <b>$1.7M</b>'],
  period: {
    from: '2026-10-01',
    to: '2026-10-31',
    label: 'last month',
    partial: false,
    comparison: { from: '2026-09-01', to: '2026-09-30' },
  },
  source: { id: 'src-1', name: 'Shop database' },
};

const US = { language: 'en-US', timeZone: 'America/New_York' };
const TR = { language: 'tr', timeZone: 'Europe/Istanbul' };

/** Intl writes ranges and times with thin and no-break spaces: compare plain ones. */
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

/** The mail's body as a reader sees it: no head, tags and entities as text. */
const visible = (html: string) =>
  plain(html)
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

// Table and insight rendering itself is tested in @parley/presenter (card-html, card-text).
describe('e-mailed card', () => {
  it('has the brand in the subject and references the inline chart only when attached', () => {
    const mail = cardMail('Parley', card, true, US);
    expect(mail.subject).toBe('Parley: Revenue by Region');
    expect(mail.html).toContain(`cid:${CARD_CHART_CID}`);
    expect(mail.html).toContain('EMEA &lt;b&gt;');
    expect(mail.text).toContain('EMEA <b>\t$1,736,936');
    expect(cardMail('Parley', card, false, US).html).not.toContain('cid:');
  });

  it('shows the title once in the body, in both parts', () => {
    const mail = cardMail('Parley', card, true, US);
    expect(visible(mail.html).split('Revenue by Region')).toHaveLength(2);
    expect(mail.text.split('Revenue by Region')).toHaveLength(2);
  });

  it('dates the data in the reader’s format and time zone, never as a UTC ISO string', () => {
    const us = cardMail('Parley', card, false, US);
    for (const part of [visible(us.html), plain(us.text)]) {
      expect(part).not.toContain('2026-11-20T12:00');
      // 12:00 UTC is 7 in the morning in New York.
      expect(part).toMatch(/Source: Shop database · Data read Nov 20, 2026, 07:00 AM EST/);
      expect(part).toMatch(/Oct 1 – 31, 2026 · vs Sep 1 – 30, 2026/);
    }
    const tr = cardMail('Parley', card, false, TR);
    for (const part of [visible(tr.html), plain(tr.text)]) {
      expect(part).toContain('Kaynak: Shop database · Veri okuma zamanı: 20 Kas 2026 15:00 GMT+3');
      expect(part).toMatch(/1 ?[–-] ?31 Eki 2026 · 1 ?[–-] ?30 Eyl 2026 ile karşılaştırma/);
    }
  });

  it('writes the insights heading and the chart’s alt text in the reader’s language', () => {
    const tr = cardMail('Parley', card, true, TR).html;
    expect(tr).toContain('alt="Revenue by Region grafiği"');
    expect(tr).toContain('>İçgörüler</h2>');
    expect(tr).not.toMatch(/alt="Chart"|>Insights</);
    const us = cardMail('Parley', card, true, US).html;
    expect(us).toContain('alt="Chart of Revenue by Region"');
    expect(us).toContain('>Insights</h2>');
  });

  it('says when a copied source was read, and falls back to UTC for an unknown zone', () => {
    const synced = { ...card, synced: '2026-11-19T23:30:00.000Z', source: undefined };
    const mail = cardMail('Parley', synced, false, { language: 'en-GB', timeZone: 'Mars/Olympus' });
    expect(plain(mail.text)).toContain('Data as of 19 Nov 2026, 23:30 UTC — Parley');
    expect(readerMoment('not a date', US)).toBe('not a date');
  });
});

describe('one card’s change, everywhere it is written', () => {
  const model = getDemoModel();
  const query: TSemanticQuery = {
    measures: ['revenue'],
    dimensions: ['region'],
    timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
    compare: 'previous_period',
    filters: [],
  };
  const built = buildCard({
    query,
    model,
    compiled: compileQuery(query, model, { dialect: 'duckdb', today: '2026-11-20', weekStart: 'monday' }),
    readAt: '2026-11-20T10:00:00.000Z',
    // EMEA −12.89 % (a plain round would say −13 %), APAC +25 %, the total +2.67 %.
    rows: [
      { Region: 'EMEA', Revenue: 150, Previous_Revenue: 172.2 },
      { Region: 'APAC', Revenue: 100, Previous_Revenue: 80 },
      { Region: 'Americas', Revenue: 50, Previous_Revenue: 40 },
    ],
  });
  const insights = cardInsights(built).join('\n');
  const mail = cardMail('Parley', built, false, US);
  const emea = built.table.find((r) => r.Region === 'EMEA')!;

  it('writes a row’s change alike in the table, the text, the insights and the mail', () => {
    // The table's cell (the web table and the mail's table both write cardChange).
    const cell = cardChange(emea.Revenue__change as number, 'en-US');
    expect(cell.signed).toBe('−12%');
    const row = cardTable(built).rows.find((r) => r[0] === 'EMEA')!;
    expect(row).toContain(cell.signed);
    expect(built.text).toContain(`down <b>${cell.text}</b>`);
    expect(insights).toContain(`Biggest decrease: <b>EMEA</b>, ${cell.signed}`);
    expect(mail.html).toContain(`>${cell.signed}<`);
    expect(mail.html).toContain(`down <b>${cell.text}</b>`);
    expect(mail.text).toContain(`\t${cell.signed}\t`);
    // Never another rounding of the same change beside it.
    for (const other of ['12.9', '12.8', '13%'])
      expect(`${built.text}${insights}${mail.html}`).not.toContain(other);
  });

  it('writes the totals row’s change as the total insight does, and names the total of a share', () => {
    const total = totalsChange(built.table, 'Revenue', 'en-US');
    expect(total.signed).toBe('+2%');
    expect(insights).toContain(`Total Revenue: <b>$300</b> (${total.signed} vs`);
    expect(built.text).toContain('of total Revenue');
    expect(mail.html).toContain('>% of total Revenue<');
  });
});
