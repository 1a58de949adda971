import { describe, expect, it } from 'vitest';
import { getLanguagePack } from '../../languages';
import { getDemoModel } from '../../model/demo-model';
import type { TSemanticModel } from '../../model/semantic-model';
import { parseQuestion } from '../parse';

const demo = getDemoModel();
const parse = (phrase: string, model: TSemanticModel = demo, code: 'en' | 'tr' = 'en') =>
  parseQuestion(phrase, { model, today: '2026-11-20', weekStart: 'monday', pack: getLanguagePack(code) });
const query = (phrase: string, model?: TSemanticModel, code?: 'en' | 'tr') => {
  const r = parse(phrase, model, code);
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
};

describe('an entity ranked or compared by a measure', () => {
  it('ranks customers, not their count, in "top 5 customers by revenue"', () => {
    expect(query('top 5 customers by revenue')).toMatchObject({
      measures: ['revenue'],
      dimensions: ['customer'],
      order: { field: 'revenue', dir: 'desc' },
      limit: 5,
    });
    expect(query('en çok gelir getiren 5 müşteri', demo, 'tr')).toMatchObject({
      measures: ['revenue'],
      dimensions: ['customer'],
    });
  });

  it('compares customers in a question of change', () => {
    expect(query('which customers had less revenue this year than last year')).toMatchObject({
      measures: ['revenue'],
      dimensions: ['customer'],
      change: 'down',
    });
  });

  it('keeps the count where nothing is ranked or compared, or another grouping is asked', () => {
    expect(query('customers and revenue by region')).toMatchObject({
      measures: ['customers', 'revenue'],
      dimensions: ['region'],
    });
    expect(query('top 5 countries by customers')).toMatchObject({
      measures: ['customers'],
      dimensions: ['country'],
    });
  });

  it('asks what to rank when the model has no grouping for the entity', () => {
    const model = { ...demo, dimensions: demo.dimensions.filter((d) => d.name !== 'customer') };
    expect(parse('top 5 customers by revenue', model).kind).toBe('clarify');
  });
});
