import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { CARD_CHART_CID, cardMail } from './card-mail';

const card: TCard = {
  title: 'Revenue by Region',
  text: '<p>Revenue by Region, last month</p>',
  date: '2026-11-20T12:00:00.000Z',
  table: [{ Region: 'EMEA <b>', Revenue: 1736936.42 }],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [],
  insights: ['Total Revenue: <b>$1.7M</b>'],
};

// Rendering itself is tested in @parley/presenter (card-html, card-text).
describe('e-mailed card', () => {
  it('has the brand in the subject and references the inline chart only when attached', () => {
    const mail = cardMail('Parley', card, true);
    expect(mail.subject).toBe('Parley: Revenue by Region');
    expect(mail.html).toContain(`cid:${CARD_CHART_CID}`);
    expect(mail.html).toContain('EMEA &lt;b&gt;');
    expect(mail.text).toContain('EMEA <b>\t$1,736,936');
    expect(cardMail('Parley', card, false).html).not.toContain('cid:');
  });
});
