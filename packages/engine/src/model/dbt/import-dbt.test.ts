import { describe, expect, it } from 'vitest';
import { generateModel } from '../introspect/generate-model';
import { col, table } from '../introspect/introspection.testkit';
import type { TIntrospection } from '../introspection';
import { DbtImportError, importDbt } from './import-dbt';

// A shop whose orders name their buyer by a column no naming rule joins to customers.
const SCHEMA: TIntrospection = {
  tables: [
    table(
      'orders',
      [
        col('id', 'integer'),
        col('buyer', 'integer'),
        col('status', 'text', ['open', 'paid', 'refunded']),
        col('channel', 'text', ['web', 'shop'], 9),
        col('amount', 'numeric(10,2)'),
        col('discount', 'numeric(10,2)'),
        col('is_gift', 'boolean'),
        col('created_at', 'timestamp'),
        col('paid_on', 'date'),
        col('note', 'text'),
      ],
      1000,
      { primaryKey: ['id'] },
    ),
    table(
      'customers',
      [col('id', 'integer'), col('country', 'text', ['DE', 'FR']), col('signup', 'date')],
      100,
      { primaryKey: ['id'] },
    ),
  ],
};
const BASE = generateModel(SCHEMA, 'shop');

const SEMANTIC = `
semantic_models:
  - name: orders_sm
    label: Sales orders
    model: ref('orders')
    defaults:
      agg_time_dimension: ordered_at
    entities:
      - { name: order, type: primary, expr: id }
      - { name: customer, type: foreign, expr: buyer }
      - { name: shop, type: foreign }
    dimensions:
      - { name: ordered_at, type: time, expr: created_at, type_params: { time_granularity: day } }
      - { name: note_time, type: time, expr: note }
      - { name: status, type: categorical, label: Order status, description: Where the order is }
      - { name: note, type: categorical }
      - { name: channel, type: categorical }
      - { name: upper_status, type: categorical, expr: "upper(status)" }
    measures:
      - { name: revenue, agg: sum, expr: amount, create_metric: true, label: Revenue, description: Money in }
      - { name: net, agg: sum, expr: "amount - (discount * 2)" }
      - { name: avg_amount, agg: average, expr: amount, agg_time_dimension: paid }
      - { name: gifts, agg: sum_boolean, expr: is_gift }
      - { name: bad_flag, agg: sum_boolean, expr: status }
      - { name: order_rows, agg: sum, expr: 1 }
      - { name: p90, agg: percentile, expr: amount, agg_params: { percentile: 0.9 } }
      - { name: cased, agg: sum, expr: "case when status = 'paid' then amount end" }
      - { name: balance, agg: max, expr: amount, non_additive_dimension: { name: ordered_at } }
  - name: customers_sm
    model: ref('customers')
    entities:
      - { name: customer, type: primary, expr: id }
    dimensions:
      - { name: country, type: categorical }
    measures:
      - { name: customer_count, agg: count_distinct, expr: id }
  - name: gone
    model: ref('returns')
    entities: [{ name: return, type: primary }]
    dimensions: [{ name: reason, type: categorical }]
    measures: [{ name: returned, agg: sum }]
`;

const run = (metrics: string) =>
  importDbt(
    [
      { name: 'models/sm.yml', content: SEMANTIC },
      { name: 'models/metrics.yml', content: metrics },
    ],
    BASE,
    SCHEMA,
  );
const reasonOf = (result: ReturnType<typeof run>, name: string) =>
  result.unmapped.find((u) => u.name === name)?.reason ?? 'mapped';

