/**
 * A survey export: a question column is reached by the words people use for it, and a word beside a
 * value shared by two questions picks the one it names.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import { generateModel } from './generate-model';
import { col } from './introspection.testkit';
import { sentenceSynonyms } from './text';

const YES_NO = ['Yes', 'No', "I don't know"];
const COUNTRIES = ['Germany', 'United Kingdom'];

const model = generateModel({
  tables: [
    {
      name: 'survey',
      rowCount: 1400,
      primaryKey: [],
      foreignKeys: [],
      columns: [
        col('What country do you live in?', 'VARCHAR', COUNTRIES),
        col('What country do you work in?', 'VARCHAR', COUNTRIES),
        col('Do you work remotely?', 'VARCHAR', ['Always', 'Never', 'Sometimes']),
        col(
          'Does your employer provide mental health benefits as part of healthcare coverage?',
          'VARCHAR',
          YES_NO,
        ),
        col('Have your previous employers provided mental health benefits?', 'VARCHAR', YES_NO),
        col(
          'If a mental health issue prompted you to request a medical leave from work, asking for that leave would be:',
          'VARCHAR',
          ['Easy', 'Difficult'],
        ),
        col('Do you believe your productivity is ever affected by a mental health issue?', 'VARCHAR', YES_NO),
        col('Is your employer primarily a tech company/organization?', 'BIGINT', ['0', '1']),
      ],
    },
  ],
});
const parse = (phrase: string) => parseQuestion(phrase, { model, today: '2016-11-15', weekStart: 'monday' });
const dimensionsOf = (phrase: string): string[] => {
  const r = parse(phrase);
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query.dimensions;
};

describe('a question column by the words people use for it', () => {
  it('names "where do you …" questions, adverbs and yes/no objects', () => {
    expect(sentenceSynonyms('What country do you work in?')).toEqual(
      expect.arrayContaining(['country of work', 'work country', 'country they work in']),
    );
    expect(sentenceSynonyms('Do you work remotely?')).toContain('remote work');
    expect(
      sentenceSynonyms('Do you believe your productivity is ever affected by a mental health issue?'),
    ).toContain('productivity affected');
    expect(
      sentenceSynonyms(
        'If a mental health issue prompted you to request a medical leave from work, asking for that leave would be:',
      ),
    ).toEqual(['medical leave']);
  });

  it('groups by them', () => {
    expect(dimensionsOf('responses by country of work')).toEqual(['survey.What country do you work in?']);
    expect(dimensionsOf('responses by country they live in')).toEqual([
      'survey.What country do you live in?',
    ]);
    expect(dimensionsOf('responses by remote work')).toEqual(['survey.Do you work remotely?']);
    expect(dimensionsOf('responses by mental health benefits')).toEqual([
      'survey.Does your employer provide mental health benefits as part of healthcare coverage?',
    ]);
    expect(dimensionsOf('responses by medical leave')).toHaveLength(1);
    expect(dimensionsOf('responses by productivity affected')).toHaveLength(1);
  });

  it('reads a yes/no question by its state', () => {
    const r = parse('responses at a tech company');
    expect(r.kind === 'query' && r.query.filters).toEqual([
      { field: 'survey.Is your employer primarily a tech company/organization?', op: 'in', values: ['1'] },
    ]);
  });
});

describe('a value shared by two questions', () => {
  it('is picked by a word beside it that names one, else asked about', () => {
    const r = parse('responses working in the United Kingdom');
    expect(r.kind === 'query' && r.query.filters).toEqual([
      { field: 'survey.What country do you work in?', op: 'in', values: ['United Kingdom'] },
    ]);
    expect(parse('responses in the United Kingdom').kind).toBe('clarify');
  });
});
