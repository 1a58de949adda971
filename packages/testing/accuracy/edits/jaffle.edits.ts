/**
 * The dbt jaffle shop: first the project's MetricFlow YAML imported as it is (one dbt import), then
 * the hand edits the import leaves to the owner, counted apart.
 */
import type { TSetEdits } from './set-edits';

/** The dbt project (a shared dataset) and its file of semantic models and metrics. */
export const JAFFLE_DBT_PROJECT = { dataset: 'jaffle-shop-metricflow', files: ['models/schema.yml'] };

/** The misses the import alone fixes (the hand edits below fix the rest of `fixes`). */
export const JAFFLE_FIXED_BY_IMPORT: string[] = [];

export const JAFFLE_EDITS: TSetEdits = {
  overlay: {
    fields: {
      // Keeps "average order value" answered: the import put its `amount` in place of the introspected Amount, so
      // "average" no longer finds the column's average by itself; the owner names it.
      'orders.amount.avg': { synonyms: ['average order value', 'average amount', 'aov'] },
      // Fixes "which customers spent less last month than the month before": what customers spend is the order
      // amount (the project's `amount`, which the import put in place of the introspected Amount).
      amount: {
        synonyms: [
          'Order Amount',
          'total amount',
          'sum of amount',
          'total order amount',
          'sum of order amount',
          'order amount',
          'revenue',
          'total revenue',
          'sales',
          'total sales',
          'total',
          'value',
          'total value',
          'income',
          'total income',
          'turnover',
          'total turnover',
          'spent',
          'spend',
          'spending',
        ],
      },
    },
    measures: [
      {
        // Fixes "new customers last month": a customer who ordered is new in the month of the first order.
        kind: 'aggregate',
        name: 'new_customers',
        label: 'New Customers',
        synonyms: ['new customer', 'first-time customers', 'first time customers'],
        table: 'customers',
        agg: 'count',
        exists: { table: 'orders', columns: ['customer_id'], refColumns: ['customer_id'] },
        time: 'customers.first_order',
      },
      {
        // Fixes "revenue per customer": the shop divides revenue by the customers who ordered.
        kind: 'metric',
        name: 'revenue_per_customer',
        label: 'Revenue per Customer',
        synonyms: ['revenue per customer', 'sales per customer', 'amount per customer'],
        format: 'currency',
        op: '/',
        left: 'amount',
        right: 'orders.customer_id.count_distinct',
      },
    ],
  },
  fixes: [
    'new customers last month',
    'revenue per customer',
    'which customers spent less last month than the month before',
  ],
  unfixable: {
    'new customers by month':
      "New Customers reads it right, but the month grouping keeps a row for customers with no first order (NULL month, 0): a measure's filter is applied inside the count, so no edit drops that bucket",
    'returning customers last month':
      "a returning customer ordered in the period and first ordered before it: a filter against the asked period's own start, which no value filter or defined measure can say",
  },
};
