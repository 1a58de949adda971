/**
 * importDbt on a real dbt project: the jaffle shop with MetricFlow semantic models (the shared
 * `jaffle-shop-metricflow` dataset; its README's "Known quirks": bare SQL filters, no time grains,
 * a measure on a column the model does not output). The schema is that of its postgres/schema.sql
 * marts as PostgreSQL reports them (CREATE TABLE AS: no declared keys; sums are bigint).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateModel } from '../introspect/generate-model';
import { col, table } from '../introspect/introspection.testkit';
import type { TIntrospection } from '../introspection';
import { importDbt } from './import-dbt';

const DATASETS = process.env.PARLEY_DATASETS_DIR;

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

describe.skipIf(!DATASETS)('importDbt: the jaffle shop MetricFlow project', () => {
  const run = () => importDbt(jaffleFiles(DATASETS!), generateModel(JAFFLE_SCHEMA, 'jaffle'), JAFFLE_SCHEMA);

  it('maps every semantic model, entity, dimension, measure and metric but the measure on a missing column', () => {
    const { mapped, unmapped } = run();
    expect(unmapped).toEqual([
      {
        kind: 'measure',
        name: 'total_order_amount',
        reason: 'column `total_order_amount` is not in table `customers`',
      },
    ]);
    expect(mapped.map((m) => `${m.kind} ${m.name}`)).toEqual([
      'semantic_model semantic_customers',
      'entity semantic_customers.customer',
      'dimension semantic_customers.first_order',
      'dimension semantic_customers.most_recent_order',
      'measure number_of_orders',
      'semantic_model semantic_orders',
      'entity semantic_orders.order',
      'entity semantic_orders.customer',
      'dimension semantic_orders.order_date',
      'dimension semantic_orders.status',
      'measure amount',
      'measure credit_card_amount',
      'measure coupon_amount',
      'measure bank_transfer_amount',
      'measure gift_card_amount',
      'metric returned_amount',
      'metric returned_percent',
      'metric gift_card_amount',
      'metric amount',
      'metric non_gift_card_amount',
    ]);
  });

  it('writes each metric as the YAML defines it', () => {
    const { overlay } = run();
    const measure = (name: string) => overlay.measures.find((m) => m.name === name);
    const sumOf = (column: string) => ({ table: 'orders', agg: 'sum', expr: { column } });
    expect(measure('amount')).toMatchObject({ ...sumOf('amount'), label: 'Amount', where: [] });
    expect(measure('gift_card_amount')).toMatchObject({
      ...sumOf('gift_card_amount'),
      label: 'Gift Card Amount',
    });
    // A bare SQL filter of the pre-release spec, on the orders' status dimension.
    expect(measure('returned_amount')).toMatchObject({
      ...sumOf('amount'),
      label: 'Returned Amount',
      synonyms: ['returned amount'],
      where: [{ table: 'orders', column: 'status', values: ['return_pending'] }],
    });
    // The ratio's filtered numerator reads the same rows as returned_amount, so it is that measure.
    expect(measure('returned_percent')).toEqual({
      kind: 'metric',
      name: 'returned_percent',
      label: 'Returned Percent',
      synonyms: ['returned percent'],
      format: 'number',
      op: '/',
      left: 'returned_amount',
      right: 'amount',
    });
    expect(measure('non_gift_card_amount')).toMatchObject({
      kind: 'metric',
      op: '-',
      left: 'amount',
      right: 'gift_card_amount',
    });
    // Money measures keep the base model's format of the same column.
    expect(measure('amount')?.format).toBe('currency');
  });

  it('hides the measures no metric offers, adds no join the base model has, and edits nothing else', () => {
    const { overlay } = run();
    expect(overlay.fields).toEqual({
      number_of_orders: { hidden: true },
      credit_card_amount: { hidden: true },
      coupon_amount: { hidden: true },
      bank_transfer_amount: { hidden: true },
    });
    expect(overlay.joins).toEqual({ add: [], remove: [] });
    expect(overlay.dimensions).toEqual([]);
    expect(overlay.measures.map((m) => m.name)).toEqual([
      'number_of_orders',
      'amount',
      'credit_card_amount',
      'coupon_amount',
      'bank_transfer_amount',
      'gift_card_amount',
      'returned_amount',
      'returned_percent',
      'non_gift_card_amount',
    ]);
  });
});
