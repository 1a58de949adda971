/**
 * Link tables with roles and their neighbours, each on a small schema of that shape: a role-named
 * reference (a customer's sales rep), a link table with role codes (with and without a lookup of
 * role names), the labels of entities without a name column (a text key, a unique city, a person's
 * first and last name), and a pipeline's staging copy that is the only home of its entity.
 */
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../compiler/compile';
import { parseQuestion } from '../../parser/parse';
import { findDimensionSource, getDimension, type TSemanticModel } from '../semantic-model';
import { generateModel } from './generate-model';
import { col, fk, table } from './introspection.testkit';

const TODAY = '2024-06-30';
function query(model: TSemanticModel, phrase: string) {
  const r = parseQuestion(phrase, { model, today: TODAY, weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${JSON.stringify(r)}`);
  return r.query;
}
const sqlOf = (model: TSemanticModel, phrase: string) =>
  compileQuery(query(model, phrase), model, { dialect: 'duckdb', today: TODAY, weekStart: 'monday' }).sql;

/** Offices, their employees (last names shared), customers with a sales rep, orders; product lines keyed by name. */
const SALES = generateModel({
  tables: [
    table(
      'offices',
      [col('office_code', 'VARCHAR', ['1', '2', '3']), col('city', 'VARCHAR', ['Boston', 'NYC', 'Paris'])],
      3,
      {
        primaryKey: ['office_code'],
      },
    ),
    table(
      'employees',
      [
        col('employee_number', 'INTEGER'),
        col('last_name', 'VARCHAR', null, 8),
        col('first_name', 'VARCHAR', null, 10),
        col('office_code', 'VARCHAR'),
        col('reports_to', 'INTEGER'),
      ],
      10,
      {
        primaryKey: ['employee_number'],
        foreignKeys: [fk(['office_code'], 'offices'), fk(['reports_to'], 'employees', ['employee_number'])],
      },
    ),
    table(
      'customers',
      [
        col('customer_number', 'INTEGER'),
        col('customer_name', 'VARCHAR'),
        col('sales_rep_employee_number', 'INTEGER'),
      ],
      120,
      {
        primaryKey: ['customer_number'],
        foreignKeys: [fk(['sales_rep_employee_number'], 'employees', ['employee_number'])],
      },
    ),
    table('product_lines', [col('product_line', 'VARCHAR', ['Classic Cars', 'Planes', 'Ships'])], 3, {
      primaryKey: ['product_line'],
    }),
    table(
      'orders',
      [
        col('order_number', 'INTEGER'),
        col('order_date', 'DATE'),
        col('customer_number', 'INTEGER'),
        col('product_line', 'VARCHAR'),
        col('amount', 'DECIMAL(10,2)'),
      ],
      3000,
      {
        primaryKey: ['order_number'],
        foreignKeys: [fk(['customer_number'], 'customers'), fk(['product_line'], 'product_lines')],
      },
    ),
  ],
});

describe("a reference named for a role (a customer's sales rep is an employee)", () => {
  it('groups by the employee as sales rep, named by first and last name, through that reference', () => {
    const sql = sqlOf(SALES, 'amount by sales rep');
    expect(sql).toContain('"customers"."sales_rep_employee_number" = "employees"."employee_number"');
    expect(sql).toContain(`("employees"."first_name" || ' ' || "employees"."last_name")`);
    expect(sqlOf(SALES, 'number of customers by sales rep')).toContain('"first_name"');
  });

  it('is no role of the employees themselves: the path must run through the reference', () => {
    const rep = getDimension(SALES, 'customers.sales_rep_employee_number');
    expect(findDimensionSource(SALES, rep, 'orders')).not.toBeNull();
    expect(findDimensionSource(SALES, rep, 'employees')).toBeNull();
  });
});

describe('the entities that took part in an event', () => {
  it('"customers who ordered" counts the distinct customers of the orders, dated by the order', () => {
    const q = query(SALES, 'customers who ordered last month');
    expect(q.measures).toEqual(['orders.customer_number.count_distinct']);
    expect(q.timeDimension?.field).toBe('orders.order_date');
  });
});

describe('entities named without a name column', () => {
  it('a lookup keyed by a readable name is its own dimension, values included', () => {
    const line = getDimension(SALES, 'product_lines.product_line');
    expect(line.label).toBe('Product Line');
    expect(line.values).toContain('Classic Cars');
    expect(sqlOf(SALES, 'amount by product line')).toContain('"product_lines"."product_line"');
  });

  it('a referred table whose codes say nothing is named by its one all-distinct text (an office by its city)', () => {
    expect(getDimension(SALES, 'offices.city').label).toBe('Office');
    expect(sqlOf(SALES, 'amount by office')).toContain('JOIN "offices"');
  });

  it('a person is named by the last name alone where it is unique', () => {
    const unique = generateModel({
      tables: [
        table(
          'staff',
          [col('staff_id', 'INTEGER'), col('first_name', 'VARCHAR'), col('last_name', 'VARCHAR', null, 40)],
          40,
          {
            primaryKey: ['staff_id'],
          },
        ),
        table(
          'sales',
          [col('sale_id', 'INTEGER'), col('staff_id', 'INTEGER'), col('amount', 'DECIMAL(10,2)')],
          900,
          {
            primaryKey: ['sale_id'],
            foreignKeys: [fk(['staff_id'], 'staff')],
          },
        ),
      ],
    });
    expect(getDimension(unique, 'staff.last_name').sources[0].concat).toBeUndefined();
  });
});

/** Policies linked to parties with a role: `roles` lookup or not. */
function policies(lookup: boolean): TSemanticModel {
  const roleValues = lookup ? ['H', 'A'] : ['holder', 'agent'];
  return generateModel({
    tables: [
      table('parties', [col('party_id', 'INTEGER'), col('party_name', 'VARCHAR')], 200, {
        primaryKey: ['party_id'],
      }),
      table(
        'policies',
        [col('policy_id', 'INTEGER'), col('issued_on', 'DATE'), col('premium', 'DECIMAL(10,2)')],
        500,
        {
          primaryKey: ['policy_id'],
        },
      ),
      ...(lookup
        ? [
            table(
              'party_roles',
              [
                col('role_code', 'VARCHAR', roleValues),
                col('role_name', 'VARCHAR', ['Policy Holder', 'Agent']),
              ],
              2,
              { primaryKey: ['role_code'] },
            ),
          ]
        : []),
      table(
        'policy_parties',
        [col('policy_id', 'INTEGER'), col('party_id', 'INTEGER'), col('role_code', 'VARCHAR', roleValues)],
        900,
        {
          primaryKey: ['policy_id', 'party_id', 'role_code'],
          foreignKeys: [
            fk(['policy_id'], 'policies'),
            fk(['party_id'], 'parties'),
            ...(lookup ? [fk(['role_code'], 'party_roles')] : []),
          ],
        },
      ),
    ],
  });
}

describe('a link table with roles (shape 5)', () => {
  it("yields one dimension per role, named and filtered by the lookup's description", () => {
    const model = policies(true);
    const sql = sqlOf(model, 'premium by policy holder');
    expect(sql).toContain('"parties"."party_name"');
    expect(sql).toContain('"party_roles"."role_name" IN');
    expect(
      compileQuery(query(model, 'premium by policy holder'), model, {
        dialect: 'duckdb',
        today: TODAY,
        weekStart: 'monday',
      }).params,
    ).toContain('Policy Holder');
    expect(sqlOf(model, 'policies by agent')).toContain('"party_roles"."role_name" IN');
  });

  it('without a lookup, the codes themselves name the roles', () => {
    const model = policies(false);
    expect(getDimension(model, 'policy_parties.role_code.holder').label).toBe('Holder');
    expect(sqlOf(model, 'premium by agent')).toContain('"policy_parties"."role_code" IN');
  });

  it('reads a link with its own key and dates, and a numbered role described by a lookup', () => {
    const model = generateModel({
      tables: [
        table('party', [col('party_identifier', 'INTEGER'), col('party_name', 'VARCHAR')], 300, {
          primaryKey: ['party_identifier'],
        }),
        table(
          'agreement',
          [
            col('agreement_identifier', 'INTEGER'),
            col('signed_date', 'DATE'),
            col('premium_amount', 'DECIMAL(10,2)'),
          ],
          800,
          {
            primaryKey: ['agreement_identifier'],
          },
        ),
        table(
          'party_role',
          [
            col('party_role_code', 'INTEGER'),
            col('party_role_description', 'VARCHAR', ['Policy Holder', 'Agent']),
          ],
          2,
          {
            primaryKey: ['party_role_code'],
          },
        ),
        table(
          'agreement_party_role',
          [
            col('agreement_party_role_id', 'INTEGER'),
            col('agreement_identifier', 'INTEGER'),
            col('party_identifier', 'INTEGER'),
            col('party_role_code', 'INTEGER'),
            col('effective_date', 'DATE'),
          ],
          1600,
          { primaryKey: ['agreement_party_role_id'] },
        ),
      ],
    });
    const sql = sqlOf(model, 'premium amount by agent');
    expect(sql).toContain('"party_role"."party_role_description" IN');
    expect(sql).toContain('"party"."party_name"');
  });

  it('refuses two roles of one link table at once rather than read no row', () => {
    const model = policies(true);
    expect(() => sqlOf(model, 'premium by policy holder and agent')).toThrow(/cannot be read together/);
  });
});

describe("a pipeline's staging copy that alone holds an entity", () => {
  const layered = (withFinal: boolean) =>
    generateModel({
      tables: [
        table(
          'orders',
          [col('order_id', 'INTEGER'), col('order_date', 'DATE'), col('amount', 'DECIMAL(10,2)')],
          99,
        ),
        table(
          'raw_payments',
          [
            col('id', 'INTEGER'),
            col('order_id', 'INTEGER'),
            col('payment_method', 'VARCHAR', ['card', 'cash']),
            col('amount', 'INTEGER'),
          ],
          100,
        ),
        table(
          'stg_payments',
          [
            col('payment_id', 'INTEGER'),
            col('order_id', 'INTEGER'),
            col('payment_method', 'VARCHAR', ['card', 'cash']),
            col('amount', 'INTEGER'),
          ],
          0,
        ),
        ...(withFinal
          ? [
              table(
                'payments',
                [col('payment_id', 'INTEGER'), col('order_id', 'INTEGER'), col('amount', 'DECIMAL(10,2)')],
                100,
              ),
            ]
          : []),
      ],
    });

  it('is said without its prefix, the most refined layer first', () => {
    const model = layered(false);
    expect(query(model, 'number of payments').measures).toEqual(['stg_payments.count']);
    expect(query(model, 'payment amount by payment method').measures).toEqual(['stg_payments.amount.sum']);
  });

  it('leaves the words to a final table that has them', () => {
    expect(query(layered(true), 'number of payments').measures).toEqual(['payments.count']);
  });
});
