import { describe, expect, it } from 'vitest';
import { getLanguagePack } from '../../languages';
import { getDemoModel } from '../../model/demo-model';
import { parseQuestion } from '../parse';

const model = getDemoModel();
const parse = (phrase: string, code: 'en' | 'tr' = 'en') =>
  parseQuestion(phrase, { model, today: '2026-11-20', weekStart: 'monday', pack: getLanguagePack(code) });
const query = (phrase: string, code: 'en' | 'tr' = 'en') => {
  const r = parse(phrase, code);
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r;
};

describe('questions about change between periods (English)', () => {
  it('reads "less … than last year" as the groups that fell, year to date against the same span', () => {
    const r = query('which products had less revenue than last year');
    expect(r.query).toMatchObject({
      measures: ['revenue'],
      dimensions: ['product'],
      timeDimension: { range: { kind: 'to_date', unit: 'year' } },
      compare: 'previous_year',
      change: 'down',
    });
    expect(r.understood).toBe('Products whose Revenue fell, year to date, compared with the previous year');
  });

  it('takes two adjacent periods as the period and its comparison', () => {
    expect(query('which countries had lower revenue in 2025 than in 2024').query).toMatchObject({
      timeDimension: { range: { kind: 'year', year: 2025 } },
      compare: 'previous_period',
      change: 'down',
    });
    expect(query('which channels had fewer orders last month than the month before').query).toMatchObject({
      timeDimension: { range: { kind: 'last', unit: 'month', n: 1 } },
      compare: 'previous_period',
      change: 'down',
    });
    expect(query('which countries had orders in 2025 but not in 2026').query).toMatchObject({
      timeDimension: { range: { kind: 'year', year: 2026 } },
      compare: 'previous_period',
      change: 'lost',
    });
  });

  it('reads "this year but not last year" as gained, over whole years', () => {
    expect(query('which products had revenue this year but not last year').query).toMatchObject({
      timeDimension: { range: { kind: 'year', year: 2026 } },
      compare: 'previous_period',
      change: 'gained',
    });
    expect(query('which customers had orders last year but not this year').query).toMatchObject({
      dimensions: ['customer'],
      timeDimension: { range: { kind: 'year', year: 2026 } },
      change: 'lost',
    });
    // Nothing to list the customers by: two periods, asked back.
    expect(parse('customers who ordered last year but not this year').kind).toBe('clarify');
  });

  it('reads "grew this quarter" against the quarter before', () => {
    expect(query('which regions grew revenue this quarter').query).toMatchObject({
      timeDimension: { range: { kind: 'this', unit: 'quarter' } },
      compare: 'previous_period',
      change: 'up',
    });
  });

  it('keeps a change of a total as the plain comparison, and number filters as they were', () => {
    const total = query('revenue increased this month').query;
    expect(total.compare).toBe('previous_period');
    expect(total.change).toBeUndefined();
    expect(query('products with more than 200 units sold in 2025').query).toMatchObject({
      filters: [{ field: 'units_sold', op: 'gt', values: [200] }],
    });
  });

  it('asks back when the periods are not two adjacent ones, or the measure is not said', () => {
    for (const phrase of [
      'which products had less revenue than in 2024',
      'which countries had less revenue in 2025 than in 2023',
      'which regions grew',
    ]) {
      expect(parse(phrase).kind, phrase).toBe('clarify');
    }
    const r = parse('which products had less revenue than in 2024');
    expect(r.kind === 'clarify' && r.message.key).toBe('changePeriods');
  });
});

describe('a question of change without its measure', () => {
  it('offers each measure after the words of the change, each a question that answers', () => {
    const r = parse('which regions grew this quarter');
    if (r.kind !== 'clarify') throw new Error('expected a question back');
    expect(r.prompt.items).toContain('which regions grew revenue this quarter');
    for (const item of r.prompt.items) expect(parse(item).kind, item).toBe('query');
  });
});

describe('questions about change between periods (Turkish)', () => {
  it('reads "geçen yıla göre daha az satan ürünler" as the products that sold less', () => {
    const r = query('geçen yıla göre daha az satan ürünler', 'tr');
    expect(r.query).toMatchObject({
      measures: ['units_sold'],
      dimensions: ['product'],
      compare: 'previous_year',
      change: 'down',
    });
    expect(r.query.order).toBeUndefined();
    expect(r.understood).toContain('(yalnızca düşenler)');
  });

  it('reads "bu çeyrekte geliri büyüyen bölgeler" against the quarter before', () => {
    expect(query('bu çeyrekte geliri büyüyen bölgeler', 'tr').query).toMatchObject({
      measures: ['revenue'],
      dimensions: ['region'],
      timeDimension: { range: { kind: 'this', unit: 'quarter' } },
      compare: 'previous_period',
      change: 'up',
    });
  });

  it('keeps "artan sırada" a sort order and "daha az" without a comparison a ranking', () => {
    const sorted = query('kategorilere göre gelir artan sırada', 'tr').query;
    expect(sorted.change).toBeUndefined();
    expect(sorted.order).toEqual({ field: 'revenue', dir: 'asc' });
    expect(query('en az satan 5 ürün', 'tr').query.change).toBeUndefined();
  });
});