describe('importDbt: semantic models', () => {
  const result = run('metrics: []');
  const measure = (name: string) => result.overlay.measures.find((m) => m.name === name);

  it('lists a semantic model whose table is missing, and every item of it, as unmapped', () => {
    const part = "semantic model `gone` is not mapped: its model's table `returns` is not in the source";
    expect(
      result.unmapped.filter((u) => ['gone', 'gone.return', 'gone.reason', 'returned'].includes(u.name)),
    ).toEqual([
      { kind: 'semantic_model', name: 'gone', reason: "its model's table `returns` is not in the source" },
      { kind: 'entity', name: 'gone.return', reason: part },
      { kind: 'dimension', name: 'gone.reason', reason: part },
      { kind: 'measure', name: 'returned', reason: part },
    ]);
  });

  it('joins a foreign entity to the semantic model whose primary entity it names', () => {
    expect(BASE.joins.some((j) => j.from === 'orders' && j.to === 'customers')).toBe(false);
    expect(result.overlay.joins.add).toEqual([
      { from: 'orders', fromColumns: ['buyer'], to: 'customers', toColumns: ['id'] },
    ]);
    expect(reasonOf(result, 'orders_sm.customer')).toBe('mapped');
    expect(reasonOf(result, 'orders_sm.shop')).toBe('column `shop` is not in table `orders`');
    expect(result.overlay.tables).toEqual({ orders: { label: 'Sales orders' } });
  });

  it('edits the base dimension on a column, adds one where the base has none, and reads no SQL', () => {
    expect(result.overlay.fields['orders.status']).toEqual({
      label: 'Order status',
      description: 'Where the order is',
    });
    expect(result.overlay.dimensions).toContainEqual({
      table: 'orders',
      column: 'note',
      name: 'orders.note',
      label: 'Note',
      synonyms: [],
    });
    expect(reasonOf(result, 'orders_sm.upper_status')).toBe('expr `upper(status)` is SQL Parley cannot read');
    expect(reasonOf(result, 'orders_sm.ordered_at')).toBe('mapped');
    expect(reasonOf(result, 'orders_sm.note_time')).toBe('column `note` is not a date or timestamp');
  });

  it('maps aggregations, arithmetic and the time dimension, and lists what Parley cannot hold', () => {
    expect(measure('revenue')).toMatchObject({
      agg: 'sum',
      expr: { column: 'amount' },
      label: 'Revenue',
      description: 'Money in',
      time: 'orders.created_at',
    });
    expect(result.overlay.fields.revenue).toBeUndefined();
    // Shown, it replaces the introspected sum of the same column.
    expect(result.overlay.fields['orders.amount.sum']).toEqual({ hidden: true });
    expect(result.overlay.fields['orders.amount.avg']).toBeUndefined();
    expect(measure('net')).toMatchObject({
      expr: {
        op: '-',
        left: { column: 'amount' },
        right: { op: '*', left: { column: 'discount' }, right: { num: 2 } },
      },
    });
    expect(result.overlay.fields.net).toEqual({ hidden: true });
    expect(measure('gifts')).toMatchObject({
      agg: 'count',
      where: [{ table: 'orders', column: 'is_gift', values: ['true'] }],
    });
    expect(measure('gifts')).not.toHaveProperty('expr');
    expect(measure('order_rows')).toMatchObject({ agg: 'count', where: [] });
    expect(measure('customer_count')).toMatchObject({
      table: 'customers',
      agg: 'count_distinct',
      expr: { column: 'id' },
    });
    expect(reasonOf(result, 'avg_amount')).toBe(
      'agg_time_dimension `paid` is not a time dimension Parley maps',
    );
    expect(reasonOf(result, 'bad_flag')).toBe('sum_boolean needs a yes/no column; `status` is not one');
    expect(reasonOf(result, 'p90')).toBe('Parley has no percentile aggregation');
    expect(reasonOf(result, 'cased')).toBe(
      "expr `case when status = 'paid' then amount end` is SQL Parley cannot read",
    );
    expect(reasonOf(result, 'balance')).toMatch(/^non_additive_dimension/);
  });

  it('names the file and line of a YAML error', () => {
    const broken = 'metrics:\n  - name: a\n    type: simple\n   label: bad indent\n';
    expect(() => run(broken)).toThrow(/^models\/metrics\.yml, line 4: /);
    expect(() => run('metrics:\n  - type: simple\n')).toThrow(
      'models/metrics.yml, line 2: a metric needs a name',
    );
    expect(() => run(broken)).toThrow(DbtImportError);
    expect(() => importDbt([{ name: 'dbt_project.yml', content: 'name: shop\n' }], BASE, SCHEMA)).toThrow(
      /no `semantic_models:` or `metrics:`/,
    );
  });
});

