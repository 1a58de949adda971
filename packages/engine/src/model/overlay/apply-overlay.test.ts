import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../compiler/compile';
import { parseQuestion } from '../../parser/parse';
import { findDimension, findMeasure, getReachableTables, type TSemanticModel } from '../semantic-model';
import { applyOverlay } from './apply-overlay';
import { shopModel, shopSchema } from './fixture.testkit';
import { EDIT_KINDS, NET_REVENUE, overlayOf, runOnShop } from './overlay.testkit';

const TODAY = '2024-06-30';
const OPTIONS = { dialect: 'duckdb' as const, today: TODAY, weekStart: 'monday' as const };
const BASE = shopModel();
const SCHEMA = shopSchema();
const apply = (name: string, schema = SCHEMA) => applyOverlay(BASE, EDIT_KINDS[name], schema);
const total = (measure: string, rest: Partial<TSemanticQuery> = {}): TSemanticQuery => ({
  measures: [measure],
  dimensions: [],
  filters: [],
  ...rest,
});

function parsed(model: TSemanticModel, phrase: string): TSemanticQuery {
  const r = parseQuestion(phrase, { model, today: TODAY, weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
}

describe('applyOverlay: each edit kind', () => {
  it('labels a table', () => {
    const { model, disabled } = apply('table');
    expect(model.tables.find((t) => t.name === 'orders')?.label).toBe('Sales Orders');
    expect(disabled).toEqual([]);
  });

  it('edits a field: label, synonyms, format, currency, hidden, description', () => {
    const { model } = apply('field');
    const revenue = findMeasure(model, 'orders.amount.sum')!;
    expect(revenue).toMatchObject({ label: 'Revenue', synonyms: ['takings'], currency: 'GBP' });
    expect(findMeasure(model, 'orders.discount.avg')).toMatchObject({
      hidden: true,
      description: 'Mean discount per order',
    });
    expect(parsed(model, 'takings by channel').measures).toEqual(['orders.amount.sum']);
  });

  it('sets and clears a measure’s time dimension, and disables a time dimension that is gone', () => {
    const overlay = overlayOf({
      fields: {
        'orders.amount.sum': { time: 'orders.shipped_at' },
        'orders.count': { time: null },
        'orders.discount.sum': { time: 'gone', label: 'Discounts' },
      },
    });
    const { model, disabled } = applyOverlay(BASE, overlay, SCHEMA);
    expect(findMeasure(model, 'orders.amount.sum')).toMatchObject({ time: 'orders.shipped_at' });
    expect(findMeasure(model, 'orders.count')).toMatchObject({ time: null });
    expect(findMeasure(model, 'orders.discount.sum')).toMatchObject({
      time: 'orders.ordered_at',
      label: 'Discounts',
    });
    expect(disabled).toEqual([
      { path: 'fields.orders.discount.sum.time', reason: 'time dimension gone is no longer in the model' },
    ]);
  });

  it('defines an aggregate measure over an expression, with a condition and the table’s time dimension', () => {
    const m = findMeasure(apply('aggregate').model, 'net_revenue');
    expect(m).toEqual({
      kind: 'aggregate',
      name: 'net_revenue',
      label: 'Net Revenue',
      synonyms: ['net sales'],
      format: 'currency',
      currency: 'EUR',
      table: 'orders',
      agg: 'sum',
      expr: {
        op: '-',
        left: { col: 'amount', table: 'orders' },
        right: { col: 'discount', table: 'orders' },
      },
      where: [{ table: 'orders', column: 'status', values: ['paid'] }],
      time: 'orders.ordered_at',
    });
  });

  it('defines ratio and difference metrics of measures, the overlay’s own included', () => {
    const { model, disabled } = apply('metric');
    expect(findMeasure(model, 'discount_share')).toMatchObject({
      kind: 'ratio',
      numerator: 'orders.discount.sum',
      denominator: 'orders.amount.sum',
    });
    expect(findMeasure(model, 'discount_share')).not.toHaveProperty('op');
    expect(findMeasure(model, 'gross_minus_net')).toMatchObject({
      kind: 'ratio',
      op: '-',
      denominator: 'net_revenue',
    });
    expect(disabled).toEqual([]);
  });

  it('makes a column a dimension with its sampled values', () => {
    const d = findDimension(apply('dimension').model, 'tier');
    expect(d).toEqual({
      name: 'tier',
      label: 'Customer Tier',
      synonyms: ['level'],
      sources: [{ table: 'customers', column: 'tier' }],
      values: ['A', 'B'],
    });
  });

  it('labels a value and gives it other words', () => {
    const d = findDimension(apply('values').model, 'orders.channel')!;
    expect(d.valueLabels).toEqual({ AG: 'Agent' });
    expect(d.valueSynonyms).toMatchObject({ agent: 'AG', broker: 'AG' });
  });

  it('removes and adds joins', () => {
    const removed = applyOverlay(
      BASE,
      overlayOf({ joins: { remove: [{ from: 'orders', to: 'customers' }] } }),
      SCHEMA,
    ).model;
    expect(getReachableTables(removed, 'orders').has('customers')).toBe(false);
    const { model, disabled } = apply('joins');
    expect(model.joins).toEqual(BASE.joins);
    expect(disabled).toEqual([]);
  });

  it('replaces an introspected measure defined again under its name, in its place', () => {
    const overlay = overlayOf({
      measures: [{ ...NET_REVENUE, name: 'orders.amount.sum', label: 'Paid Amount' }],
    });
    const { model } = applyOverlay(BASE, overlay, SCHEMA);
    expect(model.measures.map((m) => m.name)).toEqual(BASE.measures.map((m) => m.name));
    expect(findMeasure(model, 'orders.amount.sum')).toMatchObject({
      label: 'Paid Amount',
      where: [{ column: 'status' }],
    });
  });
});

describe('applyOverlay: what the schema cannot hold', () => {
  const everything = overlayOf({
    tables: { orders: { label: 'Sales Orders' }, refunds: { label: 'Refunds' } },
    fields: { 'orders.discount.sum': { label: 'Discounts' }, 'orders.amount.sum': { label: 'Revenue' } },
    measures: [
      NET_REVENUE,
      { ...NET_REVENUE, name: 'gross', label: 'Gross', expr: { column: 'amount' }, where: [] },
      { kind: 'metric', name: 'net_share', label: 'Net Share', op: '/', left: 'net_revenue', right: 'gross' },
      { kind: 'metric', name: 'gross_x2', label: 'Gross Twice', op: '+', left: 'gross', right: 'gross' },
    ],
    dimensions: [{ name: 'tier', label: 'Customer Tier', table: 'customers', column: 'tier' }],
    values: [{ dimension: 'orders.channel', value: 'AG', label: 'Agent' }],
  });

  it('a re-introspection without a column disables exactly the edits that use it', () => {
    const schema = shopSchema(['orders.discount']);
    const { model, disabled } = applyOverlay(shopModel(schema), everything, schema);
    expect(disabled).toEqual([
      { path: 'tables.refunds', reason: 'table refunds is no longer in the model' },
      { path: 'measures.net_revenue', reason: 'column orders.discount is no longer in the source' },
      { path: 'measures.net_share', reason: 'measure net_revenue is no longer in the model' },
      { path: 'fields.orders.discount.sum', reason: 'orders.discount.sum is no longer in the model' },
    ]);
    expect(findMeasure(model, 'gross')).not.toBeNull();
    expect(findMeasure(model, 'gross_x2')).toMatchObject({ op: '+' });
    expect(findMeasure(model, 'orders.amount.sum')?.label).toBe('Revenue');
    expect(findDimension(model, 'tier')).not.toBeNull();
    expect(findDimension(model, 'orders.channel')?.valueLabels).toEqual({ AG: 'Agent' });
  });

  it('a table gone disables its measures, dimensions and joins', () => {
    const schema = shopSchema(['customers']);
    const overlay = overlayOf({
      ...everything,
      joins: {
        add: [{ from: 'orders', fromColumns: ['customer_id'], to: 'customers', toColumns: ['customer_id'] }],
      },
    });
    const { disabled } = applyOverlay(shopModel(schema), overlay, schema);
    expect(disabled).toContainEqual({
      path: 'dimensions.tier',
      reason: 'table customers is no longer in the source',
    });
    expect(disabled).toContainEqual({
      path: 'joins.add.orders→customers',
      reason: 'table customers is no longer in the source',
    });
  });

  it('a condition on a table the measure does not join is disabled', () => {
    const overlay = overlayOf({
      joins: {
        remove: [
          { from: 'orders', to: 'customers' },
          { from: 'orders', to: 'products' },
        ],
      },
      measures: [{ ...NET_REVENUE, where: [{ table: 'customers', column: 'country', values: ['France'] }] }],
    });
    const { disabled } = applyOverlay(BASE, overlay, SCHEMA);
    expect(disabled).toEqual([
      { path: 'joins.remove.orders→products', reason: 'there is no join from orders to products to remove' },
      { path: 'measures.net_revenue', reason: 'orders does not join customers' },
    ]);
  });

  it('a metric made of itself is disabled', () => {
    const overlay = overlayOf({
      measures: [
        {
          kind: 'metric',
          name: 'orders.count',
          label: 'Loop',
          op: '+',
          left: 'orders.count',
          right: 'orders.amount.sum',
        },
      ],
    });
    const { model, disabled } = applyOverlay(BASE, overlay, SCHEMA);
    expect(disabled.map((d) => d.path)).toEqual(['measures.orders.count']);
    expect(findMeasure(model, 'orders.count')?.kind).toBe('aggregate');
  });

  it('without a schema (an API source) only name edits apply', () => {
    const { model, disabled } = applyOverlay(BASE, everything, null);
    expect(disabled.map((d) => d.path)).toEqual([
      'tables.refunds',
      'dimensions.tier',
      'measures.net_revenue',
      'measures.gross',
      'measures.net_share',
      'measures.gross_x2',
    ]);
    expect(findMeasure(model, 'orders.discount.sum')?.label).toBe('Discounts');
    expect(findDimension(model, 'orders.channel')?.valueLabels).toEqual({ AG: 'Agent' });
  });
});

describe('applyOverlay: the model answers with the edits', () => {
  it('a defined measure compiles to its expression and condition, and sums the paid orders net of discount', async () => {
    const model = apply('aggregate').model;
    const q = compileQuery(total('net_revenue'), model, OPTIONS);
    expect(q.sql).toBe(
      'WITH "agg" AS (SELECT SUM(CASE WHEN "orders"."status" IN ($1) THEN ("orders"."amount" - "orders"."discount") END) AS "m0" FROM "orders") SELECT COALESCE("m0", 0) AS "Net Revenue" FROM "agg"',
    );
    expect(q.params).toEqual(['paid']);
    const rows = await runOnShop(q);
    expect(rows.map((r) => Number(Object.values(r)[0]))).toEqual([135]);
  });

  it('ratio and difference metrics compile and compute after aggregation', async () => {
    const model = apply('metric').model;
    const share = compileQuery(total('discount_share'), model, OPTIONS);
    expect(share.sql).toContain('* 1.0 / NULLIF(');
    const minus = compileQuery(total('gross_minus_net'), model, OPTIONS);
    expect(minus.sql).toMatch(/\(COALESCE\("[^"]+", 0\) - COALESCE\("[^"]+", 0\)\)/);
    const [[s], [d]] = await Promise.all([runOnShop(share), runOnShop(minus)]).then((r) =>
      r.map((rows) => rows.map((row) => Number(Object.values(row)[0]))),
    );
    expect(s).toBeCloseTo(17 / 250, 6);
    expect(d).toBe(250 - 135);
  });

  it('a product metric multiplies its parts', () => {
    const overlay = overlayOf({
      measures: [
        {
          kind: 'metric',
          name: 'x',
          label: 'Orders Times Amount',
          op: '*',
          left: 'orders.count',
          right: 'orders.amount.sum',
        },
      ],
    });
    const q = compileQuery(total('x'), applyOverlay(BASE, overlay, SCHEMA).model, OPTIONS);
    expect(q.sql).toMatch(/\(COALESCE\("[^"]+", 0\) \* COALESCE\("[^"]+", 0\)\)/);
  });

  it('a value’s label and synonym filter on its code', () => {
    const model = apply('values').model;
    for (const phrase of ['revenue for agent', 'revenue for broker']) {
      const query = parsed(model, phrase);
      expect(query.filters).toEqual([{ field: 'orders.channel', op: 'in', values: ['AG'] }]);
    }
  });

  it('a hidden dimension is no word of questions, yet a saved query on it compiles', () => {
    const model = applyOverlay(
      BASE,
      overlayOf({ fields: { 'orders.status': { hidden: true } } }),
      SCHEMA,
    ).model;
    expect(parsed(BASE, 'revenue by status').dimensions).toEqual(['orders.status']);
    const hidden = parseQuestion('revenue by status', { model, today: TODAY, weekStart: 'monday' });
    expect(hidden.kind === 'query' ? hidden.query.dimensions : []).not.toContain('orders.status');
    expect(
      compileQuery(total('orders.amount.sum', { dimensions: ['orders.status'] }), model, OPTIONS).sql,
    ).toContain('"status"');
  });
});

describe('applyOverlay: purity', () => {
  const freeze = <T>(v: T): T => {
    if (v && typeof v === 'object') {
      for (const x of Object.values(v)) freeze(x);
      Object.freeze(v);
    }
    return v;
  };

  it('never changes its inputs and gives the same model each time', () => {
    const base = freeze(structuredClone(BASE));
    const before = JSON.stringify(base);
    for (const overlay of Object.values(EDIT_KINDS)) {
      const o = freeze(structuredClone(overlay));
      const first = applyOverlay(base, o, SCHEMA);
      expect(applyOverlay(base, o, SCHEMA)).toEqual(first);
    }
    expect(JSON.stringify(base)).toBe(before);
  });
});
