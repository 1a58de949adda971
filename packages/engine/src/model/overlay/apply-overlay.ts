/**
 * The model a source answers from: its introspected model with the owner's overlay applied
 * (DESIGN §12). Edits are keyed by table, column and field names, so they survive a
 * re-introspection; an edit the current schema cannot hold is kept in the overlay, left out of the
 * model and listed as disabled.
 */
import type { TDisabledEdit, TModelOverlay } from '@parley/contract';
import type { TIntrospection } from '../introspection';
import type { TSemanticModel } from '../semantic-model';
import type { TOverlayContext } from './overlay-context';
import { applyDimensions, applyValues } from './overlay-dimensions';
import { applyFieldEdits, applyTableLabels } from './overlay-fields';
import { applyJoins } from './overlay-joins';
import { applyMeasures } from './overlay-measures';

export interface TAppliedOverlay {
  model: TSemanticModel;
  disabled: TDisabledEdit[];
}

/**
 * Applies the overlay to a copy of the model; pure and deterministic. Order matters: joins before
 * measures (a condition may read a joined table), definitions before field and value edits (which
 * may edit what the overlay defined). `schema` null (an API source): only name edits apply.
 */
export function applyOverlay(
  model: TSemanticModel,
  overlay: TModelOverlay,
  schema: TIntrospection | null,
): TAppliedOverlay {
  const ctx: TOverlayContext = { model: structuredClone(model), schema, disabled: [] };
  applyTableLabels(ctx, overlay.tables);
  applyJoins(ctx, overlay.joins);
  applyDimensions(ctx, overlay.dimensions);
  applyMeasures(ctx, overlay.measures);
  applyFieldEdits(ctx, overlay.fields);
  applyValues(ctx, overlay.values);
  return { model: ctx.model, disabled: ctx.disabled };
}
