/** classicmodels: the owner defines "revenue per customer" and says product lines are a grouping, not a count. */
import type { TSetEdits } from './set-edits';

export const CLASSICMODELS_EDITS: TSetEdits = {
  overlay: {
    fields: {
      // Fixes "which product lines sold less than last year" (with the next edit): nobody counts product lines; the words mean the grouping…
      'productlines.count': { hidden: true },
      // …and what a line "sold" is its revenue.
      'orderdetails.revenue.sum': {
        synonyms: [
          'Orderdetail Revenue',
          'sales',
          'total revenue',
          'total sales',
          'sales amount',
          'turnover',
          'income',
          'orderdetail value',
          'gross sales',
          'net sales',
          'amount',
          'total amount',
          'value',
          'total value',
          'sold',
        ],
      },
    },
    measures: [
      {
        // Fixes "revenue per customer": the shop's KPI divides revenue by every customer on the books.
        kind: 'metric',
        name: 'revenue_per_customer',
        label: 'Revenue per Customer',
        synonyms: ['revenue per customer', 'sales per customer'],
        format: 'currency',
        op: '/',
        left: 'orderdetails.revenue.sum',
        right: 'customers.count',
      },
    ],
  },
  fixes: ['revenue per customer', 'which product lines sold less than last year'],
  unfixable: {
    'customers who ordered last year but not this year':
      'a list of the rows present in one period and absent from another is a query shape the engine lacks (item 13), not a word or measure the model misses',
  },
};
