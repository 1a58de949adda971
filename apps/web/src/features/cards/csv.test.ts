import { describe, expect, it } from 'vitest';
import { tableToCsv, tableToTsv } from './csv';
import { feedbackBody } from './feedback';

describe('CSV and TSV', () => {
  const rows = [
    { Region: 'EMEA, North', Revenue: 10, 'Revenue__%': 50, Revenue__change: 12.5, Previous_Revenue: 8 },
    { Region: 'APAC "x"', Revenue: null, 'Revenue__%': 50, Revenue__change: null, Previous_Revenue: 0 },
  ];
  it('renames headers like the server and quotes cells', () => {
    const csv = tableToCsv(rows).split('\r\n');
    expect(csv[0]).toBe('Region,Revenue,Revenue %,Revenue Change %,Previous Revenue');
    expect(csv[1]).toBe('"EMEA, North",10,50,12.5,8');
    expect(csv[2]).toBe('"APAC ""x""",,50,,0');
  });
  it('builds tab-separated text', () => {
    expect(tableToTsv(rows).split('\n')[0]).toBe(
      'Region\tRevenue\tRevenue %\tRevenue Change %\tPrevious Revenue',
    );
  });
});

describe('feedbackBody', () => {
  it('sends the type and flags as a comma list', () => {
    expect(
      feedbackBody({
        sentiment: 'negative',
        message: ' wrong ',
        flags: ['not_helpful', 'harmful'],
        phrase: 'q',
      }),
    ).toEqual({ sentiment: 'negative', message: 'wrong', fields: 'harmful,not_helpful', phrase: 'q' });
    expect(
      feedbackBody({
        sentiment: 'neutral',
        message: '',
        flags: ['not_true'],
        type: 'report_problem',
        data: { a: 1 },
      }),
    ).toMatchObject({ fields: 'report_problem,not_true', data: { a: 1 } });
  });
});
