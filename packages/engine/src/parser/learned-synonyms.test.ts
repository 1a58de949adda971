import { describe, expect, it } from 'vitest';
import { getDemoModel } from '../model/demo-model';
import { describeLearnedTarget, type TLearnedSynonym, withLearnedSynonyms } from './learned-synonyms';
import { parseQuestion } from './parse';

const ask = (model: ReturnType<typeof getDemoModel>, phrase: string) =>
  parseQuestion(phrase, { model, today: '2026-11-20', weekStart: 'sunday' });

describe('withLearnedSynonyms', () => {
  const base = getDemoModel();

  it('answers a question back with the choice the user picked, once the word is learned', () => {
    const before = ask(base, 'haul by region');
    expect(before.kind).toBe('clarify');
    if (before.kind !== 'clarify') return;
    const i = before.prompt.items.indexOf('revenue by region');
    const choice = before.prompt.learn?.[i];
    expect(choice).toEqual({ word: 'haul', target: { type: 'measure', name: 'revenue' } });

    const taught = withLearnedSynonyms(base, [choice!]);
    const after = ask(taught, 'haul by country last month');
    expect(after.kind).toBe('query');
    if (after.kind !== 'query') return;
    expect(after.query.measures).toEqual(['revenue']);
    expect(after.query.dimensions).toEqual(['country']);
  });

  it('adds dimension, value and time-field words where the parser looks for them', () => {
    const taught = withLearnedSynonyms(base, [
      { word: 'zone', target: { type: 'dimension', name: 'region' } },
      { word: 'Oldworld', target: { type: 'value', dimension: 'region', value: 'EMEA' } },
      { word: 'haul', target: { type: 'measure', name: 'revenue' } },
    ]);
    expect(taught.dimensions.find((d) => d.name === 'region')?.synonyms).toContain('zone');
    expect(taught.dimensions.find((d) => d.name === 'region')?.valueSynonyms?.oldworld).toBe('EMEA');

    const byZone = ask(taught, 'revenue by zone');
    expect(byZone.kind === 'query' && byZone.query.dimensions).toEqual(['region']);
    const inEmea = ask(taught, 'haul in oldworld');
    expect(inEmea.kind === 'query' && inEmea.query.filters).toEqual([
      { field: 'region', op: 'in', values: ['EMEA'] },
    ]);
    const time = base.timeDimensions[0]!;
    const withTime = withLearnedSynonyms(base, [
      { word: 'whenever', target: { type: 'time', name: time.name } },
    ]);
    expect(withTime.timeDimensions[0]!.synonyms).toContain('whenever');
  });

  it('ignores words whose field or value is gone, and changes nothing in the given model', () => {
    const snapshot = JSON.stringify(base);
    const gone: TLearnedSynonym[] = [
      { word: 'a', target: { type: 'measure', name: 'no_such_measure' } },
      { word: 'b', target: { type: 'dimension', name: 'no_such_dimension' } },
      { word: 'c', target: { type: 'value', dimension: 'region', value: 'Atlantis' } },
      { word: 'd', target: { type: 'time', name: 'no_such_time' } },
    ];
    // Nothing applies: the same object, so the parser's memoised vocabulary is reused.
    expect(withLearnedSynonyms(base, gone)).toBe(base);
    expect(withLearnedSynonyms(base, [])).toBe(base);

    const taught = withLearnedSynonyms(base, [
      ...gone,
      { word: 'haul', target: { type: 'measure', name: 'revenue' } },
    ]);
    expect(taught).not.toBe(base);
    expect(JSON.stringify(base)).toBe(snapshot);
    // Untouched fields are shared, not copied.
    expect(taught.measures.find((m) => m.name === 'orders')).toBe(
      base.measures.find((m) => m.name === 'orders'),
    );
    expect(ask(base, 'haul by region').kind).toBe('clarify');
  });

  it('a later word replaces an earlier meaning of a value spelling', () => {
    const taught = withLearnedSynonyms(base, [
      { word: 'home', target: { type: 'value', dimension: 'region', value: 'EMEA' } },
      { word: 'home', target: { type: 'value', dimension: 'region', value: 'APAC' } },
    ]);
    expect(taught.dimensions.find((d) => d.name === 'region')?.valueSynonyms?.home).toBe('APAC');
  });
});

describe('describeLearnedTarget', () => {
  const model = getDemoModel();
  it('names the meaning with the model labels', () => {
    expect(describeLearnedTarget(model, { type: 'measure', name: 'revenue' })).toBe('Revenue');
    expect(describeLearnedTarget(model, { type: 'dimension', name: 'region' })).toBe('Region');
    expect(describeLearnedTarget(model, { type: 'value', dimension: 'region', value: 'EMEA' })).toBe(
      'Region: EMEA',
    );
    expect(describeLearnedTarget(model, { type: 'time', name: model.timeDimensions[0]!.name })).toBe(
      model.timeDimensions[0]!.label,
    );
    expect(describeLearnedTarget(model, { type: 'measure', name: 'gone' })).toBeNull();
  });
});
