/**
 * What an owner's few minutes in the model editor change on one accuracy set: the
 * overlay they would save, and for each of the set's known misses whether it fixes it or why no
 * edit can. edits.accuracy.test.ts applies the overlay and re-runs the whole set.
 */
import { type TModelOverlay, type TModelOverlayInput, ZModelOverlay } from '@parley/contract';

export interface TSetEdits {
  /** The overlay as the editor saves it: synonyms, hidden fields, defined measures, joins. */
  overlay: TModelOverlayInput;
  /** The misses (by phrase) the overlay turns into correct answers. */
  fixes: string[];
  /** The misses no model edit can fix, by phrase, with the reason (an engine limit, not vocabulary). */
  unfixable: Record<string, string>;
}

/** An overlay with an owner's later edits on top (after a dbt import): a field's edit and a measure by name replace. */
export function withEdits(base: TModelOverlay, edits: TModelOverlayInput): TModelOverlay {
  const more = ZModelOverlay.parse(edits);
  const names = new Set(more.measures.map((m) => m.name));
  return {
    tables: { ...base.tables, ...more.tables },
    fields: Object.fromEntries(
      [...new Set([...Object.keys(base.fields), ...Object.keys(more.fields)])].map((k) => [
        k,
        { ...base.fields[k], ...more.fields[k] },
      ]),
    ),
    measures: [...base.measures.filter((m) => !names.has(m.name)), ...more.measures],
    dimensions: [...base.dimensions, ...more.dimensions],
    values: [...base.values, ...more.values],
    joins: {
      add: [...base.joins.add, ...more.joins.add],
      remove: [...base.joins.remove, ...more.joins.remove],
    },
  };
}
