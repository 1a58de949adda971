/**
 * Schema shapes the generator must read right, each on a small schema of that shape: durations (6),
 * text columns inside composite keys and link tables crossed (8), subtype marker tables (4). The
 * compiled SQL is run on real databases in packages/connectors/test/model/.
 */
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../compiler/compile';
import { parseQuestion } from '../../parser/parse';
import type { TIntrospection } from '../introspection';
import {
  findDimensionSource,
  getDimension,
  type TAggregateMeasure,
  type TSemanticModel,
} from '../semantic-model';
import { generateModel } from './generate-model';
import { col, fk, table } from './introspection.testkit';

const TODAY = '2024-06-30';
function query(model: TSemanticModel, phrase: string) {
  const r = parseQuestion(phrase, { model, today: TODAY, weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${JSON.stringify(r)}`);
  return r.query;
}
const sqlOf = (model: TSemanticModel, phrase: string, dialect: 'duckdb' | 'postgres' | 'sqlite' = 'duckdb') =>
  compileQuery(query(model, phrase), model, { dialect, today: TODAY, weekStart: 'monday' }).sql;
const aggregate = (model: TSemanticModel, name: string): TAggregateMeasure => {
  const m = model.measures.find((x) => x.name === name);
  if (m?.kind !== 'aggregate') throw new Error(`no aggregate ${name}: ${model.measures.map((x) => x.name)}`);
  return m;
};

/** A shop's orders (dates), a support desk's tickets (timestamps), a flat export's odd names. */
export const DURATIONS: TIntrospection = {
  tables: [
    table(
      'orders',
      [
        col('order_id', 'INTEGER'),
        col('order_date', 'DATE'),
        col('required_date', 'DATE'),
        col('shipped_date', 'DATE'),
        col('amount', 'DECIMAL(10,2)'),
      ],
      5,
      { primaryKey: ['order_id'] },
    ),
    table(
      'tickets',
      [
        col('ticket_id', 'INTEGER'),
        col('created_at', 'TIMESTAMP'),
        col('resolved_at', 'TIMESTAMP'),
        col('updated_at', 'TIMESTAMP'),
        col('priority', 'VARCHAR', ['high', 'low']),
      ],
      4,
      { primaryKey: ['ticket_id'] },
    ),
  ],
};
/** A flat export: no keys, a parenthesised note in the dates' names. */
export const EXPORT: TIntrospection = {
  tables: [
    table(
      'export',
      [
        col('Order Id', 'BIGINT'),
        col('order date (DateOrders)', 'TIMESTAMP'),
        col('shipping date (DateOrders)', 'TIMESTAMP'),
        col('Sales', 'DOUBLE'),
      ],
      6,
    ),
  ],
};

/** MySQL-style camelCase names as PostgreSQL folds them: `orderdate`, `shippeddate`. */
const FOLDED: TIntrospection = {
  tables: [
    table(
      'orders',
      [
        col('ordernumber', 'integer'),
        col('orderdate', 'date'),
        col('requireddate', 'date'),
        col('shippeddate', 'date'),
      ],
      300,
      { primaryKey: ['ordernumber'] },
    ),
  ],
};

describe('durations (issue 29 shape 6)', () => {
  const model = generateModel(DURATIONS, 'durations');

  it('turns order → shipped dates into days to ship, dated by the order', () => {
    const avg = aggregate(model, 'orders.shipped_date.days.avg');
    expect(avg).toMatchObject({
      label: 'Average Days to Ship',
      agg: 'avg',
      table: 'orders',
      time: 'orders.order_date',
      expr: {
        span: 'day',
        from: { table: 'orders', col: 'order_date' },
        to: { table: 'orders', col: 'shipped_date' },
      },
    });
    expect(aggregate(model, 'orders.shipped_date.days.sum')).toMatchObject({
      label: 'Total Days to Ship',
      agg: 'sum',
    });
    // A required (due) date is a plan, not an event: no duration to it.
    expect(model.measures.some((m) => m.name.startsWith('orders.required_date'))).toBe(false);
  });

  it('answers "days to ship", "time to ship", "how long does shipping take", "average delivery time"', () => {
    for (const phrase of [
      'days to ship',
      'average time to ship',
      'how long does shipping take',
      'average shipping time by month',
    ])
      expect(query(model, phrase).measures, phrase).toEqual(['orders.shipped_date.days.avg']);
    expect(query(model, 'total days to ship').measures).toEqual(['orders.shipped_date.days.sum']);
  });

  it('renders the date difference per dialect, in calendar days', () => {
    expect(sqlOf(model, 'days to ship', 'duckdb')).toContain(
      `date_diff('day', CAST("orders"."order_date" AS DATE), CAST("orders"."shipped_date" AS DATE))`,
    );
    expect(sqlOf(model, 'days to ship', 'postgres')).toContain(
      `(CAST("orders"."shipped_date" AS DATE) - CAST("orders"."order_date" AS DATE))`,
    );
    expect(sqlOf(model, 'days to ship', 'sqlite')).toContain(
      `(julianday(date("orders"."shipped_date")) - julianday(date("orders"."order_date")))`,
    );
    expect(sqlOf(model, 'average hours to resolve', 'duckdb')).toContain(
      `date_diff('second', CAST("tickets"."created_at" AS TIMESTAMP), CAST("tickets"."resolved_at" AS TIMESTAMP)) / 3600.0`,
    );
  });

  it('measures short timestamp spans in hours, and in days too', () => {
    expect(aggregate(model, 'tickets.resolved_at.hours.avg')).toMatchObject({
      label: 'Average Hours to Resolve',
      expr: { span: 'hour' },
    });
    expect(aggregate(model, 'tickets.resolved_at.days.avg').label).toBe('Average Days to Resolve');
    expect(query(model, 'average resolution time').measures).toEqual(['tickets.resolved_at.hours.avg']);
    expect(query(model, 'time to resolve by priority').measures).toEqual(['tickets.resolved_at.hours.avg']);
    expect(query(model, 'days to resolve').measures).toEqual(['tickets.resolved_at.days.avg']);
    // The audit date is never an end.
    expect(model.measures.some((m) => m.name.includes('updated_at'))).toBe(false);
  });

  it('reads names folded to lower case (orderdate → shippeddate), never the required date', () => {
    const folded = generateModel(FOLDED, 'folded');
    expect(aggregate(folded, 'orders.shippeddate.days.avg').expr).toEqual({
      span: 'day',
      from: { table: 'orders', col: 'orderdate' },
      to: { table: 'orders', col: 'shippeddate' },
    });
    expect(folded.measures.some((m) => m.name.includes('requireddate'))).toBe(false);
  });

  it('reads start and end from names with parentheses and spaces (a flat export)', () => {
    const avg = aggregate(generateModel(EXPORT, 'export'), 'export.shipping date (DateOrders).days.avg');
    expect(avg.expr).toEqual({
      span: 'day',
      from: { table: 'export', col: 'order date (DateOrders)' },
      to: { table: 'export', col: 'shipping date (DateOrders)' },
    });
  });
});

/** A team directory: a person's roles over time (text in the key), and memberships of teams. */
export const COMPOSITE: TIntrospection = {
  tables: [
    table(
      'employees',
      [
        col('person_no', 'INTEGER'),
        col('first_name', 'VARCHAR'),
        col('last_name', 'VARCHAR'),
        col('hire_date', 'DATE'),
      ],
      6,
      { primaryKey: ['person_no'] },
    ),
    table(
      'teams',
      [col('team_no', 'VARCHAR'), col('team_name', 'VARCHAR', ['Sales', 'Support', 'Tech'])],
      3,
      {
        primaryKey: ['team_no'],
      },
    ),
    table(
      'team_members',
      [
        col('person_no', 'INTEGER'),
        col('team_no', 'VARCHAR'),
        col('from_date', 'DATE'),
        col('to_date', 'DATE'),
      ],
      7,
      {
        primaryKey: ['person_no', 'team_no'],
        foreignKeys: [fk(['person_no'], 'employees'), fk(['team_no'], 'teams')],
      },
    ),
    table(
      'roles',
      [
        col('person_no', 'INTEGER'),
        col('role', 'VARCHAR', ['Engineer', 'Manager', 'Analyst']),
        col('from_date', 'DATE'),
        col('to_date', 'DATE'),
      ],
      8,
      { primaryKey: ['person_no', 'role', 'from_date'], foreignKeys: [fk(['person_no'], 'employees')] },
    ),
    table(
      'payments',
      [
        col('person_no', 'INTEGER'),
        col('checknumber', 'VARCHAR'),
        col('paid_on', 'DATE'),
        col('amount', 'DECIMAL(10,2)'),
      ],
      9,
      { primaryKey: ['person_no', 'checknumber'], foreignKeys: [fk(['person_no'], 'employees')] },
    ),
    table(
      'badges',
      [
        col('person_no', 'INTEGER'),
        { ...col('badge', 'VARCHAR'), distinctCount: 400 },
        col('issued', 'DATE'),
      ],
      400,
      { primaryKey: ['person_no', 'badge'], foreignKeys: [fk(['person_no'], 'employees')] },
    ),
  ],
};

describe('columns inside composite keys and link tables (issue 29 shape 8)', () => {
  const model = generateModel(COMPOSITE, 'directory');

  it('keeps a text column of a composite key as a dimension, never a surrogate key', () => {
    expect(getDimension(model, 'roles.role').values).toEqual(['Engineer', 'Manager', 'Analyst']);
    // Identifiers stay keys: by name (person_no, checknumber) or by one value per row (badge).
    expect(model.dimensions.some((d) => d.sources.some((s) => /_no$|number|badge/.test(s.column)))).toBe(
      false,
    );
  });

  it('crosses a link table to group one entity by the other', () => {
    const team = getDimension(model, 'teams.team_name');
    expect(findDimensionSource(model, team, 'employees')).toEqual({ table: 'teams', column: 'team_name' });
    // Roles are history (from/to dates, shape 7): their count of people valid today is the headcount.
    expect(query(model, 'headcount by team')).toMatchObject({
      measures: ['roles.person_no.valid_count'],
      dimensions: ['teams.team_name'],
    });
    const sql = sqlOf(model, 'headcount by team');
    expect(sql).toContain('JOIN "team_members"');
    expect(sql).toContain('JOIN "teams"');
    expect(query(model, 'employees by role')).toMatchObject({
      measures: ['roles.person_no.valid_count'],
      dimensions: ['roles.role'],
    });
  });
});

/** Policy amounts, some of them premiums: the premium table holds only the amount's key. */
const markerTables = (declared: boolean): TIntrospection => ({
  tables: [
    table('policy', [col('policy_id', 'INTEGER'), col('policy_number', 'VARCHAR')], 3, {
      primaryKey: ['policy_id'],
    }),
    table(
      'policy_amount',
      [
        col('policy_amount_id', 'INTEGER'),
        col('policy_id', 'INTEGER'),
        col('effective_date', 'DATE'),
        col('amount', 'DECIMAL(12,2)'),
      ],
      6,
      {
        primaryKey: ['policy_amount_id'],
        foreignKeys: declared ? [fk(['policy_id'], 'policy')] : [],
      },
    ),
    table('premium', [col('policy_amount_id', 'INTEGER')], 4, {
      primaryKey: ['policy_amount_id'],
      foreignKeys: declared ? [fk(['policy_amount_id'], 'policy_amount')] : [],
    }),
  ],
});
export const MARKERS = markerTables(true);

describe('subtype marker tables (issue 29 shape 4)', () => {
  for (const declared of [true, false]) {
    const model = generateModel(markerTables(declared), 'policies');
    it(`filters the parent's amounts by the marker (${declared ? 'declared' : 'inferred'} keys)`, () => {
      expect(aggregate(model, 'premium.amount.sum')).toMatchObject({
        label: 'Premium Amount',
        table: 'policy_amount',
        agg: 'sum',
        expr: { table: 'policy_amount', col: 'amount' },
        exists: { table: 'premium', columns: ['policy_amount_id'], refColumns: ['policy_amount_id'] },
        time: 'policy_amount.effective_date',
      });
      expect(aggregate(model, 'premium.amount.avg').label).toBe('Average Premium Amount');
      for (const phrase of ['total premium', 'premiums', 'premium amount', 'premiums by year'])
        expect(query(model, phrase).measures, phrase).toEqual(['premium.amount.sum']);
      expect(query(model, 'number of premiums').measures).toEqual(['premium.count']);
      expect(query(model, 'total amount').measures).toEqual(['policy_amount.amount.sum']);
    });
  }

  it('compiles the marker to an EXISTS condition on the measure', () => {
    const model = generateModel(MARKERS, 'policies');
    expect(sqlOf(model, 'total premium')).toContain(
      'SUM(CASE WHEN EXISTS (SELECT 1 FROM "premium" AS "_x" WHERE "_x"."policy_amount_id" = "policy_amount"."policy_amount_id") THEN "policy_amount"."amount" END)',
    );
  });
});
