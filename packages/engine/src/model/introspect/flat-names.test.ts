/**
 * A flat order-line export: a quantity is reached by its bare concept, a two-letter code never
 * reads "in", and what the export cannot group by asks back.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import { generateModel } from './generate-model';
import { col } from './introspection.testkit';
import { bareNames } from './text';

const model = generateModel({
  tables: [
    {
      name: 'order_lines',
      rowCount: 6000,
      primaryKey: [],
      foreignKeys: [],
      columns: [
        col('Order Item Id', 'BIGINT', null, 6000),
        col('Order Id', 'BIGINT', null, 2000),
        col('Order Date', 'DATE'),
        col('Order Status', 'VARCHAR', ['CLOSED', 'PENDING']),
        col('Customer Id', 'BIGINT', null, 900),
        col('Customer Fname', 'VARCHAR', null, 300),
        col('Customer Lname', 'VARCHAR', null, 700),
        col('Customer State', 'VARCHAR', ['CA', 'IN', 'OR', 'TX']),
        col('Market', 'VARCHAR', ['Europe', 'LATAM']),
        col('Order Item Quantity', 'BIGINT', null, 5),
        col('Order Profit Per Order', 'DOUBLE'),
        col('Days for shipping (real)', 'BIGINT', null, 7),
        col('Sales', 'DOUBLE'),
      ],
    },
  ],
});
const parse = (phrase: string) => parseQuestion(phrase, { model, today: '2018-02-01', weekStart: 'monday' });
function query(phrase: string) {
  const r = parse(phrase);
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
}

describe('a quantity by its bare concept', () => {
  it('drops a qualifier, a repeated entity and a flat entity in front', () => {
    expect(bareNames('days for shipping (real)', [])).toEqual([
      'days for shipping',
      'real days for shipping',
      'real shipping days',
    ]);
    expect(bareNames('days for shipment (scheduled)', [])).toContain('scheduled shipping days');
    expect(bareNames('order profit per order', ['order'])).toEqual([
      'profit',
      'order profit',
      'profit per order',
    ]);
    expect(bareNames('order item quantity', ['order', 'order item'])).toEqual(['quantity']);
    expect(bareNames('order item total', ['order item'])).toEqual([]);
  });

  it('answers "profit", "quantity" and "days for shipping"', () => {
    expect(query('profit by market').measures).toEqual(['order_lines.Order Profit Per Order.sum']);
    expect(query('quantity by market').measures).toEqual(['order_lines.Order Item Quantity.sum']);
    expect(query('average days for shipping').measures).toEqual(['order_lines.Days for shipping (real).avg']);
  });
});

describe('what a flat export cannot answer asks back', () => {
  it('never reads "in" as the state IN', () => {
    expect(query('sales in Europe').filters).toEqual([
      { field: 'order_lines.Market', op: 'in', values: ['Europe'] },
    ]);
  });

  it('asks "by customer" when customers are known only by first and last names', () => {
    expect(parse('sales by customer').kind).toBe('clarify');
    expect(parse('top 2 customers by sales').kind).toBe('clarify');
  });

  it('divides "sales per order" by the distinct orders where orders are not the rows (never the average line)', () => {
    expect(query('average sales per order').arithmetic).toEqual([
      expect.objectContaining({ op: 'divide', right: 'order_lines.Order Id.count_distinct' }),
    ]);
  });
});
