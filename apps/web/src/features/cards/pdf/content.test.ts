import type { TCard } from '@parley/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardDocument, documentChart, htmlParagraphs, momentLabel } from './content';

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('../i18n');
});

const card: TCard = {
  title: 'Revenue by Region vs previous period',
  text: '<p>EMEA led with <b>$1.7M</b>.</p><p>Understood: revenue by region<br>last month.</p>',
  date: '2026-11-20T12:00:00.000Z',
  table: [
    { Region: 'EMEA', Revenue: 1736936.42, Previous_Revenue: 1500000 },
    { Region: 'APAC', Revenue: 912000, Previous_Revenue: 1000000 },
  ],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [
    { chart: { type: 'bar' }, x: 'Region', y: ['Revenue', 'Previous_Revenue'] },
    { chart: { type: 'pie' }, x: 'Region', y: ['Revenue'] },
  ],
  insights: ['Total Revenue: <b>$2.6M</b>.', { context: 'llm', text: '<p>APAC &amp; EMEA diverge.</p>' }],
  period: {
    from: '2026-10-01',
    to: '2026-10-31',
    label: 'last month',
    partial: false,
    comparison: { from: '2026-09-01', to: '2026-09-30' },
  },
  source: { id: 's1', name: 'Shop database' },
};

const plain = (s: string | null) => (s ?? '').replace(/[\u2009\u202f\u00a0]/g, ' ');
const words = (lng: string, timeZone?: string) => ({
  t: i18next.getFixedT(lng, 'cards'),
  locale: lng,
  timeZone,
});

describe('what a card’s PDF says', () => {
  it('has the title, the period with its comparison and the source with when its data was read', () => {
    const doc = cardDocument(card, words('en-US', 'Europe/Istanbul'));
    expect(doc.title).toBe(card.title);
    expect(plain(doc.period)).toBe('Oct 1 – 31, 2026 · vs Sep 1 – 30, 2026');
    expect(plain(doc.source)).toBe('Source: Shop database · Data read Nov 20, 2026, 03:00 PM GMT+3');
    expect(doc.page(1, 2)).toBe('Page 1 of 2');
  });

  it('says it in Turkish for a Turkish user', () => {
    const doc = cardDocument(card, words('tr', 'Europe/Istanbul'));
    expect(plain(doc.source)).toBe('Kaynak: Shop database · Veri okuma zamanı: 20 Kas 2026 15:00 GMT+3');
    expect(plain(doc.period)).toMatch(/Eki 2026 · .*Eyl 2026 ile karşılaştırma$/);
    expect(doc.insightsTitle).toBe('İçgörüler');
  });

  it('says when a copied source was read', () => {
    const doc = cardDocument(
      { ...card, source: undefined, synced: '2026-11-19T08:05:00Z' },
      words('en-GB', 'UTC'),
    );
    expect(plain(doc.source)).toBe('Data as of 19 Nov 2026, 08:05 UTC');
  });

  it('carries every table row, numbers flagged for right alignment, and the text and insights as plain text', () => {
    const many = {
      ...card,
      table: Array.from({ length: 450 }, (_, i) => ({ Region: `R${i}`, Revenue: i, Previous_Revenue: 0 })),
    };
    const doc = cardDocument(many, words('en-US'));
    expect(doc.table.rows).toHaveLength(450);
    expect(doc.table.headers).toEqual(['Region', 'Revenue', 'Previous Revenue']);
    expect(doc.table.numeric).toEqual([false, true, true]);
    const small = cardDocument(card, words('en-US'));
    expect(small.text).toEqual(['EMEA led with $1.7M.', 'Understood: revenue by region', 'last month.']);
    expect(small.insights).toEqual(['Total Revenue: $2.6M.', 'APAC & EMEA diverge.']);
  });

  it('draws the chart on screen, or the first chart when the table or text is on screen', () => {
    expect(documentChart(card, 'pie')?.view).toBe('pie');
    expect(documentChart(card, 'table')?.view).toBe('bar');
    expect(documentChart({ ...card, table: [] }, 'bar')).toBeNull();
  });

  it('reads HTML as paragraphs and leaves a bad date as it is', () => {
    expect(htmlParagraphs('plain <i>text</i>')).toEqual(['plain text']);
    expect(htmlParagraphs('<ul><li>a</li><li> b </li></ul>')).toEqual(['a', 'b']);
    expect(momentLabel('never', 'en-US')).toBe('never');
  });
});
