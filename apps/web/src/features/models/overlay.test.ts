import type { TModelOverlay, TOverlayAggregate } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import {
  addJoin,
  clearFieldEdit,
  emptyOverlay,
  normalizeOverlay,
  removeDimension,
  removeJoin,
  removeMeasure,
  removeValueEdit,
  restoreJoin,
  sameOverlay,
  setFieldEdit,
  setTableLabel,
  setValueEdit,
  upsertDimension,
  upsertMeasure,
} from './overlay';

const revenue: TOverlayAggregate = {
  kind: 'aggregate',
  name: 'net_revenue',
  label: 'Net revenue',
  synonyms: [],
  format: 'currency',
  currency: 'EUR',
  table: 'orders',
  agg: 'sum',
  expr: { column: 'amount' },
  where: [],
};

describe('field edits', () => {
  it('merge into the field, leaving the input untouched', () => {
    const start = emptyOverlay();
    const a = setFieldEdit(start, 'revenue', { label: 'Turnover' });
    const b = setFieldEdit(a, 'revenue', { synonyms: ['sales'], hidden: true });
    expect(b.fields.revenue).toEqual({ label: 'Turnover', synonyms: ['sales'], hidden: true });
    expect(start.fields).toEqual({});
    expect(a.fields.revenue).toEqual({ label: 'Turnover' });
  });

  it('drop keys set back to undefined or empty, and the field once nothing is left', () => {
    const a = setFieldEdit(emptyOverlay(), 'revenue', { label: 'Turnover', description: 'All sales' });
    const b = setFieldEdit(a, 'revenue', { description: '' });
    expect(b.fields.revenue).toEqual({ label: 'Turnover' });
    const c = setFieldEdit(b, 'revenue', { label: undefined });
    expect(c.fields).not.toHaveProperty('revenue');
  });

  it('keep time: null, which means "no time dimension"', () => {
    const o = setFieldEdit(emptyOverlay(), 'revenue', { time: null });
    expect(o.fields.revenue).toEqual({ time: null });
    expect(clearFieldEdit(o, 'revenue').fields).toEqual({});
  });

  it('label tables, an empty label removing it', () => {
    const o = setTableLabel(emptyOverlay(), 'ord', '  Orders ');
    expect(o.tables).toEqual({ ord: { label: 'Orders' } });
    expect(setTableLabel(o, 'ord', ' ').tables).toEqual({});
  });
});

describe('measures and dimensions', () => {
  it('add, replace by name, and remove a measure', () => {
    const a = upsertMeasure(emptyOverlay(), revenue);
    const b = upsertMeasure(a, { ...revenue, label: 'Revenue after refunds' });
    expect(b.measures).toHaveLength(1);
    expect(b.measures[0]?.label).toBe('Revenue after refunds');
    const c = upsertMeasure(b, { ...revenue, name: 'gross' });
    expect(c.measures.map((m) => m.name)).toEqual(['net_revenue', 'gross']);
    expect(removeMeasure(c, 'net_revenue').measures.map((m) => m.name)).toEqual(['gross']);
  });

  it('make a column a dimension and take it back', () => {
    const dim = { table: 'users', column: 'role', name: 'role', label: 'Role', synonyms: ['kind'] };
    const a = upsertDimension(emptyOverlay(), dim);
    expect(upsertDimension(a, { ...dim, label: 'User role' }).dimensions).toEqual([
      { ...dim, label: 'User role' },
    ]);
    expect(removeDimension(a, 'role').dimensions).toEqual([]);
  });
});

describe('value edits', () => {
  it('label a code and give it synonyms, replacing the same value’s edit', () => {
    const a = setValueEdit(emptyOverlay(), { dimension: 'role', value: 'AG', label: 'Agent', synonyms: [] });
    const b = setValueEdit(a, { dimension: 'role', value: 'AG', label: 'Agent', synonyms: [' rep ', ''] });
    expect(b.values).toEqual([{ dimension: 'role', value: 'AG', label: 'Agent', synonyms: ['rep'] }]);
    const c = setValueEdit(b, { dimension: 'role', value: 'MG', label: 'Manager', synonyms: [] });
    expect(c.values).toHaveLength(2);
    expect(removeValueEdit(c, 'role', 'AG').values.map((v) => v.value)).toEqual(['MG']);
  });

  it('go away when neither label nor synonyms are left', () => {
    const a = setValueEdit(emptyOverlay(), { dimension: 'role', value: 'AG', label: 'Agent', synonyms: [] });
    expect(setValueEdit(a, { dimension: 'role', value: 'AG', label: '  ', synonyms: [] }).values).toEqual([]);
  });
});

describe('joins', () => {
  const join = { from: 'orders', fromColumns: ['customer_id'], to: 'customers', toColumns: ['id'] };

  it('list an introspected join as removed once, and bring it back', () => {
    const a = removeJoin(emptyOverlay(), 'orders', 'customers', true);
    const b = removeJoin(a, 'orders', 'customers', true);
    expect(b.joins).toEqual({ add: [], remove: [{ from: 'orders', to: 'customers' }] });
    expect(restoreJoin(b, 'orders', 'customers').joins.remove).toEqual([]);
  });

  it('drop an added join without listing it as removed', () => {
    const a = addJoin(emptyOverlay(), join);
    expect(a.joins.add).toEqual([join]);
    expect(removeJoin(a, 'orders', 'customers', false).joins).toEqual({ add: [], remove: [] });
  });

  it('adding a join between the same tables replaces the added one and undoes its removal', () => {
    const a = addJoin(removeJoin(emptyOverlay(), 'orders', 'customers', true), join);
    const b = addJoin(a, { ...join, fromColumns: ['buyer_id'] });
    expect(b.joins.remove).toEqual([]);
    expect(b.joins.add).toEqual([{ ...join, fromColumns: ['buyer_id'] }]);
  });
});

describe('comparing overlays', () => {
  it('ignores key order and absent parts', () => {
    const a: TModelOverlay = setFieldEdit(emptyOverlay(), 'x', { label: 'X', hidden: true });
    const b = normalizeOverlay({ fields: { x: { hidden: true, label: 'X' } } });
    expect(sameOverlay(a, b)).toBe(true);
    expect(sameOverlay(undefined, emptyOverlay())).toBe(true);
  });

  it('tells a changed draft from the saved overlay', () => {
    const saved = upsertMeasure(emptyOverlay(), revenue);
    expect(sameOverlay(saved, upsertMeasure(saved, { ...revenue, agg: 'avg' }))).toBe(false);
    expect(sameOverlay(saved, setFieldEdit(saved, 'x', { hidden: false }))).toBe(false);
  });
});
