/**
 * Identifiers by any naming, an entity's label as its dimension, the entities of a flat export, and
 * labels that are sentences — each on a small schema of that shape.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import type { TAggregateMeasure, TSemanticModel } from '../semantic-model';
import { generateModel } from './generate-model';
import { col, table } from './introspection.testkit';

function query(model: TSemanticModel, phrase: string) {
  const r = parseQuestion(phrase, { model, today: '2024-06-15', weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
}
const aggregate = (model: TSemanticModel, name: string): TAggregateMeasure | undefined =>
  model.measures.find((m): m is TAggregateMeasure => m.kind === 'aggregate' && m.name === name);
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

  it('"by invoice" groups by an integer invoice number', () => {
    const invoices = generateModel({
      tables: [
        table(
          'invoice',
          [col('invoice_id', 'INTEGER'), col('invoice_no', 'INTEGER'), col('invoice_date', 'DATE')],
          500,
          {
            primaryKey: ['invoice_id'],
          },
        ),
        table(
          'invoice_line',
          [col('line_id', 'INTEGER'), col('invoice_id', 'INTEGER'), col('amount', 'DECIMAL(10,2)')],
          3000,
          {
            primaryKey: ['line_id'],
            foreignKeys: [{ columns: ['invoice_id'], refTable: 'invoice', refColumns: ['invoice_id'] }],
          },
        ),
      ],
    });
    expect(query(invoices, 'amount by invoice')).toMatchObject({
      measures: ['invoice_line.amount.sum'],
      dimensions: ['invoice.invoice_no'],
    });
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

/** One wide export: each row an order line, with the order, customer and product beside it. */
const FLAT = generateModel({
  tables: [
    table(
      'sales_export',
      [
        col('Order Id', 'BIGINT'),
        col('Order Date', 'DATE'),
        col('Order Status', 'VARCHAR', ['CLOSED', 'PENDING']),
        col('Customer Id', 'BIGINT'),
        col('Customer Fname', 'VARCHAR', null, 300),
        col('Customer Lname', 'VARCHAR', null, 700),
        col('Customer Segment', 'VARCHAR', ['Consumer', 'Corporate', 'Home Office']),
        col('Order Customer Id', 'BIGINT'),
        col('Product Card Id', 'BIGINT'),
        col('Product Category Id', 'BIGINT'),
        col('Product Name', 'VARCHAR', null, 120),
        col('Category Id', 'BIGINT'),
        col('Category Name', 'VARCHAR', ['Golf', 'Tennis']),
        col('Order Item Id', 'BIGINT'),
        col('Order Item Quantity', 'BIGINT'),
        col('Sales', 'DOUBLE'),
      ],
      6000,
    ),
  ],
});

describe('shape 3: a flat export has entities', () => {
  it('counts orders, customers and products as distinct identifiers', () => {
    expect(query(FLAT, 'number of orders').measures).toHaveLength(1);
    const orders = aggregate(FLAT, query(FLAT, 'number of orders').measures[0]);
    expect(orders).toMatchObject({ agg: 'count_distinct', expr: { col: 'Order Id' } });
    const customers = aggregate(FLAT, query(FLAT, 'how many customers').measures[0]);
    expect(customers).toMatchObject({ agg: 'count_distinct', expr: { col: 'Customer Id' } });
    const products = aggregate(FLAT, query(FLAT, 'number of products').measures[0]);
    expect(products).toMatchObject({ agg: 'count_distinct', expr: { col: 'Product Card Id' } });
  });

  it('"number of orders by segment" is the order count, never the sales total', () => {
    const q = query(FLAT, 'number of orders by segment');
    expect(aggregate(FLAT, q.measures[0])).toMatchObject({
      agg: 'count_distinct',
      expr: { col: 'Order Id' },
    });
    expect(q.dimensions).toEqual(['sales_export.Customer Segment']);
  });

  it('groups "by product" and "by customer" by their labels (shape 2 in a flat file)', () => {
    expect(query(FLAT, 'sales by product')).toMatchObject({
      measures: ['sales_export.Sales.sum'],
      dimensions: ['sales_export.Product Name'],
    });
    // A customer known only by first and last names has no one label: ask, never show bare ids
    // or add the sales total and the customer count side by side.
    const byCustomer = parseQuestion('sales by customer', {
      model: FLAT,
      today: '2024-06-15',
      weekStart: 'monday',
    });
    expect(byCustomer.kind).toBe('clarify');
    expect(FLAT.dimensions.some((d) => d.sources[0].column === 'Customer Id')).toBe(false);
  });
});

describe('shape 3: a flat file whose rows are one entity', () => {
  const model = generateModel({
    tables: [
      table(
        'telecom_churn',
        [
          col('customerID', 'VARCHAR', null, 7100),
          col('gender', 'VARCHAR', ['Female', 'Male']),
          col('tenure', 'BIGINT'),
          col('MonthlyCharges', 'DOUBLE'),
        ],
        7043,
      ),
    ],
  });

  it('names its rows after the unique identifier: "customers"', () => {
    const customers = aggregate(model, query(model, 'number of customers').measures[0]);
    expect(customers).toMatchObject({ agg: 'count_distinct', expr: { col: 'customerID' } });
    expect(query(model, 'customers by gender').dimensions).toEqual(['telecom_churn.gender']);
  });
});

