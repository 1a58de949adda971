/** Northwind (CSV files, no declared keys): the owner says what orders.ship_via refers to. */
import type { TSetEdits } from './set-edits';

export const NORTHWIND_EDITS: TSetEdits = {
  overlay: {
    joins: {
      // Fixes "freight by shipper in 1997" and "revenue by shipper": ship_via names no table, so no join was inferred.
      add: [{ from: 'orders', fromColumns: ['ship_via'], to: 'shippers', toColumns: ['shipper_id'] }],
    },
  },
  fixes: ['freight by shipper in 1997', 'revenue by shipper'],
  unfixable: {},
};
