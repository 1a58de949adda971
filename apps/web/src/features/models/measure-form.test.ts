import { describe, expect, it } from 'vitest';
import {
  blankMeasure,
  dimensionFromColumn,
  type MeasureDraft,
  measureFromDraft,
  metricFromDraft,
  nameFromLabel,
} from './measure-form';

const draft = (patch: Partial<MeasureDraft>): MeasureDraft => ({ ...blankMeasure('orders'), ...patch });

describe('define a measure', () => {
  it('sums a column, with a currency and a named time dimension', () => {
    const r = measureFromDraft(
      draft({
        label: 'Net revenue',
        expr: { kind: 'column', column: 'amount' },
        format: 'currency',
        currency: 'EUR',
        time: 'ordered_at',
      }),
    );
    expect(r).toEqual({
      ok: true,
      value: {
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
        time: 'ordered_at',
      },
    });
  });

  it('builds column op column and days between two dates', () => {
    const op = measureFromDraft(
      draft({ label: 'Margin', expr: { kind: 'op', left: 'price', op: '-', right: 'cost' } }),
    );
    expect(op.ok && op.value.expr).toEqual({ op: '-', left: { column: 'price' }, right: { column: 'cost' } });
    const span = measureFromDraft(
      draft({
        label: 'Days to ship',
        agg: 'avg',
        expr: { kind: 'span', span: 'day', from: 'ordered_at', to: 'shipped_at' },
      }),
    );
    expect(span.ok && span.value.expr).toEqual({
      span: 'day',
      from: { column: 'ordered_at' },
      to: { column: 'shipped_at' },
    });
  });

  it('counts rows with value filters on a joined table and a related-row condition', () => {
    const r = measureFromDraft(
      draft({
        label: 'Agent orders',
        agg: 'count',
        expr: { kind: 'rows' },
        where: [{ table: 'users', column: 'role', values: ['AG'] }],
        exists: { table: 'refunds', column: 'order_id', refColumn: 'id' },
        time: null,
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).not.toHaveProperty('expr');
    expect(r.value.where).toEqual([{ table: 'users', column: 'role', values: ['AG'] }]);
    expect(r.value.exists).toEqual({ table: 'refunds', columns: ['order_id'], refColumns: ['id'] });
    expect(r.value.time).toBeNull();
  });

  it('says what is missing', () => {
    const r = measureFromDraft(
      draft({
        label: ' ',
        agg: 'sum',
        expr: { kind: 'rows' },
        where: [{ table: 'orders', column: 'status', values: [] }],
        format: 'currency',
        currency: 'eu',
      }),
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        label: 'errors.required',
        expr: 'errors.rows_count_only',
        where: 'errors.where',
        currency: 'errors.currency',
      },
    });
    expect(
      measureFromDraft(draft({ label: 'X', expr: { kind: 'op', left: 'a', op: '+', right: '' } })),
    ).toMatchObject({
      ok: false,
      errors: { expr: 'errors.column' },
    });
  });
});

describe('define a metric and a dimension', () => {
  it('makes a ratio of two measures', () => {
    const r = metricFromDraft({
      name: '',
      label: 'Refund rate',
      op: '/',
      left: 'refunds',
      right: 'orders',
      format: 'percent',
      synonyms: ['returns share'],
    });
    expect(r).toEqual({
      ok: true,
      value: {
        kind: 'metric',
        name: 'refund_rate',
        label: 'Refund rate',
        synonyms: ['returns share'],
        format: 'percent',
        op: '/',
        left: 'refunds',
        right: 'orders',
      },
    });
  });

  it('refuses a ratio of a measure to itself and a missing side', () => {
    const r = metricFromDraft({
      name: 'x',
      label: 'X',
      op: '/',
      left: 'a',
      right: 'a',
      format: 'number',
      synonyms: [],
    });
    expect(r).toEqual({ ok: false, errors: { right: 'errors.same_measure' } });
    expect(
      metricFromDraft({
        name: 'x',
        label: 'X',
        op: '+',
        left: '',
        right: 'a',
        format: 'number',
        synonyms: [],
      }),
    ).toEqual({ ok: false, errors: { left: 'errors.required' } });
  });

  it('makes a column a dimension', () => {
    expect(dimensionFromColumn('users', 'role_code', 'Role', ['kind'])).toEqual({
      ok: true,
      value: { table: 'users', column: 'role_code', name: 'role', label: 'Role', synonyms: ['kind'] },
    });
    expect(dimensionFromColumn('users', '', 'Role', [])).toMatchObject({ ok: false });
  });

  it('derives names from labels', () => {
    expect(nameFromLabel('Net revenue (EUR)')).toBe('net_revenue_eur');
    expect(nameFromLabel('Müşteri sayısı')).toBe('musteri_sayisi');
  });
});
