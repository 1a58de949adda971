/**
 * Issue 29, shapes 1 and 2: identifiers by any naming, an entity's label as its dimension — each on
 * a small schema of that shape.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import { getColumnKind, type TIntrospectedColumn, type TIntrospectedTable } from '../introspection';
import type { TSemanticModel } from '../semantic-model';
import { generateModel } from './generate-model';

const col = (
  name: string,
  type: string,
  values: string[] | null = null,
  distinctCount: number | null = values?.length ?? null,
): TIntrospectedColumn => ({ name, type, kind: getColumnKind(type), nullable: true, values, distinctCount });
const table = (
  name: string,
  columns: TIntrospectedColumn[],
  rowCount: number,
  keys: Partial<Pick<TIntrospectedTable, 'primaryKey' | 'foreignKeys'>> = {},
): TIntrospectedTable => ({ name, columns, rowCount, primaryKey: [], foreignKeys: [], ...keys });

function query(model: TSemanticModel, phrase: string) {
  const r = parseQuestion(phrase, { model, today: '2024-06-15', weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
}
/** `<agg>(<column>)` of every visible aggregate over one column. */
const aggregated = (model: TSemanticModel): string[] =>
  model.measures.flatMap((m) =>
    m.kind === 'aggregate' && !m.hidden && m.expr && 'col' in m.expr ? [`${m.agg}(${m.expr.col})`] : [],
  );

describe('shape 1: identifiers by any naming', () => {
  const model = generateModel({
    tables: [
      table(
        'claim',
        [
          col('claim_identifier', 'INTEGER'),
          col('policy_no', 'INTEGER'),
          col('member_number', 'BIGINT'),
          col('diagnosis_code', 'INTEGER'),
          col('batch_ref', 'INTEGER'),
          col('ledger_key', 'BIGINT'),
          col('providerID', 'INTEGER'),
          col('Agent ID', 'BIGINT'),
          col('serial', 'BIGINT', null, 5000),
          col('product_status', 'INTEGER'),
          col('claim_date', 'DATE'),
          col('amount', 'DECIMAL(12,2)'),
          col('quantity', 'INTEGER'),
          col('tenure', 'INTEGER'),
          col('age', 'INTEGER'),
        ],
        5000,
      ),
    ],
  });

  it('never sums or averages a key, number, code, reference or all-distinct integer', () => {
    const cols = aggregated(model).map((a) => a.replace(/^\w+\((.*)\)$/, '$1'));
    for (const id of [
      'claim_identifier',
      'policy_no',
      'member_number',
      'diagnosis_code',
      'batch_ref',
      'ledger_key',
      'providerID',
      'Agent ID',
      'serial',
      'product_status',
    ])
      expect(cols).not.toContain(id);
    expect(aggregated(model)).toEqual(
      expect.arrayContaining(['sum(amount)', 'sum(quantity)', 'avg(tenure)', 'avg(age)']),
    );
  });
});

describe('shape 2: an entity is grouped by its label', () => {
  const model = generateModel({
    tables: [
      table(
        'policy',
        [col('policy_id', 'INTEGER'), col('policy_number', 'VARCHAR'), col('start_date', 'DATE')],
        300,
        { primaryKey: ['policy_id'] },
      ),
      table(
        'claim',
        [
          col('claim_id', 'INTEGER'),
          col('policy_id', 'INTEGER'),
          col('claim_date', 'DATE'),
          col('claim_amount', 'DECIMAL(12,2)'),
        ],
        2000,
        {
          primaryKey: ['claim_id'],
          foreignKeys: [{ columns: ['policy_id'], refTable: 'policy', refColumns: ['policy_id'] }],
        },
      ),
    ],
  });

  it('"by policy" groups by the policy number, never a second measure', () => {
    expect(query(model, 'total claim amount by policy')).toMatchObject({
      measures: ['claim.claim_amount.sum'],
      dimensions: ['policy.policy_number'],
    });
    expect(query(model, 'claims by policy')).toMatchObject({
      measures: ['claim.count'],
      dimensions: ['policy.policy_number'],
    });
  });
});
