/** The overlay's edits of tables and of existing fields: labels, words, formats, hiding. */
import type { TFieldEdit, TModelOverlay } from '@parley/contract';
import type { TDimension, TMeasure, TTimeDimension } from '../semantic-model';
import { disable, type TOverlayContext } from './overlay-context';

export function applyTableLabels(ctx: TOverlayContext, tables: TModelOverlay['tables']): void {
  for (const [name, edit] of Object.entries(tables)) {
    const t = ctx.model.tables.find((x) => x.name === name);
    if (!t) disable(ctx, `tables.${name}`, `table ${name} is no longer in the model`);
    else t.label = edit.label;
  }
}

/** Each edit applied to every field of that name (a measure, a dimension, a time dimension). */
export function applyFieldEdits(ctx: TOverlayContext, fields: TModelOverlay['fields']): void {
  for (const [name, edit] of Object.entries(fields)) {
    const { model } = ctx;
    const measure = model.measures.find((m) => m.name === name);
    const dimension = model.dimensions.find((d) => d.name === name);
    const time = model.timeDimensions.find((t) => t.name === name);
    if (!measure && !dimension && !time) {
      disable(ctx, `fields.${name}`, `${name} is no longer in the model`);
      continue;
    }
    if (measure) editMeasure(ctx, measure, name, edit);
    if (dimension) editCommon(dimension, edit);
    if (time) editCommon(time, edit);
  }
}

function editCommon(field: TMeasure | TDimension | TTimeDimension, edit: TFieldEdit): void {
  if (edit.label !== undefined) field.label = edit.label;
  if (edit.synonyms !== undefined) field.synonyms = [...edit.synonyms];
  if (edit.hidden !== undefined) field.hidden = edit.hidden;
}

function editMeasure(ctx: TOverlayContext, m: TMeasure, name: string, edit: TFieldEdit): void {
  editCommon(m, edit);
  if (edit.description !== undefined) m.description = edit.description;
  if (edit.format !== undefined) m.format = edit.format;
  if (edit.currency !== undefined) m.currency = edit.currency;
  if (edit.time === undefined) return;
  // A metric is dated by its parts: only an aggregate takes a time dimension of its own.
  if (m.kind !== 'aggregate')
    return void disable(ctx, `fields.${name}.time`, `${m.label} is a metric, dated by its parts`);
  if (edit.time !== null && !ctx.model.timeDimensions.some((t) => t.name === edit.time))
    return void disable(ctx, `fields.${name}.time`, `time dimension ${edit.time} is no longer in the model`);
  m.time = edit.time;
}
