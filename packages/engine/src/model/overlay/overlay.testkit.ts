/**
 * Overlays for the overlay and model-file tests, each edit kind over the shop of fixture.testkit.ts,
 * and a run of a compiled query in an in-memory DuckDB holding the shop's rows. Tests only.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import {
  EMPTY_OVERLAY,
  type TModelOverlay,
  type TModelOverlayInput,
  type TOverlayAggregate,
  ZModelOverlay,
} from '@parley/contract';

/** A full overlay from the parts a test gives (defaults filled in by the contract's schema). */
export const overlayOf = (o: TModelOverlayInput = {}): TModelOverlay => ZModelOverlay.parse(o);

export const NET_REVENUE: TOverlayAggregate = {
  kind: 'aggregate',
  name: 'net_revenue',
  label: 'Net Revenue',
  synonyms: ['net sales'],
  format: 'currency',
  currency: 'EUR',
  table: 'orders',
  agg: 'sum',
  expr: { op: '-', left: { column: 'amount' }, right: { column: 'discount' } },
  where: [{ table: 'orders', column: 'status', values: ['paid'] }],
};

/** One overlay per edit kind, named for what it edits. */
export const EDIT_KINDS: Record<string, TModelOverlay> = {
  table: overlayOf({ tables: { orders: { label: 'Sales Orders' } } }),
  field: overlayOf({
    fields: {
      'orders.amount.sum': { label: 'Revenue', synonyms: ['takings'], format: 'currency', currency: 'GBP' },
      'orders.discount.avg': { hidden: true, description: 'Mean discount per order' },
    },
  }),
  aggregate: overlayOf({ measures: [NET_REVENUE] }),
  metric: overlayOf({
    measures: [
      NET_REVENUE,
      {
        kind: 'metric',
        name: 'discount_share',
        label: 'Discount Share',
        op: '/',
        left: 'orders.discount.sum',
        right: 'orders.amount.sum',
        format: 'percent',
      },
      {
        kind: 'metric',
        name: 'gross_minus_net',
        label: 'Gross Minus Net',
        op: '-',
        left: 'orders.amount.sum',
        right: 'net_revenue',
      },
    ],
  }),
  dimension: overlayOf({
    dimensions: [
      { name: 'tier', label: 'Customer Tier', table: 'customers', column: 'tier', synonyms: ['level'] },
    ],
  }),
  values: overlayOf({
    values: [{ dimension: 'orders.channel', value: 'AG', label: 'Agent', synonyms: ['broker'] }],
  }),
  joins: overlayOf({
    joins: {
      remove: [{ from: 'orders', to: 'customers' }],
      add: [{ from: 'orders', fromColumns: ['customer_id'], to: 'customers', toColumns: ['customer_id'] }],
    },
  }),
  empty: EMPTY_OVERLAY,
};

/** The shop's rows: paid, refunded and open orders of two customers. */
const ROWS = [
  'CREATE TABLE customers (customer_id BIGINT, customer_name VARCHAR, country VARCHAR, tier VARCHAR)',
  "INSERT INTO customers VALUES (1, 'Ann', 'France', 'A'), (2, 'Bob', 'Germany', 'B')",
  'CREATE TABLE orders (order_id BIGINT, customer_id BIGINT, ordered_at DATE, shipped_at DATE, amount DECIMAL(10,2), discount DECIMAL(10,2), channel VARCHAR, status VARCHAR)',
  `INSERT INTO orders VALUES
    (1, 1, DATE '2024-03-01', DATE '2024-03-03', 100, 10, 'AG', 'paid'),
    (2, 1, DATE '2024-03-05', DATE '2024-03-06', 50, 5, 'WB', 'paid'),
    (3, 2, DATE '2024-04-01', DATE '2024-04-04', 80, 0, 'AG', 'refunded'),
    (4, 2, DATE '2024-04-02', NULL, 20, 2, 'ST', 'open')`,
];

/** The compiled query's rows, run over the shop's rows in a fresh in-memory DuckDB. */
export async function runOnShop(q: {
  sql: string;
  params: (string | number)[];
}): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  try {
    for (const s of ROWS) await c.run(s);
    const reader = await c.runAndReadAll(q.sql, q.params);
    return reader.getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}
