import { describe, expect, it } from 'vitest';
import { getLanguagePack } from '../../languages';
import { getDemoModel } from '../../model/demo-model';
import type { TSemanticModel } from '../../model/semantic-model';
import { parseQuestion } from '../parse';

const demo = getDemoModel();
// A sales schema whose only money measure is revenue ("sales"), with no measure of units sold.
const sales: TSemanticModel = { ...demo, measures: demo.measures.filter((m) => m.name !== 'units_sold') };
const parse = (phrase: string, model: TSemanticModel, code: 'en' | 'tr' = 'en') =>
  parseQuestion(phrase, { model, today: '2026-11-20', weekStart: 'monday', pack: getLanguagePack(code) });

describe('a sales verb without a measure', () => {
  it('asks for the money measure when it is the only one the verb can mean', () => {
    const r = parse('which countries sold less in 2025 than in 2024', sales);
    expect(r.kind === 'query' && r.query).toMatchObject({
      measures: ['revenue'],
      dimensions: ['country'],
      change: 'down',
    });
    const tr = parse('geçen yıla göre daha az satan ülkeler', sales, 'tr');
    expect(tr.kind === 'query' && tr.query).toMatchObject({ measures: ['revenue'], change: 'down' });
  });

  it('asks back where the verb also names another measure ("units sold"), or nothing is sold', () => {
    expect(parse('which countries sold less in 2025 than in 2024', demo).kind).toBe('clarify');
    expect(parse('how many elephants did we sell', sales).kind).toBe('clarify');
  });
});
