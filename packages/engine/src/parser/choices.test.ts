/**
 * Questions back are answers too. Every choice a question back offers, asked as a new question,
 * gives a query of every word it shows that compiles for the source's dialect; vague requests and
 * nonsense ask back without claiming a measure the user never named.
 */
import { describe, expect, it } from 'vitest';
import type { TSqlDialect } from '../compiler/dialect';
import { getDemoModel } from '../model/demo-model';
import { compiles, keepAnswering, usesEveryMatch } from './choices';
import { ask } from './clarification';
import { parseQuestion } from './parse';

const model = getDemoModel();
const options = {
  model,
  today: '2026-11-20',
  weekStart: 'monday' as const,
  dialect: 'duckdb' as TSqlDialect,
};

function choicesOf(phrase: string): string[] {
  const r = parseQuestion(phrase, options);
  if (r.kind !== 'clarify') throw new Error(`expected a question back for "${phrase}": ${r.understood}`);
  return r.prompt.items;
}

describe('every choice of a question back answers', () => {
  it.each([
    'which products sold less than last year',
    'how did we do last month',
    'stats for germany',
    'top 5 countries',
    'which categories sold best last year',
    'ülkeye göre ilk 5',
    'haul by region',
    'revenue by zodiac sign',
    'show me the top five',
    'median order value',
    'geçen ay',
    'Q3 raporu',
    'geçen ay almanya',
  ])('%s', (phrase) => {
    const choices = choicesOf(phrase);
    expect(choices.length).toBeGreaterThan(0);
    for (const choice of choices) {
      const again = parseQuestion(choice, options);
      expect(again.kind, `${phrase} → ${choice}`).toBe('query');
      if (again.kind === 'query') expect(compiles(again.query, options), choice).toBe(true);
    }
  });

  it('builds a choice from what was understood, never a label pushed into the sentence', () => {
    const sold = choicesOf('which products sold less than last year');
    expect(sold).toContain('which products had less revenue than last year');
    expect(sold.some((c) => /sold \w+ than|sold (?:less|more) \w+/i.test(c))).toBe(false);
    const how = choicesOf('how did we do last month');
    expect(how).toContain('Revenue last month');
    expect(how.some((c) => c.includes('how did we do'))).toBe(false);
    expect(choicesOf('geçen ay')).toContain('geçen ay gelir');
    // Turkish reads "müşteri başına gelir" in another order: the choice replaces the words where they stand.
    expect(choicesOf('müşteri başına gelir')).toEqual(
      expect.arrayContaining(['müşteri bazında gelir', 'gelir bölü müşteri']),
    );
    // A ranking keeps the user's words, in the order a ranking is asked.
    expect(choicesOf('which categories sold best last year')).toContain(
      'best categories by Revenue last year',
    );
    expect(choicesOf('top 5 countries')).toContain('top 5 countries by Revenue');
  });

  it('offers no value or measure where a breakdown goes ("by united states")', () => {
    expect(choicesOf('revenue by state').some((c) => /by united states/i.test(c))).toBe(false);
  });

  it('still teaches the unknown word when the question is only that word and what was read', () => {
    const r = parseQuestion('haul by region', options);
    expect(r.kind === 'clarify' && r.prompt.items[0]).toBe('revenue by region');
    expect(r.kind === 'clarify' && r.prompt.learn?.[0]).toEqual({
      word: 'haul',
      target: { type: 'measure', name: 'revenue' },
    });
  });
});

describe('the check', () => {
  it('removes a choice whose query dropped a word it shows (a grouping)', () => {
    const query = { measures: ['revenue'], dimensions: [], filters: [] };
    const at = { start: 0, negated: false, grouped: false, per: false };
    const revenue = { ...at, targets: [{ type: 'measure' as const, name: 'revenue' }], words: 'revenue' };
    const region = { ...at, targets: [{ type: 'dimension' as const, name: 'region' }], words: 'region' };
    expect(usesEveryMatch(query, [revenue])).toBe(true);
    expect(usesEveryMatch(query, [revenue, region])).toBe(false);
    expect(usesEveryMatch({ ...query, dimensions: ['region'] }, [revenue, region])).toBe(true);
  });

  it('keeps only the choices that answer, else the examples that do', () => {
    const answers = (phrase: string) => !phrase.includes('zodiac');
    const c = ask({ key: 'nothingKnown' }, null, ['revenue by zodiac', 'revenue', 'revenue']);
    expect(keepAnswering(c, answers, () => ['orders']).choices).toEqual(['revenue']);
    const none = ask({ key: 'nothingKnown' }, null, ['revenue by zodiac'], 'didYouMean');
    const fallback = keepAnswering(none, answers, () => ['orders by zodiac', 'orders']);
    expect(fallback.choices).toEqual(['orders']);
    expect(fallback.title).toBeUndefined();
  });

  it('compiles for the dialect given, and only reads the choice without one', () => {
    const query = { measures: ['revenue'], dimensions: ['no_such_field'], filters: [] };
    expect(compiles(query, options)).toBe(false);
    expect(compiles(query, { ...options, dialect: null })).toBe(true);
    expect(compiles({ ...query, dimensions: ['region'] }, options)).toBe(true);
  });
});

describe('vague requests and nonsense ask back without claiming a measure', () => {
  it.each([
    'show me the thing',
    'the numbers',
    'give me data',
    'what about it',
    'elephants dance on the moon',
    'blorp zork',
    'purple monkey dishwasher',
    'bana şeyi göster',
    'rakamlar',
    'veri ver',
    'peki ya o',
    'fil ayda dans ediyor',
    'mor maymun bulaşık makinesi',
  ])('%s', (phrase) => {
    const r = parseQuestion(phrase, options);
    expect(r.kind).toBe('clarify');
    if (r.kind !== 'clarify') return;
    expect(r.understood).toBeNull();
    for (const m of model.measures) expect(r.text).not.toContain(m.label);
    expect(r.prompt.items.length).toBeGreaterThan(0);
  });

  it('asks what to measure for "the thing", never reads it as a typo of a field', () => {
    const r = parseQuestion('show me the thing', options);
    expect(r.kind === 'clarify' && r.message.key).toBe('nothingKnown');
    const tr = parseQuestion('bana şeyi göster', options);
    expect(tr.kind === 'clarify' && tr.message.key).toBe('nothingKnown');
  });
});
