/**
 * Named aggregations and stated arithmetic as users type them, on a small shop schema: an entity
 * word that only says whose value ("order value"), "average" on a summed column, superlatives with
 * nothing to rank, "in total", lists of measures, "A per B" and shares of money. English and
 * Turkish.
 */
import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../compiler/compile';
import { getDemoModel } from '../model/demo-model';
import { generateModel } from '../model/introspect/generate-model';
import { col, fk, type TTableKeys, table as tableOf } from '../model/introspect/introspection.testkit';
import type { TIntrospectedColumn } from '../model/introspection';
import type { TSemanticModel } from '../model/semantic-model';
import { parseQuestion } from './parse';

/** Every table of 50 rows. */
const table = (name: string, columns: TIntrospectedColumn[], keys: TTableKeys = {}) =>
  tableOf(name, columns, 50, keys);

/** Customers, their orders and payments. */
const SHOP = generateModel(
  {
    tables: [
      table(
        'customers',
        [
          col('customer_id', 'INTEGER'),
          col('first_name', 'VARCHAR'),
          col('last_name', 'VARCHAR'),
          col('credit_limit', 'DECIMAL(10,2)'),
        ],
        { primaryKey: ['customer_id'] },
      ),
      table(
        'orders',
        [
          col('order_id', 'INTEGER'),
          col('customer_id', 'INTEGER'),
          col('order_date', 'DATE'),
          col('amount', 'DECIMAL(10,2)'),
          col('monthly_fee', 'DECIMAL(10,2)'),
          col('status', 'VARCHAR', ['placed', 'shipped']),
        ],
        { primaryKey: ['order_id'], foreignKeys: [fk(['customer_id'], 'customers')] },
      ),
      table(
        'payments',
        [
          col('payment_id', 'INTEGER'),
          col('customer_id', 'INTEGER'),
          col('payment_date', 'DATE'),
          col('amount', 'DECIMAL(10,2)'),
        ],
        { primaryKey: ['payment_id'], foreignKeys: [fk(['customer_id'], 'customers')] },
      ),
    ],
  },
  'shop',
);

/** A flat export of order lines: an order has several lines, so a line's average is not an order's. */
const LINES = generateModel(
  {
    tables: [
      table('order_lines', [
        col('Order Id', 'INTEGER'),
        col('Order Item Id', 'INTEGER'),
        col('Order Date', 'DATE'),
        col('Order Status', 'VARCHAR', ['COMPLETE', 'PENDING']),
        col('Customer Id', 'INTEGER'),
        col('Customer Name', 'VARCHAR'),
        col('Sales', 'DOUBLE'),
        col('Region', 'VARCHAR', ['East', 'West']),
      ]),
    ],
  },
  'lines',
);

/** One table per entity: the orders' amount is the only money, so "value" names it. */
const SOLO = generateModel(
  {
    tables: [
      table(
        'orders',
        [col('order_id', 'INTEGER'), col('order_date', 'DATE'), col('amount', 'DECIMAL(10,2)')],
        { primaryKey: ['order_id'] },
      ),
      table('respondents', [col('respondent_id', 'INTEGER'), col('age', 'INTEGER')], {
        primaryKey: ['respondent_id'],
      }),
    ],
  },
  'solo',
);

const options = (model: TSemanticModel) => ({ model, today: '2024-06-30', weekStart: 'monday' as const });

function query(model: TSemanticModel, phrase: string): TSemanticQuery {
  const r = parseQuestion(phrase, options(model));
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
}

