/**
 * Imports a dbt project's MetricFlow semantic models and metrics as a model overlay:
 * what Parley can hold is mapped, the rest listed with the reason, nothing dropped silently.
 */
import type { TModelOverlay, TOverlayAggregate } from '@parley/contract';
import type { TIntrospection } from '../introspection';
import type { TAggregateMeasure, TSemanticModel } from '../semantic-model';
import { createContext, editField, type TDbtContext, type TDbtItem, type TDbtUnmapped } from './dbt-context';
import { mapMetrics } from './dbt-metrics';
import { readDbtProject } from './dbt-project';
import { mapSemanticModels } from './dbt-semantic-models';

export type { TDbtItem, TDbtItemKind, TDbtUnmapped } from './dbt-context';
export { DbtImportError } from './dbt-project';

export interface TDbtImport {
  overlay: TModelOverlay;
  mapped: TDbtItem[];
  unmapped: TDbtUnmapped[];
}

/**
 * Maps the files' semantic models (tables are the dbt models, by `ref()`) and metrics onto an
 * overlay of `base`. Entities and dimensions are named `semantic_model.name` (they repeat across
 * semantic models); measures and metrics by their project-wide names. Unreadable files throw a
 * DbtImportError naming the file and line (a 400 for the uploader, not a 500).
 */
export function importDbt(
  files: { name: string; content: string }[],
  base: TSemanticModel,
  schema: TIntrospection,
): TDbtImport {
  const ctx = createContext(base, schema, readDbtProject(files));
  mapSemanticModels(ctx);
  mapMetrics(ctx);
  replaceBaseTwins(ctx);
  return { overlay: ctx.overlay, mapped: ctx.mapped, unmapped: ctx.unmapped };
}

/**
 * A shown dbt measure that reads what an introspected one reads (orders' sum of amount) replaces
 * it: the introspected twin is hidden and its words move over, so a question finds one measure,
 * not two of the same name, and every word that found the old one finds the new one.
 */
function replaceBaseTwins(ctx: TDbtContext): void {
  for (const measure of ctx.overlay.measures) {
    if (measure.kind !== 'aggregate' || measure.where.length > 0 || ctx.overlay.fields[measure.name]?.hidden)
      continue;
    for (const twin of ctx.base.measures.filter((m) => m.kind === 'aggregate' && isTwin(m, measure))) {
      const words = [...measure.synonyms, ...twin.synonyms].filter((w, i, all) => all.indexOf(w) === i);
      measure.synonyms = words.slice(0, 50);
      editField(ctx, twin.name, { hidden: true });
    }
  }
}

function isTwin(base: TAggregateMeasure, measure: TOverlayAggregate): boolean {
  if (
    base.table !== measure.table ||
    base.agg !== measure.agg ||
    base.where?.length ||
    base.exists ||
    base.validity ||
    base.hidden
  )
    return false;
  if (!base.expr || !measure.expr) return !base.expr && !measure.expr;
  return 'col' in base.expr && 'column' in measure.expr && base.expr.col === measure.expr.column;
}
