import type { TCard, TSemanticQuery } from '@parley/contract';
import { buildCard, compileQuery, getDemoModel } from '@parley/engine';
import { cardChange, cardInsights, cardTable, totalsChange } from '@parley/presenter';
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
  const mail = cardMail('Parley', built, false);
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
