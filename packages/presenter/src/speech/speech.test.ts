import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { cardSummary } from '../card-summary';
import { cardSpeech, promptSpeech } from './card-speech';
import { sayChange, sayDateRange, sayValue } from './say';
import { escapeSsml, toSsml } from './ssml';

const money = { format: 'currency' as const };
const count = { format: 'number' as const };

const byRegion: TCard = {
  title: 'Revenue by Region',
  text: '<p>Revenue by Region, last month</p>',
  date: '2026-11-20T12:00:00.000Z',
  table: [
    { Region: 'North America', Revenue: 1_200_000, Previous_Revenue: 1_000_000, Revenue__change: 20 },
    { Region: 'EMEA', Revenue: 2_400_000, Previous_Revenue: 2_000_000, Revenue__change: 20 },
    { Region: 'APAC', Revenue: 900_000, Previous_Revenue: 1_000_000, Revenue__change: -10 },
    { Region: 'LATAM', Revenue: 100_000, Previous_Revenue: 100_000, Revenue__change: 0 },
  ],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
    { key: 'Revenue__change', label: 'Revenue Change %', kind: 'measure', format: 'percent' },
  ],
  chart: [],
  insights: [],
  period: {
    from: '2026-10-01',
    to: '2026-10-31',
    label: 'last month',
    partial: false,
    comparison: { from: '2025-10-01', to: '2025-10-31' },
  },
};

describe('sayValue', () => {
  it.each([
    [36_612_345, money, '36.6 million dollars'],
    [1_000_000, money, '1 million dollars'],
    [2_480_000_000, money, 'about 2.5 billion dollars'],
    [1_234, count, 'about 1,200'],
    [1_200, count, '1,200'],
    [36_612, count, 'about 37,000'],
    [412, count, '412'],
    [82.5, money, '82.5 dollars'],
    [1, money, '1 dollar'],
    [-1_500_000, money, 'minus 1.5 million dollars'],
    [0.125, { format: 'percent' as const }, '13 percent'],
    [0.034, { format: 'percent' as const }, '3.4 percent'],
  ])('%d as %s', (value, column, said) => {
    expect(sayValue(value, column)).toBe(said);
  });

  it('names the column currency', () => {
    expect(sayValue(2_000_000, { format: 'currency', currency: 'EUR' })).toBe('2 million euros');
  });
});

describe('sayChange and sayDateRange', () => {
  it('rounds a change toward zero, as the card writes it', () => {
    expect(sayChange(12.9)).toBe('up 12 percent');
    expect(sayChange(-3.2)).toBe('down 3 percent');
    expect(sayChange(0.1)).toBe('about the same');
  });
  it('says dates as words', () => {
    expect(sayDateRange('2025-10-01', '2025-10-31')).toBe('October 2025');
    expect(sayDateRange('2025-01-01', '2025-12-31')).toBe('2025');
    expect(sayDateRange('2026-02-01', '2026-02-28')).toBe('February 2026');
    expect(sayDateRange('2026-11-20', '2026-11-20')).toBe('November 20, 2026');
    expect(sayDateRange('2026-10-05', '2026-11-15')).toBe('October 5 to November 15, 2026');
  });
});

describe('cardSummary', () => {
  it('totals an additive measure, compares it and ranks the first three', () => {
    const s = cardSummary(byRegion);
    expect(s.headline).toBe(4_600_000);
    expect(s.total).toBe(true);
    expect(s.comparison?.previous).toBe(4_100_000);
    expect(s.comparison?.change).toBeCloseTo(12.195, 2);
    expect(s.ranking?.items.map((i) => i.name)).toEqual(['EMEA', 'North America', 'APAC']);
    expect(s.ranking?.count).toBe(4);
  });

  it('gives no headline for an average over groups, but still ranks', () => {
    const avg: TCard = {
      ...byRegion,
      columns: [
        { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
        { key: 'Revenue', label: 'Average order value', kind: 'measure', format: 'currency' },
      ],
    };
    const s = cardSummary(avg);
    expect(s.headline).toBeNull();
    expect(s.ranking?.items[0]?.name).toBe('EMEA');
  });
});

describe('cardSpeech', () => {
  it('speaks the headline, the change and three items, never the table', () => {
    const { text, ssml } = cardSpeech(byRegion);
    expect(text).toBe(
      'Revenue last month came to 4.6 million dollars, up 12 percent on October 2025. ' +
        'EMEA leads with 2.4 million dollars, followed by North America and APAC.',
    );
    expect(text).not.toContain('LATAM');
    expect(ssml).toBe(`<speak>${text}</speak>`);
  });

  it('escapes values in SSML', () => {
    const card: TCard = {
      ...byRegion,
      table: [
        { Region: 'R&D <b>', Revenue: 5 },
        { Region: 'Ops', Revenue: 3 },
      ],
      period: undefined,
    };
    const { ssml } = cardSpeech(card);
    expect(ssml).toContain('R&amp;D &lt;b&gt; leads with 5 dollars');
    expect(ssml).not.toContain('<b>');
  });

  it('says what the figure is narrowed to, so it answers the question asked', () => {
    const semantic = {
      measures: ['revenue'],
      dimensions: [],
      filters: [
        { field: 'Region', op: 'in' as const, values: ['EMEA', 'APAC'] },
        { field: 'order_size', op: 'gt' as const, values: [100] },
      ],
    };
    const card = {
      ...byRegion,
      table: [{ Revenue: 444_000 }],
      columns: [byRegion.columns[1]!],
      period: { ...byRegion.period!, comparison: undefined },
      query: { sql: 'select 1', semantic },
    } as TCard;
    expect(cardSpeech(card).text).toBe(
      'Revenue in EMEA or APAC, with order size above 100 last month was 444,000 dollars.',
    );
  });

  it("falls back to the card's text when it has no figure", () => {
    const card: TCard = { ...byRegion, table: [], columns: [] };
    expect(cardSpeech(card).text).toBe('Revenue by Region, last month');
  });
});

describe('promptSpeech and SSML', () => {
  it('offers at most three choices', () => {
    const prompt = {
      title: 'Which one did you mean?',
      items: ['Revenue', 'Orders', 'Customers', 'Refunds'].map((t) => ({ title: t, phrase: t })),
    };
    expect(promptSpeech(prompt).text).toBe(
      'Which one did you mean? You can say Revenue, Orders or Customers.',
    );
  });
  it('escapes XML', () => {
    expect(escapeSsml(`a & b < c > "d" 'e'`)).toBe('a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;');
    expect(toSsml('hi')).toBe('<speak>hi</speak>');
  });
});
