/**
 * Imports a dbt project's MetricFlow semantic models and metrics as a model overlay (issue 30):
 * what Parley can hold is mapped, the rest listed with the reason, nothing dropped silently.
 */
import type { TModelOverlay } from '@parley/contract';
import type { TIntrospection } from '../introspection';
import type { TSemanticModel } from '../semantic-model';
import { createContext, type TDbtItem, type TDbtUnmapped } from './dbt-context';
import { mapMetrics } from './dbt-metrics';
import { readDbtProject } from './dbt-project';
import { mapSemanticModels } from './dbt-semantic-models';

export type { TDbtItem, TDbtItemKind, TDbtUnmapped } from './dbt-context';

export interface TDbtImport {
  overlay: TModelOverlay;
  mapped: TDbtItem[];
  unmapped: TDbtUnmapped[];
}

/**
 * Maps the files' semantic models (tables are the dbt models, by `ref()`) and metrics onto an
 * overlay of `base`. Entities and dimensions are named `semantic_model.name` (they repeat across
 * semantic models); measures and metrics by their project-wide names. A YAML error throws,
 * naming the file and line.
 */
export function importDbt(
  files: { name: string; content: string }[],
  base: TSemanticModel,
  schema: TIntrospection,
): TDbtImport {
  const ctx = createContext(base, schema, readDbtProject(files));
  mapSemanticModels(ctx);
  mapMetrics(ctx);
  return { overlay: ctx.overlay, mapped: ctx.mapped, unmapped: ctx.unmapped };
}
