/**
 * DataCo (one wide upload): the owner names the two shipping-day columns by the qualifier people say
 * ("real", "scheduled").
 */
import type { TSetEdits } from './set-edits';

const T = 'datacosupplychaindataset';

export const DATACO_EDITS: TSetEdits = {
  overlay: {
    fields: {
      // Fixes "average real vs scheduled days for shipping by shipping mode" (with the next edit): "real" alone.
      [`${T}.Days for shipping (real).avg`]: {
        synonyms: [
          'Average Order Item Days For Shipping (Real)',
          'avg days for shipping (real)',
          'mean days for shipping (real)',
          'days for shipping (real)',
          'avg order item days for shipping (real)',
          'mean order item days for shipping (real)',
          'average order item days for shipping (real)',
          'order item days for shipping (real)',
          'average days for shipping',
          'avg days for shipping',
          'mean days for shipping',
          'days for shipping',
          'average real days for shipping',
          'avg real days for shipping',
          'mean real days for shipping',
          'real days for shipping',
          'average real shipping days',
          'avg real shipping days',
          'mean real shipping days',
          'real shipping days',
          'real days',
          'real',
          'average real',
        ],
      },
      // "scheduled days for shipping": the scheduled column said with the real column's words.
      [`${T}.Days for shipment (scheduled).avg`]: {
        synonyms: [
          'Average Order Item Days For Shipment (Scheduled)',
          'avg days for shipment (scheduled)',
          'mean days for shipment (scheduled)',
          'days for shipment (scheduled)',
          'avg order item days for shipment (scheduled)',
          'mean order item days for shipment (scheduled)',
          'average order item days for shipment (scheduled)',
          'order item days for shipment (scheduled)',
          'average days for shipment',
          'avg days for shipment',
          'mean days for shipment',
          'days for shipment',
          'average scheduled days for shipment',
          'avg scheduled days for shipment',
          'mean scheduled days for shipment',
          'scheduled days for shipment',
          'average scheduled shipment days',
          'avg scheduled shipment days',
          'mean scheduled shipment days',
          'scheduled shipment days',
          'average scheduled shipping days',
          'avg scheduled shipping days',
          'mean scheduled shipping days',
          'scheduled shipping days',
          'scheduled days for shipping',
          'scheduled days',
          'scheduled',
        ],
      },
    },
  },
  fixes: ['average real vs scheduled days for shipping by shipping mode'],
  unfixable: {
    'top 2 customers by sales':
      'a customer is named by two columns (Customer Fname, Customer Lname); an overlay dimension is one column, and grouping by Customer Id would show ids, not names',
    'average time from order date to shipping date':
      'the span is named in 7 words and the matcher reads names of at most 6, so no synonym reaches it ("average time from order to shipping" would be a 5-word synonym, but it is not what was asked)',
  },
};
