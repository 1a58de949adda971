import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { cardCsv, csvRows, exportFileName } from './export-file';

const HEADERS = { period: 'Period', comparison: 'Comparison period' };

describe('export file names', () => {
  it('names the file after the card and its period', () => {
    expect(exportFileName('Revenue by region', 'Oct 1\u2009–\u200931, 2026', 'csv')).toBe(
      'Revenue by region — Oct 1 – 31, 2026.csv',
    );
    expect(exportFileName('Revenue by Country', null, 'pdf')).toBe('Revenue by Country.pdf');
  });

  it('keeps Turkish letters and replaces what no file system accepts', () => {
    expect(exportFileName('Bölgelere göre gelir: İstanbul/Şişli', '1–31 Eki 2026', 'png')).toBe(
      'Bölgelere göre gelir- İstanbul-Şişli — 1–31 Eki 2026.png',
    );
    expect(exportFileName('a?b*c<d>e|f"g', null, 'csv')).toBe('a-b-c-d-e-f-g.csv');
  });

  it('never gives an empty or over-long name', () => {
    expect(exportFileName('   ', null, 'csv')).toBe('card.csv');
    expect(exportFileName('///', null, 'csv')).toBe('card.csv');
    expect(exportFileName('x'.repeat(300), 'Oct 2026', 'pdf').length).toBeLessThanOrEqual(124);
  });
});

describe('the CSV says its period', () => {
  const card: Pick<TCard, 'table' | 'period'> = {
    table: [
      { Region: 'EMEA', Revenue: 10 },
      { Region: 'APAC', Revenue: 5 },
    ],
    period: {
      from: '2026-10-01',
      to: '2026-10-31',
      label: 'last month',
      partial: false,
      comparison: { from: '2026-09-01', to: '2026-09-30' },
    },
  };

  it('adds the period and comparison as ISO 8601 intervals on every row', () => {
    expect(toCsv(csvRows(card, HEADERS))).toBe(
      'Region,Revenue,Period,Comparison period\r\n' +
        'EMEA,10,2026-10-01/2026-10-31,2026-09-01/2026-09-30\r\n' +
        'APAC,5,2026-10-01/2026-10-31,2026-09-01/2026-09-30\r\n',
    );
  });

  it('adds only the period without a comparison, nothing without a period, and never overwrites a column', () => {
    const plain = { ...card, period: { ...card.period!, comparison: undefined } };
    expect(Object.keys(csvRows(plain, HEADERS)[0])).toEqual(['Region', 'Revenue', 'Period']);
    expect(csvRows({ table: card.table }, HEADERS)).toEqual(card.table);
    const clash = { ...plain, table: [{ Period: '2026-10', Revenue: 1 }] };
    expect(csvRows(clash, HEADERS)[0]).toEqual({
      Period: '2026-10',
      Revenue: 1,
      'Period (export)': '2026-10-01/2026-10-31',
    });
  });

  it('starts the file with a byte-order mark, so a spreadsheet reads Turkish letters', () => {
    expect(cardCsv(card, HEADERS)).toBe(`\uFEFF${toCsv(csvRows(card, HEADERS))}`);
  });
});