describe('importDbt: metrics', () => {
  const metric = (yaml: string) => {
    const result = run(`metrics:\n${yaml}`);
    return {
      result,
      reason: (name: string) => reasonOf(result, name),
      measure: (name: string) => result.overlay.measures.find((m) => m.name === name),
    };
  };

  it('reads Jinja Dimension and Entity filters with =, in and != as where values', () => {
    const { measure, reason } = metric(`
  - name: paid_revenue
    type: simple
    type_params: { measure: revenue }
    filter: "{{ Dimension('order__status') }} = 'paid' and {{ Dimension('customer__country') }} in ('DE', 'FR')"
  - name: unrefunded
    type: simple
    filter: "{{ Dimension('order__status') }} != 'refunded'"
    type_params: { measure: { name: revenue, filter: "{{ Entity('customer') }} = 7" } }
  - name: not_web
    type: simple
    type_params: { measure: revenue }
    filter: "{{ Dimension('order__channel') }} <> 'web'"
`);
    expect(measure('paid_revenue')).toMatchObject({
      table: 'orders',
      agg: 'sum',
      expr: { column: 'amount' },
      synonyms: ['paid revenue'],
      where: [
        { table: 'orders', column: 'status', values: ['paid'] },
        { table: 'customers', column: 'country', values: ['DE', 'FR'] },
      ],
    });
    expect(measure('unrefunded')?.kind === 'aggregate' && measure('unrefunded')).toMatchObject({
      where: [
        { table: 'orders', column: 'status', values: ['open', 'paid'] },
        { table: 'orders', column: 'buyer', values: ['7'] },
      ],
    });
    // Only a sample of channels is known, so "every other value" cannot be listed.
    expect(reason('not_web')).toMatch(/does not know every value of `orders.channel`/);
  });

  it('lists filters it cannot read with the reason', () => {
    const { reason } = metric(`
  - { name: a, type: simple, type_params: { measure: revenue }, filter: "{{ Dimension('order__amount') }} > 5" }
  - { name: b, type: simple, type_params: { measure: revenue }, filter: "{{ TimeDimension('order__ordered_at', 'month') }} = '2024-01-01'" }
  - { name: c, type: simple, type_params: { measure: revenue }, filter: "{{ Dimension('order__colour') }} = 'red'" }
  - { name: d, type: simple, type_params: { measure: returned } }
`);
    expect(reason('a')).toBe("filter `{{ Dimension('order__amount') }} > 5` is SQL Parley cannot read");
    expect(reason('b')).toMatch(/^filter `.*`: `TimeDimension\('order__ordered_at'\)` with a grain or path/);
    expect(reason('c')).toMatch(/dimension `order__colour` is not one Parley maps$/);
    expect(reason('d')).toBe('its measure `returned` is not mapped');
  });

  it('maps a ratio with a filtered numerator to a hidden part, and a derived metric of one operation', () => {
    const { measure, reason, result } = metric(`
  - name: refund_share
    label: Refund share
    type: ratio
    type_params:
      numerator: { name: revenue, filter: "{{ Dimension('order__status') }} = 'refunded'" }
      denominator: revenue
  - name: net_of_gifts
    type: derived
    type_params:
      expr: rev - g
      metrics: [{ name: revenue, alias: rev }, { name: gifts, alias: g }]
  - { name: gifts, type: simple, type_params: { measure: gifts } }
  - { name: two_ops, type: derived, type_params: { expr: "revenue - gifts * 2", metrics: [revenue, gifts] } }
  - { name: growth, type: derived, type_params: { expr: revenue - revenue_prev, metrics: [revenue, { name: revenue, alias: revenue_prev, offset_window: 1 month }] } }
  - { name: running, type: cumulative, type_params: { measure: revenue, window: 7 days } }
  - { name: convert, type: conversion, type_params: { conversion_type_params: { entity: customer } } }
`);
    expect(measure('refund_share')).toMatchObject({
      kind: 'metric',
      op: '/',
      left: 'refund_share_numerator',
      right: 'revenue',
      label: 'Refund share',
    });
    expect(measure('refund_share_numerator')).toMatchObject({
      where: [{ table: 'orders', column: 'status', values: ['refunded'] }],
      expr: { column: 'amount' },
    });
    expect(result.overlay.fields.refund_share_numerator).toEqual({ hidden: true });
    expect(measure('net_of_gifts')).toMatchObject({
      kind: 'metric',
      op: '-',
      left: 'revenue',
      right: 'gifts',
    });
    // The simple metric `gifts` is its measure offered by name: shown, not hidden.
    expect(result.overlay.fields.gifts).toBeUndefined();
    expect(reason('two_ops')).toBe('expr `revenue - gifts * 2` is not one operation of two metrics');
    expect(reason('growth')).toBe('`revenue` is read over an offset window, which is not supported');
    expect(reason('running')).toBe('cumulative metrics (a running total over a window) are not supported');
    expect(reason('convert')).toBe(
      'conversion metrics (a funnel from one event to another) are not supported',
    );
  });

  it('keeps a measure under another name when a different metric takes its name', () => {
    const { measure } = metric(`
  - { name: net, type: simple, type_params: { measure: { name: net, filter: "status = 'paid'" } } }
`);
    expect(measure('net')).toMatchObject({
      where: [{ table: 'orders', column: 'status', values: ['paid'] }],
    });
    expect(measure('net_measure')).toMatchObject({ where: [], expr: { op: '-' } });
  });
});
