import { EMPTY_OVERLAY } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { applyOverlay } from './apply-overlay';
import { shopModel, shopSchema } from './fixture.testkit';
import { ModelFileError, modelToYaml, overlayFromYaml } from './model-file';
import { exprText, parseExpr } from './model-file-expr';
import { EDIT_KINDS, NET_REVENUE, overlayOf } from './overlay.testkit';

const BASE = shopModel();
const SCHEMA = shopSchema();

const MORE = {
  hiddenAndTime: overlayOf({
    fields: {
      'orders.count': { hidden: true, time: 'orders.shipped_at', description: 'Orders placed' },
      'orders.status': { hidden: true, label: 'Order Status' },
      'orders.shipped_at': { label: 'Ship Date', synonyms: ['dispatch date'] },
    },
  }),
  redefined: overlayOf({
    measures: [
      {
        ...NET_REVENUE,
        name: 'orders.amount.sum',
        label: 'Paid Amount',
        where: [{ table: 'customers', column: 'country', values: ['France'] }],
      },
      {
        kind: 'aggregate',
        name: 'lead_days',
        label: 'Lead Days',
        table: 'orders',
        agg: 'avg',
        expr: { span: 'day', from: { column: 'ordered_at' }, to: { column: 'shipped_at' } },
        time: null,
      },
      {
        kind: 'metric',
        name: 'per_order',
        label: 'Per Order',
        op: '/',
        left: 'orders.amount.sum',
        right: 'orders.count',
        format: 'currency',
      },
    ],
    fields: { per_order: { currency: 'EUR', hidden: true } },
  }),
  everything: overlayOf({
    ...EDIT_KINDS.metric,
    tables: { customers: { label: 'Clients' } },
    dimensions: EDIT_KINDS.dimension.dimensions,
    values: [...EDIT_KINDS.values.values, { dimension: 'tier', value: 'A', label: 'Gold', synonyms: [] }],
    joins: { remove: [{ from: 'orders', to: 'customers' }], add: [] },
  }),
};

describe('the model file', () => {
  it('writes the whole model with readable expressions and a header', () => {
    const text = modelToYaml(BASE, EDIT_KINDS.metric, SCHEMA);
    expect(text.startsWith('# The Parley model of this data source')).toBe(true);
    expect(text).toContain('expr: amount - discount');
    expect(text).toContain('expr: days(ordered_at, shipped_at)');
    expect(text).toContain('metric: orders.discount.sum / orders.amount.sum');
    expect(text).toContain('currency: EUR');
    for (const m of BASE.measures) expect(text).toContain(`name: ${m.name}`);
  });

  it.each(Object.entries({ ...EDIT_KINDS, ...MORE }))('round-trips the %s overlay', (_, overlay) => {
    const back = overlayFromYaml(modelToYaml(BASE, overlay, SCHEMA), BASE, SCHEMA);
    expect(applyOverlay(BASE, back, SCHEMA)).toEqual(applyOverlay(BASE, overlay, SCHEMA));
  });

  it('an untouched export imports as an empty overlay', () => {
    expect(overlayFromYaml(modelToYaml(BASE, EMPTY_OVERLAY, SCHEMA), BASE, SCHEMA)).toEqual(EMPTY_OVERLAY);
  });

  it('a field left out is hidden; an edited label is a field edit', () => {
    const text = modelToYaml(BASE, EMPTY_OVERLAY, SCHEMA)
      .replace('label: Total Discount', 'label: Discounts Given')
      .replace(/ {2}- name: orders\.status\n(?: {4}.*\n)+/, '');
    expect(overlayFromYaml(text, BASE, SCHEMA).fields).toEqual({
      'orders.discount.sum': { label: 'Discounts Given' },
      'orders.status': { hidden: true },
    });
  });
});

