/**
 * The jaffle shop MetricFlow project (the shared `jaffle-shop-metricflow` dataset) for the dbt
 * import's tests: its YAML files, and its postgres/schema.sql marts as PostgreSQL reports them
 * (CREATE TABLE AS: no declared keys; sums are bigint). Tests only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { col, table } from '../introspect/introspection.testkit';
import type { TIntrospection } from '../introspection';

/** The two marts of postgres/schema.sql + data.sql, as the PostgreSQL connector introspects them. */
export const JAFFLE_SCHEMA: TIntrospection = {
  tables: [
    table(
      'customers',
      [
        col('customer_id', 'integer'),
        col('first_name', 'text'),
        col('last_name', 'text'),
        col('first_order', 'date'),
        col('most_recent_order', 'date'),
        col('number_of_orders', 'bigint'),
        col('customer_lifetime_value', 'bigint'),
      ],
      100,
    ),
    table(
      'orders',
      [
        col('order_id', 'integer'),
        col('customer_id', 'integer'),
        col('order_date', 'date'),
        col('status', 'text', ['completed', 'placed', 'return_pending', 'returned', 'shipped']),
        col('credit_card_amount', 'bigint'),
        col('coupon_amount', 'bigint'),
        col('bank_transfer_amount', 'bigint'),
        col('gift_card_amount', 'bigint'),
        col('amount', 'bigint'),
      ],
      99,
    ),
  ],
};

/** The project's YAML files as an upload would send them. */
export function jaffleFiles(root: string): { name: string; content: string }[] {
  const dir = join(root, 'jaffle-shop-metricflow');
  return ['dbt_project.yml', 'models/schema.yml'].map((name) => ({
    name,
    content: readFileSync(join(dir, name), 'utf8'),
  }));
}
