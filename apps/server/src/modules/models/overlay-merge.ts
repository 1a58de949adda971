import type { TModelOverlay } from '@parley/contract';

/** How many customisations an overlay holds: fewer after a save means some were removed. */
export function overlayEntries(o: TModelOverlay): number {
  return (
    Object.keys(o.tables).length +
    Object.keys(o.fields).length +
    o.measures.length +
    o.dimensions.length +
    o.values.length +
    o.joins.add.length +
    o.joins.remove.length
  );
}

/** Items of `base` whose key `incoming` has are replaced by incoming's; the rest are kept, in order. */
function replaceByKey<T>(base: T[], incoming: T[], key: (item: T) => string): T[] {
  const replaced = new Set(incoming.map(key));
  return [...base.filter((item) => !replaced.has(key(item))), ...incoming];
}

/**
 * `incoming` laid onto `base` (a dbt import onto the owner's edits): same-named entries are
 * replaced, every other edit of `base` stays.
 */
export function mergeOverlays(base: TModelOverlay, incoming: TModelOverlay): TModelOverlay {
  const pair = (j: { from: string; to: string }) => `${j.from}\u0000${j.to}`;
  return {
    tables: { ...base.tables, ...incoming.tables },
    fields: { ...base.fields, ...incoming.fields },
    measures: replaceByKey(base.measures, incoming.measures, (m) => m.name),
    dimensions: replaceByKey(base.dimensions, incoming.dimensions, (d) => d.name),
    values: replaceByKey(base.values, incoming.values, (v) => `${v.dimension}\u0000${v.value}`),
    joins: {
      add: replaceByKey(base.joins.add, incoming.joins.add, pair),
      remove: replaceByKey(base.joins.remove, incoming.joins.remove, pair),
    },
  };
}
