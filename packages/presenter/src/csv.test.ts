import { describe, expect, it } from 'vitest';
import { toCsv, toTsv } from './csv';

describe('CSV and TSV', () => {
  const rows = [
    { Region: 'EMEA, North', Revenue: 10, 'Revenue__%': 50, Revenue__change: 12.5, Previous_Revenue: 8 },
    { Region: 'APAC "x"', Revenue: null, 'Revenue__%': 50, Revenue__change: null, Previous_Revenue: 0 },
  ];
  it('renames headers like the server and quotes cells', () => {
    const csv = toCsv(rows).split('\r\n');
    expect(csv[0]).toBe('Region,Revenue,Revenue %,Revenue Change %,Previous Revenue');
    expect(csv[1]).toBe('"EMEA, North",10,50,12.5,8');
    expect(csv[2]).toBe('"APAC ""x""",,50,,0');
    expect(csv[3]).toBe('');
  });
  it('neutralises formula-like text but not negative numbers', () => {
    const csv = toCsv([
      { Region: '=HYPERLINK("x")', Revenue: -5 },
      { Region: '@SUM(A1)', Revenue: 1 },
      { Region: '-1+2', Revenue: 2 },
    ]).split('\r\n');
    expect(csv[1]).toBe(`"'=HYPERLINK(""x"")",-5`);
    expect(csv[2]).toBe("'@SUM(A1),1");
    expect(csv[3]).toBe("'-1+2,2");
  });
  it('is empty without rows', () => {
    expect(toCsv([])).toBe('');
    expect(toTsv([])).toBe('');
  });
  it('builds tab-separated text', () => {
    const tsv = toTsv(rows).split('\n');
    expect(tsv[0]).toBe('Region\tRevenue\tRevenue %\tRevenue Change %\tPrevious Revenue');
    expect(tsv[2]).toBe('APAC "x"\t\t50\t\t0');
  });
});