describe('measure words that qualify one another (English)', () => {
  it('reads "order value" as the orders\' amount, and "average"/"median" on it', () => {
    expect(query(SOLO, 'order value').measures).toEqual(['orders.amount.sum']);
    expect(query(SOLO, 'average order value').measures).toEqual(['orders.amount.avg']);
    expect(query(SOLO, 'average order value by month').timeDimension?.grain).toBe('month');
    expect(query(SOLO, 'median order value').aggregations).toEqual([
      { measure: 'orders.amount.sum', fn: 'median' },
    ]);
    expect(query(SOLO, 'youngest respondent age').aggregations).toEqual([
      { measure: 'respondents.age.avg', fn: 'min' },
    ]);
  });

  it('reads "respondent age" as the column where the ages are also a grouping (few values)', () => {
    const ages = Array.from({ length: 40 }, (_, i) => String(18 + i));
    const survey = generateModel(
      {
        tables: [
          // A survey export: most columns are questions, its rows are responses.
          table('mental_health_survey', [
            col('What is your age?', 'BIGINT', ages),
            col('Do you work remotely?', 'VARCHAR', ['Always', 'Never', 'Sometimes']),
            col('What country do you live in?', 'VARCHAR', ['Canada', 'Germany']),
            col('Have you ever sought treatment?', 'VARCHAR', ['Yes', 'No']),
          ]),
        ],
      },
      'survey',
    );
    expect(survey.dimensions.map((d) => d.label)).toContain('Age');
    const q = query(survey, 'youngest respondent age');
    expect(q.dimensions).toEqual([]);
    expect(q.aggregations).toEqual([{ measure: expect.stringMatching(/age/i), fn: 'min' }]);
    expect(query(survey, 'respondents by age').dimensions).toEqual([expect.stringMatching(/age/i)]);
  });

  it('keeps "monthly fee" a column: the grain word is part of its name', () => {
    const q = query(SHOP, 'average monthly fee');
    expect(q.measures).toEqual(['orders.monthly_fee.avg']);
    expect(q.timeDimension).toBeUndefined();
    expect(query(SHOP, 'monthly order value').timeDimension?.grain).toBe('month');
  });

  it.each([
    ['largest payment', 'payments.amount.sum', 'max'],
    ['lowest credit limit', 'customers.credit_limit.sum', 'min'],
    ['smallest order amount', 'orders.amount.sum', 'min'],
  ])("%s: a superlative with nothing to rank is the column's extreme", (phrase, name, fn) => {
    const q = query(SHOP, phrase);
    expect(q.aggregations).toEqual([{ measure: name, fn }]);
    expect(q.order).toBeUndefined();
  });

  it('still ranks a superlative with something to rank, and asks when a count has several columns', () => {
    expect(query(SHOP, 'largest payment amount by customer').order?.dir).toBe('desc');
    expect(parseQuestion('biggest order', options(SHOP)).kind).toBe('clarify');
  });

  it('"in total" is one total: the customers who paid are not a breakdown', () => {
    expect(query(SHOP, 'payment amount of customers in total').dimensions).toEqual([]);
    expect(query(SHOP, 'payment amount of customers').dimensions).toEqual(['customers.last_name']);
    expect(query(SHOP, 'payment amount by customer in total').dimensions).toEqual(['customers.last_name']);
  });

  it('reads a list ending in an entity as measures, and "divided by customers" as arithmetic', () => {
    const q = query(SHOP, 'orders, payments and customers');
    expect(q.measures).toEqual(['orders.count', 'payments.count', 'customers.count']);
    expect(q.dimensions).toEqual([]);
    expect(query(SHOP, 'order amount divided by customers').arithmetic).toEqual([
      expect.objectContaining({ op: 'divide', left: 'orders.amount.sum', right: 'customers.count' }),
    ]);
  });

  it('asks which reading "amount per customer" has, offering the division', () => {
    const r = parseQuestion('order amount per customer', options(SHOP));
    expect(r.kind).toBe('clarify');
    if (r.kind !== 'clarify') return;
    expect(r.message.key).toBe('perWhat');
    expect(r.prompt.items).toContain('Order Amount divided by Customers');
  });

  it('divides a total by the distinct orders among order lines ("average sales per order")', () => {
    const q = query(LINES, 'average sales per order');
    expect(q.arithmetic).toEqual([
      expect.objectContaining({
        op: 'divide',
        left: 'order_lines.Sales.sum',
        right: 'order_lines.Order Id.count_distinct',
      }),
    ]);
  });

  it('takes the money of a count beside money in a share ("payments as a share of order amount")', () => {
    const q = query(SHOP, 'payments as a percentage of order amount');
    expect(q.arithmetic).toEqual([
      expect.objectContaining({ op: 'share', left: 'payments.amount.sum', right: 'orders.amount.sum' }),
    ]);
  });
});

/** A schema named in Turkish: a customer's credit limit, an order's monthly fee. */
const TURKISH = generateModel(
  {
    tables: [
      table('musteri', [col('musteri_id', 'INTEGER'), col('kredi_limiti', 'DECIMAL(10,2)')], {
        primaryKey: ['musteri_id'],
      }),
      table(
        'siparis',
        [
          col('siparis_id', 'INTEGER'),
          col('musteri_id', 'INTEGER'),
          col('siparis_tarihi', 'DATE'),
          col('aylik_ucret', 'DECIMAL(10,2)'),
        ],
        { primaryKey: ['siparis_id'], foreignKeys: [fk(['musteri_id'], 'musteri')] },
      ),
    ],
  },
  'tr',
);
const DEMO = getDemoModel();