describe('the model file’s errors name the line', () => {
  const text = modelToYaml(BASE, EDIT_KINDS.aggregate, SCHEMA);
  const lineOf = (t: string, needle: string): number => t.slice(0, t.indexOf(needle)).split('\n').length;
  const error = (t: string): ModelFileError => {
    try {
      overlayFromYaml(t, BASE, SCHEMA);
    } catch (e) {
      if (e instanceof ModelFileError) return e;
      throw e;
    }
    throw new Error('expected a ModelFileError');
  };

  it('an unknown aggregation', () => {
    const bad = text.replace(
      'agg: sum\n    expr: amount - discount',
      'agg: total\n    expr: amount - discount',
    );
    const e = error(bad);
    const index = BASE.measures.length;
    expect(e.line).toBe(lineOf(bad, 'agg: total'));
    expect(e.message).toBe(
      `line ${e.line}: measures[${index}].agg must be one of sum, avg, min, max, count, count_distinct`,
    );
  });

  it('an expression it cannot read, a field it does not know, a column the source lacks', () => {
    const expr = text.replace('expr: amount - discount', 'expr: amount - (discount');
    expect(error(expr).message).toBe(
      `line ${lineOf(expr, 'expr: amount - (')}: measures[${BASE.measures.length}].expr cannot be read: expected ")"`,
    );
    const typo = text.replace('agg: sum\n    expr: amount - discount', 'agg: sum\n    exprs: amount');
    expect(error(typo).line).toBe(lineOf(typo, 'exprs:'));
    const gone = text.replace('expr: amount - discount', 'expr: amount - rebate');
    expect(error(gone).message).toBe(
      `line ${lineOf(gone, '- name: net_revenue')}: column orders.rebate is no longer in the source`,
    );
  });

  it('broken YAML and a file of the wrong shape', () => {
    expect(error('measures:\n  - name: x\n   label: y\n').line).toBe(3);
    expect(error('- just\n- a list\n').message).toBe(
      'line 1: the file must be a map with measures, dimensions, …',
    );
    expect(error('measures: 3\n').message).toBe('line 1: measures must be a list');
  });
});

describe('expressions as text', () => {
  it.each([
    'amount - discount',
    '(amount - discount) * 1.2',
    'amount - (discount - 1)',
    'amount / (price * qty)',
    'days(ordered_at, shipped_at)',
    'hours("Start Time", "End Time") / 24',
    '-3 + amount',
  ])('%s reads back as written', (text) => {
    expect(exprText(parseExpr(text))).toBe(text);
  });

  it('keeps the order of operations', () => {
    expect(parseExpr('a - b - c')).toEqual({
      op: '-',
      left: { op: '-', left: { column: 'a' }, right: { column: 'b' } },
      right: { column: 'c' },
    });
    expect(parseExpr('a + b * c')).toMatchObject({ op: '+', right: { op: '*' } });
  });
});

describe('a measure written by hand', () => {
  const add = (text: string, measure: string): string =>
    text.replace('\ndimensions:', `\n${measure}\ndimensions:`);

  it('without a time is dated by its table’s first date; with time: null by none', () => {
    const text = modelToYaml(BASE, EMPTY_OVERLAY, SCHEMA);
    const undated = add(
      text,
      '  - name: paid\n    label: Paid\n    table: orders\n    agg: sum\n    expr: amount\n    where:\n      - column: status\n        values: [paid]',
    );
    const overlay = overlayFromYaml(undated, BASE, SCHEMA);
    expect(overlay.measures).toEqual([
      expect.objectContaining({
        name: 'paid',
        where: [{ table: 'orders', column: 'status', values: ['paid'] }],
      }),
    ]);
    expect(overlay.measures[0]).not.toHaveProperty('time');
    expect(applyOverlay(BASE, overlay, SCHEMA).model.measures.at(-1)).toMatchObject({
      time: 'orders.ordered_at',
    });
    const none = overlayFromYaml(
      add(text, '  - name: paid\n    label: Paid\n    table: orders\n    agg: count\n    time: null'),
      BASE,
      SCHEMA,
    );
    expect(none.measures[0]).toMatchObject({ agg: 'count', time: null });
  });
});
