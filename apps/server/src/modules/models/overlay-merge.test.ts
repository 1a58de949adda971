import { type TModelOverlayInput, ZModelOverlay } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { mergeOverlays, overlayEntries } from './overlay-merge';

const overlay = (input: TModelOverlayInput) => ZModelOverlay.parse(input);
const sum = (name: string, column: string) =>
  ({ kind: 'aggregate', name, label: name, table: 'orders', agg: 'sum', expr: { column } }) as const;

describe('mergeOverlays', () => {
  it('replaces same-named entries with the incoming ones and keeps every other edit', () => {
    const mine = overlay({
      tables: { orders: { label: 'Purchases' }, customers: { label: 'Clients' } },
      fields: { revenue: { label: 'Takings' } },
      measures: [sum('net', 'net_amount'), sum('gross', 'amount')],
      values: [{ dimension: 'status', value: 'AG', label: 'Agent' }],
      joins: { add: [{ from: 'orders', fromColumns: ['cid'], to: 'customers', toColumns: ['id'] }] },
    });
    const dbt = overlay({
      tables: { orders: { label: 'Orders' } },
      measures: [sum('net', 'net_total'), sum('tax', 'tax')],
      values: [{ dimension: 'status', value: 'AG', label: 'Agency' }],
      joins: { add: [{ from: 'orders', fromColumns: ['customer_id'], to: 'customers', toColumns: ['id'] }] },
    });
    const merged = mergeOverlays(mine, dbt);
    expect(merged.tables).toEqual({ orders: { label: 'Orders' }, customers: { label: 'Clients' } });
    expect(merged.fields).toEqual({ revenue: { label: 'Takings' } });
    expect(merged.measures.map((m) => [m.name, m.kind === 'aggregate' ? m.expr : null])).toEqual([
      ['gross', { column: 'amount' }],
      ['net', { column: 'net_total' }],
      ['tax', { column: 'tax' }],
    ]);
    expect(merged.values).toEqual([{ dimension: 'status', value: 'AG', label: 'Agency', synonyms: [] }]);
    expect(merged.joins.add).toEqual(dbt.joins.add);
    expect(overlayEntries(merged)).toBe(overlayEntries(mine) + 1);
  });

  it('counts every customisation', () => {
    expect(overlayEntries(overlay({}))).toBe(0);
    const one = overlay({ joins: { remove: [{ from: 'a', to: 'b' }] } });
    expect(overlayEntries(one)).toBe(1);
  });
});
