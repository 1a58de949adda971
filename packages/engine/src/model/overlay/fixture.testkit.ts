/**
 * A small shop schema and its introspected model for the overlay tests: orders with amounts, a
 * discount, a channel code and a status, of customers in countries. Tests only.
 */

import { generateModel } from '../introspect/generate-model';
import { col, fk, table } from '../introspect/introspection.testkit';
import type { TIntrospection } from '../introspection';
import type { TSemanticModel } from '../semantic-model';

/** The shop's schema; `without` leaves out columns (`orders.discount`) as a re-introspection would. */
export function shopSchema(without: string[] = []): TIntrospection {
  const keep = (t: string) => (c: { name: string }) => !without.includes(`${t}.${c.name}`);
  const orders = [
    col('order_id', 'BIGINT'),
    col('customer_id', 'BIGINT'),
    col('ordered_at', 'DATE'),
    col('shipped_at', 'DATE'),
    col('amount', 'DECIMAL(10,2)'),
    col('discount', 'DECIMAL(10,2)'),
    col('channel', 'VARCHAR', ['AG', 'WB', 'ST']),
    col('status', 'VARCHAR', ['paid', 'refunded', 'open']),
  ].filter(keep('orders'));
  const customers = [
    col('customer_id', 'BIGINT'),
    col('customer_name', 'VARCHAR'),
    col('country', 'VARCHAR', ['France', 'Germany']),
    col('tier', 'VARCHAR', ['A', 'B']),
  ].filter(keep('customers'));
  return {
    tables: [
      table('customers', customers, 40, { primaryKey: ['customer_id'] }),
      table('orders', orders, 900, {
        primaryKey: ['order_id'],
        foreignKeys: [fk('customer_id', 'customers')],
      }),
    ].filter((t) => !without.includes(t.name)),
  };
}

/** The model introspection gives the shop. */
export function shopModel(schema: TIntrospection = shopSchema()): TSemanticModel {
  return generateModel(schema, 'shop');
}
