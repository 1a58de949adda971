import { EMPTY_OVERLAY, type TModelOverlay, type TOverlayAggregate } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { overlayChanges } from './overlay-changes';

const overlay = (parts: Partial<TModelOverlay>): TModelOverlay => ({
  ...structuredClone(EMPTY_OVERLAY),
  ...parts,
});

const NET: TOverlayAggregate = {
  kind: 'aggregate',
  name: 'net_revenue',
  label: 'Net revenue',
  synonyms: [],
  format: 'currency',
  table: 'orders',
  agg: 'sum',
  expr: { op: '-', left: { column: 'amount' }, right: { column: 'discount' } },
  where: [],
};

describe('overlayChanges', () => {
  it('says "No changes" for equal overlays', () => {
    const same = overlay({ measures: [NET], fields: { Revenue: { label: 'Sales' } } });
    expect(overlayChanges(same, structuredClone(same))).toEqual({ summary: 'No changes', changes: [] });
  });

  it('lists a defined and a removed measure with what it computes', () => {
    const paid = { ...NET, where: [{ table: 'orders', column: 'status', values: ['paid', 'shipped'] }] };
    const added = overlayChanges(overlay({}), overlay({ measures: [paid] }));
    expect(added).toEqual({
      summary: 'Defined Net revenue',
      changes: [
        '+ measure "Net revenue" (sum of amount − discount on orders where status is one of paid, shipped)',
      ],
    });
    expect(overlayChanges(overlay({ measures: [NET] }), overlay({})).changes).toEqual([
      '− measure "Net revenue"',
    ]);
  });

  it('lists a metric and a redefinition', () => {
    const aov = {
      kind: 'metric' as const,
      name: 'aov',
      label: 'AOV',
      synonyms: [],
      format: 'number' as const,
      op: '/' as const,
      left: 'revenue',
      right: 'orders',
    };
    expect(overlayChanges(overlay({}), overlay({ measures: [aov] })).changes).toEqual([
      '+ metric "AOV" (revenue ÷ orders)',
    ]);
    const counted = { ...NET, agg: 'count' as const, expr: undefined, time: null };
    expect(overlayChanges(overlay({ measures: [NET] }), overlay({ measures: [counted] })).changes).toEqual([
      '~ measure "Net revenue": now count of rows on orders, no time',
    ]);
  });

  it('names an edited field by its base label and lists its label and synonym changes', () => {
    const before = overlay({ fields: { 'orders.amount.sum': { synonyms: ['income'] } } });
    const after = overlay({
      fields: { 'orders.amount.sum': { label: 'Sales', synonyms: ['turnover'], hidden: true } },
    });
    expect(overlayChanges(before, after, { 'orders.amount.sum': 'Revenue' })).toEqual({
      summary: 'Renamed Revenue; new words for Revenue; hid Revenue',
      changes: [
        '~ Revenue: label "Revenue" → "Sales"',
        '~ Revenue: synonyms + turnover, − income',
        '~ Revenue: hidden',
      ],
    });
  });

  it('lists joins added, removed from the introspected ones, and restored', () => {
    const join = { from: 'orders', fromColumns: ['buyer'], to: 'customers', toColumns: ['id'] };
    const before = overlay({ joins: { add: [], remove: [{ from: 'payments', to: 'orders' }] } });
    const after = overlay({ joins: { add: [join], remove: [{ from: 'orders', to: 'stores' }] } });
    expect(overlayChanges(before, after).changes).toEqual([
      '+ join orders → customers (buyer = id)',
      '− join orders → stores (found by introspection)',
      '+ join payments → orders (found by introspection, restored)',
    ]);
  });

  it('lists value labels under the dimension label, dimensions and table labels', () => {
    const after = overlay({
      values: [{ dimension: 'orders.status', value: 'AG', label: 'Agent', synonyms: [] }],
      dimensions: [
        { table: 'orders', column: 'agent', name: 'orders.agent', label: 'Agent code', synonyms: [] },
      ],
      tables: { orders: { label: 'Sales orders' } },
    });
    expect(overlayChanges(overlay({}), after).changes).toEqual([
      '+ table orders: label "Sales orders"',
      '+ dimension "Agent code" (orders.agent)',
      '~ Status value "AG": label "Agent"',
    ]);
  });

  it('keeps the summary to one line of at most 120 characters, counting the rest', () => {
    const measures = Array.from({ length: 12 }, (_, i) => ({
      ...NET,
      name: `m${i}`,
      label: `A rather long measure name ${i}`,
    }));
    const { summary, changes } = overlayChanges(overlay({}), overlay({ measures }));
    expect(changes).toHaveLength(12);
    expect(summary.length).toBeLessThanOrEqual(120);
    expect(summary).toMatch(
      /^Defined A rather long measure name 0; defined A rather long measure name 1; \d+ more changes$/,
    );
    const shown = summary.split('; ').length - 1;
    expect(summary.endsWith(`; ${12 - shown} more changes`)).toBe(true);
  });

  it('names overlay-defined fields by their own labels, in edits and in metrics', () => {
    const share = {
      kind: 'metric' as const,
      name: 'share',
      label: 'Net share',
      synonyms: [],
      format: 'number' as const,
      op: '/' as const,
      left: 'net_revenue',
      right: 'orders.amount.sum',
    };
    const after = overlay({ measures: [NET, share], fields: { net_revenue: { hidden: true } } });
    expect(
      overlayChanges(overlay({ measures: [NET] }), after, { 'orders.amount.sum': 'Revenue' }).changes,
    ).toEqual(['+ metric "Net share" (Net revenue ÷ Revenue)', '~ Net revenue: hidden']);
  });
});
