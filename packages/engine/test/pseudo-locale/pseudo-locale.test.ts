/**
 * A new language is one pack plus one registration: the pseudo-locale, registered here
 * from outside the engine's sources, answers "revenue by region" through the whole pipeline —
 * detected, parsed, compiled and laid out as a card in its own words.
 */
import { ZCard } from '@parley/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCard,
  compileQuery,
  detectLanguage,
  getDemoModel,
  parseQuestion,
  registerLanguage,
} from '../../src/index';
import { PSEUDO, pseudo } from './pack';

const model = getDemoModel();
const options = { today: '2026-11-20', weekStart: 'monday' as const };
const QUESTION = pseudo('revenue by region');

describe('a language registered from outside the pipeline (pseudo-locale qps)', () => {
  beforeAll(() => registerLanguage(PSEUDO));

  it('answers "revenue by region" from detection to card', () => {
    expect(QUESTION).toBe('rëvënûë bÿ rëgïôn');
    expect(detectLanguage(QUESTION)).toBe('qps');

    const parsed = parseQuestion(QUESTION, { model, ...options });
    if (parsed.kind !== 'query') throw new Error(`asked back: ${JSON.stringify(parsed)}`);
    expect(parsed.query).toEqual({ measures: ['revenue'], dimensions: ['region'], filters: [] });
    expect(parsed.understood).toBe(pseudo('Revenue by Region'));

    const compiled = compileQuery(parsed.query, model, { dialect: 'duckdb', ...options });
    expect(compiled.columns.map((c) => [c.key, c.kind])).toEqual([
      ['Region', 'dimension'],
      ['Revenue', 'measure'],
    ]);
    expect(compiled.sql).toMatch(/GROUP BY/i);
    expect(compiled.sql).toMatch(/SUM\(/i);

    const card = buildCard({
      query: parsed.query,
      model,
      compiled,
      rows: [
        { Region: 'EMEA', Revenue: 150 },
        { Region: 'APAC', Revenue: 50 },
      ],
      readAt: '2026-11-20T10:00:00.000Z',
      language: detectLanguage(QUESTION),
    });
    expect(ZCard.parse(card)).toBeTruthy();
    expect(card.columns.map((c) => [c.key, c.label])).toEqual([
      ['Region', 'Rëgïôn'],
      ['Revenue', 'Rëvënûë'],
      ['Revenue__%', '% of total Rëvënûë'],
    ]);
    expect(card.title).toBe('Rëvënûë bÿ Rëgïôn');
    expect(card.table.map((r) => [r.Region, r.Revenue, r['Revenue__%']])).toEqual([
      ['EMEA', 150, 75],
      ['APAC', 50, 25],
    ]);
  });
});
