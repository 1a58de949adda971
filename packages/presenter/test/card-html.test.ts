import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { cardHtml } from '../src/card-html';
import { revenueCard as card } from './card.fixture';

describe('cardHtml', () => {
  it('renames headers like the CSV, formats and escapes cells, lists every insight', () => {
    const html = cardHtml(card, { brand: 'Parley' });
    expect(html).toContain('<title>Revenue by Region</title>');
    expect(html).toContain('Previous Revenue');
    expect(html).toContain('Revenue Change %');
    expect(html).toContain('EMEA &lt;b&gt;');
    expect(html).toContain('>$1,736,936<');
    expect(html).toContain('>+14.6%<');
    expect(html).toContain('>44.8%<');
    expect(html).toContain('<li>Watch &amp; learn</li>');
    expect(html).toContain('Data read 2026-11-20T12:00:00.000Z — Parley');
  });

  it('references the inline chart only when there is one', () => {
    expect(cardHtml(card, { brand: 'Parley', chartCid: 'card-chart' })).toContain('src="cid:card-chart"');
    expect(cardHtml(card, { brand: 'Parley' })).not.toContain('cid:');
  });

  it('formats by the locale, dates by the card’s grain, and caps the rows', () => {
    const monthly: TCard = {
      ...card,
      table: [
        { Month: '2026-03-01', Revenue: 1234.5 },
        { Month: '2026-04-01', Revenue: 99 },
      ],
      columns: [
        { key: 'Month', label: 'Month', kind: 'time', format: 'date' },
        { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
      ],
      query: {
        sql: 'select 1',
        semantic: {
          measures: ['revenue'],
          dimensions: [],
          filters: [],
          timeDimension: { field: 'created', grain: 'month', range: { kind: 'this', unit: 'year' } },
        },
      },
    };
    const html = cardHtml(monthly, { brand: 'Parley', locale: 'en-GB', maxRows: 1 });
    expect(html).toContain('>Mar 2026<');
    expect(html).toContain('>US$1,235<');
    expect(html).not.toContain('Apr 2026');
  });
});
