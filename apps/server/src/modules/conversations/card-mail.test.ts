import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { cardMail, formatCell } from './card-mail';

const card: TCard = {
  title: 'Revenue by Region',
  text: '<p>Revenue by Region, last month</p>',
  date: '2026-11-20T12:00:00.000Z',
  table: [
    {
      Region: 'EMEA <b>',
      Revenue: 1736936.42,
      Previous_Revenue: 1516283.03,
      Revenue__change: 14.55,
      'Revenue__%': 44.81,
    },
  ],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
    { key: 'Revenue__change', label: 'Revenue Change %', kind: 'measure', format: 'percent' },
    { key: 'Revenue__%', label: 'Revenue %', kind: 'measure', format: 'percent' },
  ],
  chart: [],
  insights: ['Total Revenue: <b>1.7M</b>'],
};

describe('e-mailed card', () => {
  it('formats change and share columns as the percentages they are, rates as fractions', () => {
    expect(formatCell(14.55, card.columns[3])).toBe('14.6 %');
    expect(formatCell(44.81, card.columns[4])).toBe('44.8 %');
    expect(
      formatCell(0.034, { key: 'Conversion Rate', label: 'x', kind: 'measure', format: 'percent' }),
    ).toBe('3.4 %');
    expect(formatCell(null, card.columns[1])).toBe('–');
  });

  it('renames headers like the CSV, escapes cells and references the inline chart', () => {
    const mail = cardMail('Parley', card, true);
    expect(mail.subject).toBe('Parley: Revenue by Region');
    expect(mail.html).toContain('Previous Revenue');
    expect(mail.html).toContain('Revenue Change %');
    expect(mail.html).toContain('EMEA &lt;b&gt;');
    expect(mail.html).toContain('cid:card-chart');
    expect(mail.text).toContain('1,736,936.42');
    expect(cardMail('Parley', card, false).html).not.toContain('cid:card-chart');
  });
});
