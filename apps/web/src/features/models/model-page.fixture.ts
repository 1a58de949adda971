import type { TModelVersions, TModelView, TVerifiedQuestion } from '@parley/contract';

/** A small model view of a PostgreSQL source, as GET …/model answers it (tests only). */
export const VIEW: TModelView = {
  version: 3,
  measures: [
    {
      name: 'revenue',
      label: 'Turnover',
      synonyms: [],
      format: 'currency',
      kind: 'sum',
      table: 'orders',
      edited: true,
    },
    {
      name: 'order_count',
      label: 'Orders',
      synonyms: ['orders'],
      format: 'number',
      kind: 'count',
      table: 'orders',
    },
  ],
  dimensions: [
    { name: 'status', label: 'Status', synonyms: [], values: ['paid', 'refunded'], table: 'orders' },
    {
      name: 'role',
      label: 'Role',
      synonyms: [],
      values: ['AG', 'MG'],
      valueLabels: { AG: 'Agent' },
      table: 'customers',
    },
  ],
  timeDimensions: [{ name: 'ordered_at', label: 'Order date', table: 'orders' }],
  tables: [
    {
      name: 'orders',
      label: 'Orders',
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'customer_id', type: 'integer' },
        { name: 'amount', type: 'numeric', samples: ['12.50', '40.00'] },
        { name: 'status', type: 'text', samples: ['paid', 'refunded'] },
        { name: 'ordered_at', type: 'timestamp' },
      ],
    },
    {
      name: 'customers',
      label: 'Customers',
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'role', type: 'text', samples: ['AG', 'MG'] },
      ],
    },
  ],
  joins: [{ from: 'orders', to: 'customers', fromColumns: ['customer_id'], toColumns: ['id'] }],
  overlay: {
    tables: {},
    fields: { revenue: { label: 'Turnover' } },
    measures: [],
    dimensions: [],
    values: [],
    joins: { add: [], remove: [] },
  },
  disabled: [{ path: 'fields.discount', reason: 'column orders.discount is gone' }],
};

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

export const VERSIONS: TModelVersions = [
  {
    version: 3,
    author: 'Ada',
    created_at: minutesAgo(2),
    summary: 'Renamed revenue',
    changes: ['~ revenue label Turnover'],
  },
  {
    version: 2,
    author: 'Ada',
    created_at: minutesAgo(60),
    summary: 'Added net revenue',
    changes: ['+ measure Net revenue'],
  },
  { version: 1, author: 'Grace', created_at: minutesAgo(600), summary: 'First edits' },
];

export const VERIFIED: TVerifiedQuestion[] = [
  {
    id: 'v1',
    phrases: ['revenue last month'],
    query: { measures: ['revenue'], dimensions: [], filters: [] },
    author: 'Ada',
    created_at: minutesAgo(100),
    status: 'broken',
    checked_at: minutesAgo(5),
    reason: 'measure revenue is hidden',
  },
];
