import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { cardSectionHtml } from '../src/card-html';
import { revenueCard as card } from './card.fixture';

const words = { insights: 'Insights', chartAlt: 'Chart of Revenue by Region' };

describe('cardSectionHtml', () => {
  it('heads columns by their labels, formats and escapes cells, lists every insight', () => {
    const html = cardSectionHtml(card, { words });
    expect(html).toContain('<h1 style="font-size:20px;margin:0 0 12px">Revenue by Region</h1>');
    expect(html).toContain('Previous Revenue');
    expect(html).toContain('Revenue Change %');
    expect(html).toContain('EMEA &lt;b&gt;');
    expect(html).toContain('>$1,736,936<');
    // The change rounded toward zero, as the web table and the card's text write it.
    expect(html).toContain('>+14%<');
    expect(html).toContain('>44.8%<');
    expect(html).toContain('<li>Watch &amp; learn</li>');
    expect(html).toContain('>Insights</h2>');
  });

  it('references the inline chart only when there is one', () => {
    expect(cardSectionHtml(card, { words, chartCid: 'card-chart' })).toContain(
      '<img src="cid:card-chart" alt="Chart of Revenue by Region"',
    );
    expect(cardSectionHtml(card, { words })).not.toContain('cid:');
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
    const html = cardSectionHtml(monthly, { words, locale: 'en-GB', maxRows: 1 });
    expect(html).toContain('>Mar 2026<');
    expect(html).toContain('>US$1,235<');
    expect(html).not.toContain('Apr 2026');
  });

  it('writes ∞ for a change from 0, and names the total a share is of', () => {
    const fromZero: TCard = {
      ...card,
      table: [{ ...card.table[0], Previous_Revenue: 0, Revenue__change: null }],
      columns: card.columns.map((c) => (c.key === 'Revenue__%' ? { ...c, label: '% of total Revenue' } : c)),
    };
    const html = cardSectionHtml(fromZero, { words });
    expect(html).toContain('>+∞<');
    expect(html).toContain('>% of total Revenue<');
  });

  it('shows a rate (a fraction) as a percentage, and its change as the card writes changes', () => {
    const rate: TCard = {
      ...card,
      table: [{ Region: 'EMEA', 'Conversion Rate': 0.0342, 'Conversion Rate__change': -12.9 }],
      columns: [
        { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
        { key: 'Conversion Rate', label: 'Conversion Rate', kind: 'measure', format: 'percent' },
        {
          key: 'Conversion Rate__change',
          label: 'Conversion Rate Change %',
          kind: 'measure',
          format: 'percent',
        },
      ],
    };
    const html = cardSectionHtml(rate, { words, locale: 'tr' });
    expect(html).toContain('>%3,4<');
    expect(html).toContain('>−%12<');
  });
});
