import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { cardSummary, changeLine, digestMail, unsubscribePage } from './digest-mail';

const card = (rows: number, revenue = 1000): TCard => ({
  title: 'Revenue by Day',
  text: '<p>Revenue was <b>up</b>.</p><p>Understood: revenue by day.</p>',
  date: '2026-11-20T12:00:00Z',
  table: Array.from({ length: rows }, (_, i) => ({
    Day: `2026-10-${String(i + 1).padStart(2, '0')}`,
    Revenue: revenue + i,
    Previous_Revenue: 5,
    'Revenue__%': 1,
  })),
  columns: [
    { key: 'Day', label: 'Day', kind: 'time', format: 'date' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
    { key: 'Revenue__%', label: 'Revenue %', kind: 'measure', format: 'percent' },
  ],
  chart: [{ chart: { type: 'line' }, x: 'Day', y: ['Revenue'] }],
  insights: [],
});

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
const base = {
  brand: 'Parley',
  collectionName: 'Sales',
  frequency: 'daily' as const,
  layout: [],
  previous: null,
  openUrl: 'https://p.test/collection/c1',
  unsubscribeUrl: 'https://p.test/features/collection/unsubscribe?token=t',
};

describe('the digest mail', () => {
  it('sums each measure (not its comparison or share columns) and says what changed', () => {
    expect(cardSummary(card(3))).toEqual({ Revenue: 3003 });
    const now = card(3, 1100);
    expect(changeLine(now, cardSummary(now), { Revenue: 3003 }, 'en-US')).toBe(
      'Revenue: $3,303, +9% since the last digest (was $3,003)',
    );
    expect(changeLine(now, { Revenue: 3003 }, { Revenue: 3003 }, 'en-GB')).toBe(
      'Revenue: US$3,003, unchanged since the last digest',
    );
    // From 0: ∞, as the card's table writes it.
    expect(changeLine(now, { Revenue: 5 }, { Revenue: 0 }, 'en-US')).toBe(
      'Revenue: $5, +∞ since the last digest (was $0)',
    );
    expect(changeLine(now, { Revenue: 0 }, { Revenue: 0 }, 'en-US')).toBe(
      'Revenue: $0, unchanged since the last digest',
    );
    // Rounded toward zero, like the card: −12.9 % is −12 %.
    expect(changeLine(now, { Revenue: 87.1 }, { Revenue: 100 }, 'en-US')).toMatch(/, −12% since/);
    expect(changeLine(now, cardSummary(now), undefined, 'en-US')).toMatch(/^First digest/);
    // Turkish number formats: decimal comma, compact "B" (bin).
    expect(changeLine(now, { Revenue: 250_000 }, { Revenue: 200_000 }, 'tr')).toMatch(
      /^Revenue: \$250\sB, son özetten bu yana \+(%25|25%) \(önceki: \$200\sB\)$/,
    );
  });

  it('attaches each chart by cid, shows 20 rows and attaches the rest as CSV', () => {
    const mail = digestMail({
      ...base,
      language: 'en-US',
      responses: [
        { question_id: 'q1', phrase: 'revenue by day', card: card(31) },
        { question_id: 'q2', phrase: 'churn', error: true, message: 'Question not found!' },
      ],
      paint: () => PNG,
    });
    expect(mail.subject).toBe('Parley: Daily digest: Sales');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.cid])).toEqual([
      ['chart-1.png', 'image/png', 'chart-1@digest'],
      ['Revenue by Day.csv', 'text/csv; charset=utf-8', undefined],
    ]);
    expect(mail.html).toContain('<img src="cid:chart-1@digest"');
    expect(mail.html).not.toMatch(/<svg|data:/);
    expect(mail.text).toContain('Oct 20, 2026\t$1,019');
    expect(mail.text).not.toContain('Oct 21, 2026');
    expect(mail.text).toContain('The first 20 of 31 rows');
    expect(mail.text).toContain('Revenue was up.\nUnderstood: revenue by day.');
    expect(mail.text).toContain('churn\n\nQuestion not found!');
    expect(mail.text).toContain(`Unsubscribe from this digest: ${base.unsubscribeUrl}`);
    expect(mail.summary).toEqual({ q1: { title: 'Revenue by Day', values: { Revenue: 31 * 1000 + 465 } } });
  });

  it('goes out without a chart it could not draw, in the user’s language', () => {
    const mail = digestMail({
      ...base,
      frequency: 'weekly',
      language: 'tr',
      responses: [{ question_id: 'q1', phrase: 'gelir', card: card(2) }],
      paint: () => null,
    });
    expect(mail.subject).toBe('Parley: Haftalık özet: Sales');
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain('cid:');
    expect(mail.text).toContain('Bu özetin aboneliğinden çık');
  });

  it('names each card’s period in the owner’s date format, never as ISO dates', () => {
    const dated: TCard = {
      ...card(2),
      period: { from: '2026-10-01', to: '2026-10-31', label: 'last month', partial: false },
    };
    const plain = (s: string) => s.replace(/[\u2009\u202f\u00a0]/g, ' ');
    const us = digestMail({
      ...base,
      language: 'en-US',
      responses: [{ question_id: 'q1', phrase: 'revenue by day', card: dated }],
      paint: () => null,
    });
    expect(plain(us.text)).toContain('Oct 1 – 31, 2026 · First digest of this card');
    expect(plain(us.html)).toContain('Oct 1 – 31, 2026 · First digest of this card');
    const tr = digestMail({
      ...base,
      language: 'tr',
      responses: [{ question_id: 'q1', phrase: 'gelir', card: dated }],
      paint: () => null,
    });
    expect(plain(tr.text)).toMatch(/1 ?– ?31 Eki 2026 · Bu kartın ilk özeti/);
    for (const mail of [us, tr]) expect(mail.html + mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
  });

  it('attaches the CSV as the card’s download: named after the card and its period, rows dated', () => {
    const dated: TCard = {
      ...card(31),
      period: {
        from: '2026-10-01',
        to: '2026-10-31',
        label: 'last month',
        partial: false,
        comparison: { from: '2025-10-01', to: '2025-10-31' },
      },
    };
    const mail = digestMail({
      ...base,
      language: 'tr',
      responses: [{ question_id: 'q1', phrase: 'gelir', card: dated }],
      paint: () => null,
    });
    const [csv] = mail.attachments;
    expect(csv?.filename).toBe('Revenue by Day — 1–31 Eki 2026.csv');
    const lines = String(csv?.content)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(/,Dönem,Karşılaştırma dönemi$/);
    expect(lines[31]).toMatch(/^2026-10-31,.*,2026-10-01\/2026-10-31,2025-10-01\/2025-10-31$/);
  });

  it('draws a chart of many categories whole, growing with its rows, and says what a picture leaves out', () => {
    const regions = (n: number): TCard => ({
      ...card(0),
      title: 'Revenue by Store',
      table: Array.from({ length: n }, (_, i) => ({ Store: `Store ${i + 1}`, Revenue: 1000 - i })),
      columns: [
        { key: 'Store', label: 'Store', kind: 'dimension', format: 'number' },
        { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
      ],
      chart: [{ chart: { type: 'bar' }, x: 'Store', y: ['Revenue'] }],
    });
    const drawn: { option: Record<string, unknown>; size: { width: number; height: number } }[] = [];
    const paint = (option: Record<string, unknown>, size: { width: number; height: number }) => {
      drawn.push({ option, size });
      return PNG;
    };
    const mail = digestMail({
      ...base,
      language: 'en-US',
      responses: [{ question_id: 'q1', phrase: 'revenue by store', card: regions(24) }],
      paint,
    });
    const [{ option, size }] = drawn as [(typeof drawn)[number]];
    expect(option.dataZoom).toBeUndefined();
    const axis = option.yAxis as { data: string[]; max?: number };
    expect(axis.data).toHaveLength(24);
    expect(axis.data.at(-1)).toBe('Store 24');
    expect(axis.max).toBeUndefined();
    expect(size.width).toBe(640);
    expect(size.height).toBeGreaterThanOrEqual(24 * 22);
    expect(mail.html).not.toContain('The chart shows');

    const tall = digestMail({
      ...base,
      language: 'tr',
      responses: [{ question_id: 'q1', phrase: 'gelir', card: regions(150) }],
      paint,
    });
    const last = drawn.at(-1)!;
    expect(last.option.dataZoom).toBeUndefined();
    expect(last.size.height).toBeLessThanOrEqual(2400);
    const shown = ((last.option.yAxis as { max: number }).max ?? 0) + 1;
    expect(shown).toBeGreaterThan(90);
    expect(tall.html).toContain(`Grafik 150 kaydın ilk ${shown} tanesini gösteriyor`);
  });

  it('answers the unsubscribe page, escaping the collection name', () => {
    expect(unsubscribePage('Parley', 'en-US', { collectionName: '<b>Sales</b>' })).toContain(
      'the digest of “&lt;b&gt;Sales&lt;/b&gt;”',
    );
    expect(unsubscribePage('Parley', 'tr', { error: 'Bad' })).toContain('Bu bağlantı çalışmıyor');
  });
});