describe('shape 9: labels that are sentences', () => {
  const model = generateModel({
    tables: [
      table(
        'survey_2024',
        [
          col('Which plan are you on?', 'VARCHAR', ['Free', 'Pro', 'Team']),
          col('How many employees does your company or organization have?', 'VARCHAR', [
            '1-5',
            '6-25',
            '26-100',
            'More than 1000',
          ]),
          col('What is your age?', 'BIGINT'),
          col('Do you work remotely?', 'VARCHAR', ['Always', 'Never', 'Sometimes']),
        ],
        1400,
      ),
      table(
        'loan_amount',
        [
          col('loan_amount_identifier', 'INTEGER'),
          col('loan_amount', 'DECIMAL(12,2)'),
          col('paid_on', 'DATE'),
        ],
        900,
        { primaryKey: ['loan_amount_identifier'] },
      ),
    ],
  });

  it('names a question by its content words', () => {
    const plan = 'survey_2024.Which plan are you on?';
    expect(model.dimensions.find((d) => d.name === plan)?.label).toBe('Plan');
    expect(model.measures.find((m) => m.name === 'survey_2024.count')?.label).toBe('Responses');
    expect(query(model, 'respondents by plan')).toMatchObject({
      measures: ['survey_2024.count'],
      dimensions: [plan],
    });
    expect(query(model, 'survey 2024s by company size').dimensions).toEqual([
      'survey_2024.How many employees does your company or organization have?',
    ]);
    expect(query(model, 'survey 2024s by work remotely').dimensions).toEqual([
      'survey_2024.Do you work remotely?',
    ]);
    const age = query(model, 'average age').measures[0];
    expect(aggregate(model, age)).toMatchObject({ agg: 'avg', expr: { col: 'What is your age?' } });
    expect(model.measures.find((m) => m.name === age)?.label).toBe('Average Age');
  });

  it('never repeats the table in a measure label; the bare concept reaches it', () => {
    const labels = model.measures.map((m) => m.label);
    expect(labels.some((l) => /loan amount loan amount/i.test(l))).toBe(false);
    expect(query(model, 'total loan amount').measures).toEqual(['loan_amount.loan_amount.sum']);
    expect(query(model, 'loan amount').measures).toEqual(['loan_amount.loan_amount.sum']);
  });
});

describe('shape 9: names glued once a database folded their case', () => {
  // classicmodels' camelCase columns as PostgreSQL keeps them: quantityOrdered → quantityordered.
  const model = generateModel(
    {
      tables: [
        table(
          'orders',
          [col('ordernumber', 'integer'), col('orderdate', 'date'), col('customernumber', 'integer')],
          300,
          { primaryKey: ['ordernumber'] },
        ),
        table(
          'orderdetails',
          [
            col('ordernumber', 'integer'),
            col('productcode', 'varchar(15)'),
            col('quantityordered', 'integer'),
            col('priceeach', 'numeric(10,2)'),
            col('orderlinenumber', 'smallint'),
          ],
          3000,
          {
            primaryKey: ['ordernumber', 'productcode'],
            foreignKeys: [{ columns: ['ordernumber'], refTable: 'orders', refColumns: ['ordernumber'] }],
          },
        ),
        table(
          'stockitems',
          [
            col('itemcode', 'varchar(15)'),
            col('quantityinstock', 'integer'),
            col('lifetime_value', 'numeric(10,2)'),
          ],
          110,
          { primaryKey: ['itemcode'] },
        ),
      ],
    },
    'glued',
  );

  it('reads a line table of glued names as quantity × price: its revenue', () => {
    const revenue = aggregate(model, 'orderdetails.revenue.sum');
    expect(revenue?.expr).toEqual({
      op: '*',
      left: { table: 'orderdetails', col: 'priceeach' },
      right: { table: 'orderdetails', col: 'quantityordered' },
    });
    expect(query(model, 'revenue by month').measures).toEqual(['orderdetails.revenue.sum']);
  });

  it('never sums a glued line number, and reaches a glued quantity by its words', () => {
    expect(aggregated(model)).not.toContain('sum(orderlinenumber)');
    expect(query(model, 'total quantity ordered').measures).toEqual(['orderdetails.quantityordered.sum']);
  });

  it('says a quantity in units: units sold are the quantity ordered, units in stock the quantity in stock', () => {
    expect(query(model, 'units sold by month').measures).toEqual(['orderdetails.quantityordered.sum']);
    expect(query(model, 'total units in stock').measures).toEqual(['stockitems.quantityinstock.sum']);
    expect(query(model, 'total ltv').measures).toEqual(['stockitems.lifetime_value.sum']);
  });
});

describe('a pipeline keeps its raw and staging copies beside the final table', () => {
  // dbt's raw_payments (amounts in cents, more rows) and the final orders table (dollars).
  const model = generateModel(
    {
      tables: [
        table(
          'raw_payments',
          [col('id', 'integer'), col('order_id', 'integer'), col('amount', 'integer')],
          113,
        ),
        table(
          'orders',
          [col('order_id', 'integer'), col('order_date', 'date'), col('amount', 'numeric')],
          99,
          {
            primaryKey: ['order_id'],
          },
        ),
      ],
    },
    'pipeline',
  );

  it('gives the shared words to the final table, not the raw copy with more rows', () => {
    expect(query(model, 'total revenue').measures).toEqual(['orders.amount.sum']);
    expect(query(model, 'amount').measures).toEqual(['orders.amount.sum']);
  });
});