describe('the same word rules in Turkish', () => {
  it('"ortalama aylık ücret": the average of the column, not a monthly grain', () => {
    const q = query(TURKISH, 'ortalama aylık ücret');
    expect(q.measures).toEqual(['siparis.aylik_ucret.avg']);
    expect(q.timeDimension).toBeUndefined();
  });

  it.each([
    ['en düşük kredi limiti', TURKISH, 'musteri.kredi_limiti.sum', 'min'],
    ['en büyük oturum', DEMO, 'sessions', 'max'],
    ['en küçük satılan adet', DEMO, 'units_sold', 'min'],
  ])("%s: the column's extreme", (phrase, model, name, fn) => {
    expect(query(model, phrase).aggregations).toEqual([{ measure: name, fn }]);
  });

  it('"toplamda": one total, no breakdown by an ungrouped field', () => {
    expect(query(DEMO, 'ülkelerin geliri').dimensions).toEqual(['country']);
    expect(query(DEMO, 'toplamda ülkelerin geliri').dimensions).toEqual([]);
  });

  it.each(['iadelerin gelirdeki payı', 'iadelerin gelir içindeki yüzdesi'])('%s: a share', (phrase) => {
    expect(query(DEMO, phrase).arithmetic).toEqual([
      { name: 'refunds__share__revenue', op: 'share', left: 'refunds', right: 'revenue' },
    ]);
  });

  it('"müşteri başına ortalama gelir" still asks: no measure divides revenue by customers', () => {
    expect(parseQuestion('müşteri başına ortalama gelir', options(DEMO)).kind).toBe('clarify');
  });
});

describe('a share of the rows the values pick', () => {
  it('"share of orders with status shipped": shipped orders over all orders, a percent on every dialect', () => {
    const q = query(SHOP, 'share of orders with status shipped');
    expect(q.filters).toEqual([]);
    expect(q.arithmetic).toEqual([
      expect.objectContaining({
        op: 'share',
        left: 'orders.count',
        right: 'orders.count',
        where: [{ field: 'orders.status', values: ['shipped'] }],
      }),
    ]);
    for (const dialect of ['duckdb', 'postgres', 'sqlite'] as const) {
      const compiled = compileQuery(q, SHOP, { dialect, today: '2024-06-30', weekStart: 'monday' });
      expect(compiled.sql).toContain('CASE WHEN');
      expect(compiled.columns.at(-1)).toMatchObject({ format: 'percent' });
    }
  });

  it("leaves a share without values to the card's own shares, and a plain filter a filter", () => {
    expect(query(SHOP, 'percentage of orders by status').arithmetic).toBeUndefined();
    expect(query(SHOP, 'orders with status shipped').filters).toHaveLength(1);
  });

  it.each(['müşterilerin yüzde kaçı enterprise', 'enterprise müşterilerin payı'])('%s', (phrase) => {
    expect(query(DEMO, phrase).arithmetic).toEqual([
      expect.objectContaining({ left: 'customers', where: [{ field: 'segment', values: ['Enterprise'] }] }),
    ]);
  });

  it('"iade oranı" still asks: a share word with no values to take it over is not dropped', () => {
    expect(parseQuestion('iade oranı', options(DEMO)).kind).toBe('clarify');
  });
});

describe('"how much" asks for an amount, not a count', () => {
  it("asks whether the rows' amount or their number is meant, each choice a working question", () => {
    const r = parseQuestion('how much did we order last month', options(SOLO));
    expect(r.kind).toBe('clarify');
    if (r.kind !== 'clarify') return;
    expect(r.message.key).toBe('ambiguousWord');
    expect(r.prompt.items).toHaveLength(2);
    const chosen = r.prompt.items.map((item) => query(SOLO, item));
    expect(chosen.map((q) => q.measures[0])).toEqual(['orders.amount.sum', 'orders.count']);
    expect(chosen.every((q) => q.timeDimension?.range)).toBe(true);
  });

  it('leaves "how many" and an amount named outright alone', () => {
    expect(query(SOLO, 'how many orders last month').measures).toEqual(['orders.count']);
    expect(query(SOLO, 'how much order value last month').measures).toEqual(['orders.amount.sum']);
  });
});
