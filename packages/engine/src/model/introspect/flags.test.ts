/**
 * Flat exports: yes/no columns of any name are flags with a rate, few-valued whole numbers are
 * groupings, and a field named with a calendar word keeps its name.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import type { TSemanticModel } from '../semantic-model';
import { flagNames } from './flags';
import { generateModel } from './generate-model';
import { col } from './introspection.testkit';
import { yesNoNames } from './text';

/** A churn export as a file upload reports it: booleans, a 0/1 number, a few-valued tenure. */
const model = generateModel({
  tables: [
    {
      name: 'churn_export',
      rowCount: 7000,
      primaryKey: [],
      foreignKeys: [],
      columns: [
        col('customerID', 'VARCHAR', null, 7000),
        col('Contract', 'VARCHAR', ['Month-to-month', 'One year', 'Two year']),
        col('SeniorCitizen', 'BIGINT', ['0', '1']),
        col('PaperlessBilling', 'BOOLEAN'),
        col('Churn', 'BOOLEAN'),
        col('Late_delivery_risk', 'BIGINT', ['0', '1']),
        col('tenure', 'BIGINT', null, 73),
        col('MonthlyCharges', 'DOUBLE'),
      ],
    },
  ],
});

function query(m: TSemanticModel, phrase: string) {
  const r = parseQuestion(phrase, { model: m, today: '2024-06-15', weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
}
const filter = (field: string, value: string) => ({
  field: `churn_export.${field}`,
  op: 'in',
  values: [value],
});

describe('yes/no columns', () => {
  it('are never summed: a 0/1 number is a flag with a rate', () => {
    expect(model.measures.some((m) => m.name === 'churn_export.SeniorCitizen.sum')).toBe(false);
    const rate = model.measures.find((m) => m.name === 'churn_export.Churn.rate');
    expect(rate).toMatchObject({ kind: 'ratio', label: 'Churn Rate', format: 'percent' });
  });

  it('read the column name as a participle, an adjective or a noun', () => {
    expect(query(model, 'churned customers by contract')).toMatchObject({
      dimensions: ['churn_export.Contract'],
      filters: [filter('Churn', 'true')],
    });
    expect(query(model, 'customers with paperless billing').filters).toEqual([
      filter('PaperlessBilling', 'true'),
    ]);
    expect(query(model, 'how many senior citizens').filters).toEqual([filter('SeniorCitizen', '1')]);
    expect(query(model, 'churn rate by contract').measures).toEqual(['churn_export.Churn.rate']);
    expect(query(model, 'late delivery rate').measures).toEqual(['churn_export.Late_delivery_risk.rate']);
  });

  it('show their word, not "true", in a title', () => {
    const r = parseQuestion('churned customers by contract', {
      model,
      today: '2024-06-15',
      weekStart: 'monday',
    });
    expect(r.kind === 'query' && r.understood).toBe('Customers by Contract (Churn)');
  });

  it('have their Turkish rate words ("churn oranı") and count cue ("kaç")', () => {
    expect(query(model, 'churn oranı').measures).toEqual(['churn_export.Churn.rate']);
    expect(query(model, 'kaç senior citizen')).toMatchObject({
      measures: ['churn_export.count'],
      filters: [filter('SeniorCitizen', '1')],
    });
  });

  it('count the rows when only a value names them, in the plural or after "how many"', () => {
    expect(query(model, 'how many senior citizens').measures).toEqual(['churn_export.count']);
    expect(query(model, 'late deliveries by contract').measures).toEqual(['churn_export.count']);
    expect(parseQuestion('senior citizen', { model, today: '2024-06-15', weekStart: 'monday' }).kind).toBe(
      'clarify',
    );
  });

  it('are named by the state a yes/no question asks about', () => {
    expect(yesNoNames('Are you self-employed?')).toEqual(['self employed']);
    expect(
      yesNoNames('Have you ever sought treatment for a mental health issue from a professional?'),
    ).toEqual(['sought treatment']);
    expect(
      yesNoNames('Have you been diagnosed with a mental health condition by a medical professional?'),
    ).toEqual(['diagnosed', 'diagnosed with a mental health condition']);
    expect(yesNoNames('Is your employer primarily a tech company/organization?')).toEqual(['tech company']);
    expect(yesNoNames('What is your age?')).toEqual([]);
    expect(flagNames(col('Late_delivery_risk', 'BIGINT', ['0', '1']))).toEqual(['late delivery']);
  });
});

describe('a file of one entity known by a text code', () => {
  it('lists the codes for "top customers", and counts them otherwise', () => {
    expect(query(model, 'top 5 customers by monthly charges').dimensions).toEqual([
      'churn_export.customerID',
    ]);
    expect(query(model, 'how many customers').dimensions).toEqual([]);
    // Each row is a customer: "per customer" is the average, never a breakdown by row.
    expect(query(model, 'average monthly charges per customer')).toMatchObject({
      measures: ['churn_export.MonthlyCharges.avg'],
      dimensions: [],
    });
  });
});

describe('whole numbers of few values and calendar words in names', () => {
  it('group by a few-valued whole number named after "by", and keep it a measure otherwise', () => {
    expect(query(model, 'customers by tenure')).toMatchObject({
      measures: ['churn_export.count'],
      dimensions: ['churn_export.tenure'],
    });
    expect(query(model, 'average tenure').measures).toEqual(['churn_export.tenure.avg']);
  });

  it('read "monthly" as part of a field\'s name, and as the grain elsewhere', () => {
    expect(query(model, 'average monthly charges by contract')).toMatchObject({
      measures: ['churn_export.MonthlyCharges.avg'],
      dimensions: ['churn_export.Contract'],
    });
    expect(query(model, 'how many customers have a month-to-month contract').filters).toEqual([
      filter('Contract', 'Month-to-month'),
    ]);
  });
});
