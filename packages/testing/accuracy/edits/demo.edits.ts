/** The demo shop: the owner counts orders through their lines, so an order can be split by what it contained. */
import type { TSetEdits } from './set-edits';

export const DEMO_EDITS: TSetEdits = {
  overlay: {
    measures: [
      {
        // Fixes "number of orders by category": the same completed orders, counted from order_items, reach products.
        kind: 'aggregate',
        name: 'orders',
        label: 'Orders',
        synonyms: [
          'order count',
          'number of orders',
          'purchases',
          'transactions',
          'sales count',
          'checkouts',
          'number of purchases',
          'number of transactions',
          'order volume',
          'orders placed',
          'baskets',
        ],
        table: 'order_items',
        agg: 'count_distinct',
        expr: { column: 'order_id' },
        where: [{ table: 'orders', column: 'status', values: ['completed'] }],
        time: 'order_date',
      },
    ],
  },
  fixes: ['number of orders by category'],
  unfixable: {},
};

/** The ask-back set over the demo: both misses must ask back, which giving a word a meaning never makes happen. */
export const ASK_BACK_DEMO_EDITS: TSetEdits = {
  overlay: {},
  fixes: [],
  unfixable: {
    'paid orders last month':
      'the set wants a question back because "paid" is undefined; an owner\'s edit would define it (completed orders) and answer, not ask',
    'us revenue by month':
      'the pronoun "us" read as the country is a parser rule; the country\'s words are right for "orders from the US", so no edit makes this one ask back',
  },
};
