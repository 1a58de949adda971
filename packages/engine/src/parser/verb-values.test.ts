/**
 * A status value that is also a verb of the question ("placed"): "which customer placed the most
 * orders" ranks customers by every order, while "placed orders" still filters by the status.
 */
import { describe, expect, it } from 'vitest';
import { generateModel } from '../model/introspect/generate-model';
import { col } from '../model/introspect/introspection.testkit';
import { parseQuestion } from './parse';

const MODEL = generateModel({
  tables: [
    {
      name: 'customers',
      columns: [col('customer_id', 'INTEGER'), col('customer_name', 'VARCHAR')],
      rowCount: 100,
      primaryKey: ['customer_id'],
      foreignKeys: [],
    },
    {
      name: 'orders',
      columns: [
        col('order_id', 'INTEGER'),
        col('customer_id', 'INTEGER'),
        col('order_date', 'DATE'),
        col('status', 'VARCHAR', ['placed', 'shipped', 'returned']),
      ],
      rowCount: 900,
      primaryKey: ['order_id'],
      foreignKeys: [{ columns: ['customer_id'], refTable: 'customers', refColumns: ['customer_id'] }],
    },
  ],
});
const filtersOf = (phrase: string) => {
  const r = parseQuestion(phrase, { model: MODEL, today: '2024-06-30', weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}"`);
  return r.query.filters;
};

describe('a value that is also a verb', () => {
  it('is the verb when another filler follows it', () => {
    expect(filtersOf('which customer placed the most orders')).toEqual([]);
  });

  it('is the value where it names the rows', () => {
    expect(filtersOf('placed orders last month')).toEqual([
      { field: 'orders.status', op: 'in', values: ['placed'] },
    ]);
    expect(filtersOf('number of shipped orders')).toEqual([
      { field: 'orders.status', op: 'in', values: ['shipped'] },
    ]);
  });
});
