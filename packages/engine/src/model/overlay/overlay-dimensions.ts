/** Columns the owner makes dimensions, and the labels and other words of a dimension's values. */
import type { TOverlayDimension, TValueEdit } from '@parley/contract';
import type { TDimension } from '../semantic-model';
import {
  disable,
  ensureModelTable,
  findSchemaTable,
  missingColumns,
  type TOverlayContext,
} from './overlay-context';

/** The path of a value edit: `values.channel=AG`. */
export const valuePath = (v: Pick<TValueEdit, 'dimension' | 'value'>): string =>
  `values.${v.dimension}=${v.value}`;

export function applyDimensions(ctx: TOverlayContext, dimensions: TOverlayDimension[]): void {
  for (const d of dimensions) {
    const missing = missingColumns(ctx, d.table, [d.column]);
    if (missing) {
      disable(ctx, `dimensions.${d.name}`, missing);
      continue;
    }
    ensureModelTable(ctx, d.table);
    const column = findSchemaTable(ctx, d.table)?.columns.find((c) => c.name === d.column);
    const dimension: TDimension = {
      name: d.name,
      label: d.label,
      synonyms: [...d.synonyms],
      sources: [{ table: d.table, column: d.column }],
      values: [...(column?.values ?? [])],
    };
    const at = ctx.model.dimensions.findIndex((x) => x.name === d.name);
    if (at >= 0) ctx.model.dimensions[at] = dimension;
    else ctx.model.dimensions.push(dimension);
  }
}

/** A value's label shows on cards; the label and each synonym, said in a question, filter on the value. */
export function applyValues(ctx: TOverlayContext, values: TValueEdit[]): void {
  for (const v of values) {
    const d = ctx.model.dimensions.find((x) => x.name === v.dimension);
    if (!d) {
      disable(ctx, valuePath(v), `${v.dimension} is no longer in the model`);
      continue;
    }
    const synonyms = { ...d.valueSynonyms };
    for (const s of v.synonyms) synonyms[s] = v.value;
    if (v.label !== undefined) {
      d.valueLabels = { ...d.valueLabels, [v.value]: v.label };
      synonyms[v.label.toLowerCase()] = v.value;
    }
    if (Object.keys(synonyms).length > 0) d.valueSynonyms = synonyms;
  }
}
